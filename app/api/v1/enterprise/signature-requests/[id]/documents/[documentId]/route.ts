import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { fileResponse } from "@/lib/server/http/file-response";
import { deleteDocument, readDocumentFile, updateDocument } from "@/lib/server/documents/document-service";
import { REQUEST_DOCUMENTS } from "@/lib/server/requests/request-documents";

// GET /api/v1/enterprise/signature-requests/:id/documents/:documentId – the document's current PDF
export const GET = route(ops.getRequestDocument, async ({ auth, params }) =>
  fileResponse(await readDocumentFile(REQUEST_DOCUMENTS, auth, params.id, params.documentId)),
);

// PATCH /api/v1/enterprise/signature-requests/:id/documents/:documentId – rename or move (DRAFT only)
export const PATCH = route(ops.updateDocument, async ({ auth, params, body }) =>
  ok(200, "Document updated", await updateDocument(REQUEST_DOCUMENTS, auth, params.id, params.documentId, body)),
);

// DELETE /api/v1/enterprise/signature-requests/:id/documents/:documentId – remove (DRAFT only)
export const DELETE = route(ops.deleteDocument, async ({ auth, params, query }) =>
  ok(200, "Document removed", await deleteDocument(REQUEST_DOCUMENTS, auth, params.id, params.documentId, query.removeFields)),
);

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = POST;
