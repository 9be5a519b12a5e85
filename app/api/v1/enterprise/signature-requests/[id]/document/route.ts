import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { getRequestDocument } from "@/lib/server/requests/get-request";
import { contentDisposition, fileNameOf } from "@/lib/files/file-name";

// GET /api/v1/enterprise/signature-requests/:id/document – the current PDF
export const GET = route(ops.getDocument, async ({ auth, params }) => {
  const doc = await getRequestDocument(auth, params.id);
  const name = `${fileNameOf(doc.title)}.pdf`;
  return new Response(Buffer.from(doc.bytes), {
    status: 200,
    headers: {
      "content-type": "application/pdf",
      "content-length": String(doc.bytes.byteLength),
      "content-disposition": contentDisposition("inline", name),
      etag: `"${doc.sha256}"`,
      "x-document-version": String(doc.version),
      "cache-control": "private, no-store",
    },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
