import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { signingDocument } from "@/lib/server/signing/view-signing";
import { downloadResponse } from "@/lib/server/http/file-response";

// GET /api/sign/:token/document – the PDF to sign, or the sealed copy once COMPLETED (public, token-scoped)
export const GET = publicRoute(ops.signingDocument, async ({ params, query, req, ip, userAgent }) => {
  const doc = await signingDocument(
    params.token,
    { ip, userAgent },
    readSessionCookie(req.headers, params.token),
    query.document,
  );
  // The plain filename is ASCII (a header is bytes); filename* carries the title as written.
  return downloadResponse(doc.bytes, "application/pdf", {
    disposition: { kind: "inline", name: doc.filename },
    signerLink: true,
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
