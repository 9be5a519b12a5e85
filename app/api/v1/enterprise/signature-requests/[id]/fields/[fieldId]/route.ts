import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { deleteField, updateField } from "@/lib/server/fields/place-fields";

// PATCH /api/v1/enterprise/signature-requests/:id/fields/:fieldId – move, resize or change a field
export const PATCH = route(ops.updateField, async ({ auth, params, body }) =>
  ok(200, "Field updated", await updateField(auth, params.id, params.fieldId, body)),
);

// DELETE /api/v1/enterprise/signature-requests/:id/fields/:fieldId – remove a field
export const DELETE = route(ops.deleteField, async ({ auth, params }) =>
  ok(200, "Field removed", await deleteField(auth, params.id, params.fieldId)),
);

export const GET = methodNotAllowed(["PATCH", "DELETE"]);
export const POST = GET;
export const PUT = GET;
