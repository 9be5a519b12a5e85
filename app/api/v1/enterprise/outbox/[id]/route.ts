import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { getOutboxMessage } from "@/lib/server/mail/outbox";

// GET /api/v1/enterprise/outbox/:id – one message written to the outbox, as text and HTML
export const GET = route(ops.getOutboxMessage, async ({ auth, params }) =>
  ok(200, "Message", await getOutboxMessage(auth, params.id)),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
