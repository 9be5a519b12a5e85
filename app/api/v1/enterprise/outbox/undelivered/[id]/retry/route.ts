import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { retryUndeliveredMail } from "@/lib/server/mail/outbox";

// POST /api/v1/enterprise/outbox/undelivered/:id/retry – queue again a mail given up on (audited on its request)
export const POST = route(ops.retryUndeliveredMail, async ({ auth, params }) =>
  ok(200, "Mail queued again", await retryUndeliveredMail(auth, params.id)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
