import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { fileResponse } from "@/lib/server/http/file-response";
import { readDocumentFile } from "@/lib/server/documents/document-service";
import { TEMPLATE_DOCUMENTS } from "@/lib/server/templates/template-documents";

// GET /api/v1/enterprise/templates/:id/document – the template's first document as uploaded (PDF or DOCX)
export const GET = route(ops.getTemplateDocument, async ({ auth, params }) =>
  fileResponse(await readDocumentFile(TEMPLATE_DOCUMENTS, auth, params.id)),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
