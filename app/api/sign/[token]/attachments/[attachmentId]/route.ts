import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { downloadResponse } from "@/lib/server/http/file-response";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { signingAttachment } from "@/lib/server/signing/signer-downloads";

// GET /api/sign/:token/attachments/:attachmentId – a file a signer kept, once the request is COMPLETED (public, token-scoped)
export const GET = publicRoute(ops.signingAttachment, async ({ params, req, ip, userAgent }) => {
  const f = await signingAttachment(
    params.token,
    params.attachmentId,
    { ip, userAgent },
    readSessionCookie(req.headers, params.token),
  );
  // Its content is a signer's: downloaded, never shown inside the signing page's origin.
  return downloadResponse(f.bytes, f.type, {
    disposition: { kind: "attachment", name: f.name },
    sha256: f.sha256,
    length: true,
    noSniff: true,
    signerLink: true,
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
