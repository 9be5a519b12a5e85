import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { addTemplateAnchoredFields } from "@/lib/server/templates/add-template-anchored-fields";

// POST /api/v1/enterprise/templates/:id/fields/anchored – store fields on a PDF template at literal anchors (recipientId s1, s2, …)
export const POST = route(ops.templateAnchoredFields, async ({ auth, params, body }) =>
  ok(201, "Fields stored on the template", await addTemplateAnchoredFields(auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
