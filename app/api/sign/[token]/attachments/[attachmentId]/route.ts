import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { contentDisposition } from "@/lib/files/file-name";
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
  return new Response(Buffer.from(f.bytes), {
    headers: {
      "content-type": f.type,
      "content-length": String(f.bytes.byteLength),
      // Its content is a signer's: downloaded, never shown inside the signing page's origin.
      "content-disposition": contentDisposition("attachment", f.name),
      etag: `"${f.sha256}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
