import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { fileResponse } from "@/lib/server/http/file-response";
import { deleteDocument, readDocumentFile, updateDocument } from "@/lib/server/documents/document-service";
import { TEMPLATE_DOCUMENTS } from "@/lib/server/templates/template-documents";

// GET /api/v1/enterprise/templates/:id/documents/:documentId – the document as uploaded (PDF or DOCX)
export const GET = route(ops.getTemplateDocumentFile, async ({ auth, params }) =>
  fileResponse(await readDocumentFile(TEMPLATE_DOCUMENTS, auth, params.id, params.documentId)),
);

// PATCH /api/v1/enterprise/templates/:id/documents/:documentId – rename or move
export const PATCH = route(ops.updateTemplateDocument, async ({ auth, params, body }) =>
  ok(200, "Document updated", await updateDocument(TEMPLATE_DOCUMENTS, auth, params.id, params.documentId, body)),
);

// DELETE /api/v1/enterprise/templates/:id/documents/:documentId – remove
export const DELETE = route(ops.deleteTemplateDocument, async ({ auth, params, query }) =>
  ok(200, "Document removed", await deleteDocument(TEMPLATE_DOCUMENTS, auth, params.id, params.documentId, query.removeFields)),
);

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = POST;
