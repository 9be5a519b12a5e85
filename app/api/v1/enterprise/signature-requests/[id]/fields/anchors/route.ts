import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { placeFieldsFromAnchors } from "@/lib/server/anchors/anchor-fields-route";

// POST /api/v1/enterprise/signature-requests/:id/fields/anchors – fields from anchors in the PDF text layer
export const POST = route(ops.anchorFields, async ({ auth, params, body }) =>
  ok(201, "Fields created from anchors", await placeFieldsFromAnchors(auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
