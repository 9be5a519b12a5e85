import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { addDocument } from "@/lib/server/documents/document-service";
import { TEMPLATE_DOCUMENTS } from "@/lib/server/templates/template-documents";

// POST /api/v1/enterprise/templates/:id/documents – another PDF or DOCX for a template
export const POST = route(ops.addTemplateDocument, async ({ auth, params, body }) =>
  ok(201, "Document added", await addDocument(TEMPLATE_DOCUMENTS, auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
