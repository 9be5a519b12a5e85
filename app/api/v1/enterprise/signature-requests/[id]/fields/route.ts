import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { addFields } from "@/lib/server/fields/place-fields";

// POST /api/v1/enterprise/signature-requests/:id/fields – fields by coordinates: one, or { fields: [...] }
export const POST = route(ops.addFields, async ({ auth, params, body }) =>
  ok(201, "Fields added", await addFields(auth, params.id, "fields" in body ? body.fields : [body])),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
