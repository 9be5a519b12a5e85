import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { addDocument } from "@/lib/server/documents/document-service";
import { REQUEST_DOCUMENTS } from "@/lib/server/requests/request-documents";

// POST /api/v1/enterprise/signature-requests/:id/documents – another PDF for a DRAFT
export const POST = route(ops.addDocument, async ({ auth, params, body }) =>
  ok(201, "Document added", await addDocument(REQUEST_DOCUMENTS, auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
