import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { listOutbox } from "@/lib/server/mail/outbox";

// GET /api/v1/enterprise/outbox – mail sent or written to the outbox, newest first
export const GET = route(ops.listOutbox, async ({ auth }) => ok(200, "Outbox", await listOutbox(auth)));

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
