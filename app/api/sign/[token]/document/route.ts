import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { signingDocument } from "@/lib/server/signing/view-signing";
import { contentDisposition } from "@/lib/files/file-name";

// GET /api/sign/:token/document – the PDF to sign, or the sealed copy once COMPLETED (public, token-scoped)
export const GET = publicRoute(ops.signingDocument, async ({ params, query, req, ip, userAgent }) => {
  const doc = await signingDocument(
    params.token,
    { ip, userAgent },
    readSessionCookie(req.headers, params.token),
    query.document,
  );
  return new Response(Buffer.from(doc.bytes), {
    headers: {
      "content-type": "application/pdf",
      // The plain filename is ASCII (a header is bytes); filename* carries the title as written.
      "content-disposition": contentDisposition("inline", doc.filename),
      "cache-control": "private, no-store",
      "x-robots-tag": "noindex",
    },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
