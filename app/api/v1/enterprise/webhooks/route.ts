import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { createWebhook, listWebhooks } from "@/lib/server/webhooks/manage-webhooks";

// POST /api/v1/enterprise/webhooks – subscribe a URL; its signing secret is in this response only
export const POST = route(ops.createWebhook, async ({ auth, body }) =>
  ok(201, "Webhook created. Store the secret now: it is shown only once", await createWebhook(auth, body)),
);

// GET /api/v1/enterprise/webhooks – the endpoints of this organization and environment
export const GET = route(ops.listWebhooks, async ({ auth }) => ok(200, "Webhooks", await listWebhooks(auth)));

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
