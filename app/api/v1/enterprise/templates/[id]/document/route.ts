import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { getTemplateDocument } from "@/lib/server/templates/template-document";
import { contentDisposition } from "@/lib/files/file-name";

// GET /api/v1/enterprise/templates/:id/document – the template's file as uploaded (PDF or DOCX)
export const GET = route(ops.getTemplateDocument, async ({ auth, params }) => {
  const doc = await getTemplateDocument(auth, params.id);
  return new Response(Buffer.from(doc.bytes), {
    status: 200,
    headers: {
      "content-type": doc.contentType,
      "content-length": String(doc.bytes.byteLength),
      "content-disposition": contentDisposition("inline", doc.filename),
      etag: `"${doc.sha256}"`,
      "cache-control": "private, no-store",
    },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
