import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { addTemplateFields } from "@/lib/server/templates/template-fields";

// POST /api/v1/enterprise/templates/:id/fields – store fields by coordinates on a PDF template, each for a role
export const POST = route(ops.addTemplateFields, async ({ auth, params, body }) =>
  ok(201, "Fields stored on the template", await addTemplateFields(auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
