import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { signingDocument } from "@/lib/server/signing/view-signing";

// GET /api/sign/:token/document – the PDF the signer signs (public, token-scoped)
export const GET = publicRoute(ops.signingDocument, async ({ params }) => {
  const doc = await signingDocument(params.token);
  return new Response(Buffer.from(doc.bytes), {
    headers: { "content-type": "application/pdf", "cache-control": "private, no-store", "x-robots-tag": "noindex" },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
