import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { cancelRequest } from "@/lib/server/requests/cancel-request";

// POST /api/v1/enterprise/signature-requests/:id/cancel – IN_PROGRESS → CANCELLED
export const POST = route(ops.cancelRequest, async ({ auth, params, body }) =>
  ok(200, "Signature request cancelled", await cancelRequest(auth, params.id, body?.reason)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
