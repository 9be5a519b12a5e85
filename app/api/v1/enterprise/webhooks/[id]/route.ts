import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { deleteWebhook } from "@/lib/server/webhooks/manage-webhooks";

// DELETE /api/v1/enterprise/webhooks/:id – stop sending to an endpoint
export const DELETE = route(ops.deleteWebhook, async ({ auth, params }) =>
  ok(200, "Webhook deleted", await deleteWebhook(auth, params.id)),
);

export const GET = methodNotAllowed(["DELETE"]);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
