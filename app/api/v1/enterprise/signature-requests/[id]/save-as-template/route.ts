import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { saveRequestAsTemplate } from "@/lib/server/templates/template-from-request";

// POST /api/v1/enterprise/signature-requests/:id/save-as-template – a PDF template from the request
export const POST = route(ops.saveAsTemplate, async ({ auth, params, body }) =>
  ok(201, "Template created", await saveRequestAsTemplate(auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
