import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { remindRequest } from "@/lib/server/requests/remind-request";

// POST /api/v1/enterprise/signature-requests/:id/remind – e-mail again the signers whose turn it is
export const POST = route(ops.remindRequest, async ({ auth, params }) =>
  ok(200, "Reminders queued", await remindRequest(auth, params.id)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
