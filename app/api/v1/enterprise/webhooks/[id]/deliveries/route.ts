import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { listDeliveries } from "@/lib/server/webhooks/manage-webhooks";

// GET /api/v1/enterprise/webhooks/:id/deliveries – the delivery log of an endpoint
export const GET = route(ops.listWebhookDeliveries, async ({ auth, params }) =>
  ok(200, "Deliveries", await listDeliveries(auth, params.id)),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
