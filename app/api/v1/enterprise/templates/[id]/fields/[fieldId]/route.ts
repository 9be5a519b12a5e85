import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { deleteTemplateField, updateTemplateField } from "@/lib/server/templates/template-fields";

// PATCH /api/v1/enterprise/templates/:id/fields/:fieldId – change a field of a PDF template
export const PATCH = route(ops.updateTemplateField, async ({ auth, params, body }) =>
  ok(200, "Template field updated", await updateTemplateField(auth, params.id, params.fieldId, body)),
);

// DELETE /api/v1/enterprise/templates/:id/fields/:fieldId – delete a field of a PDF template
export const DELETE = route(ops.deleteTemplateField, async ({ auth, params }) =>
  ok(200, "Template field deleted", await deleteTemplateField(auth, params.id, params.fieldId)),
);

export const GET = methodNotAllowed(["PATCH", "DELETE"]);
export const POST = GET;
export const PUT = GET;
