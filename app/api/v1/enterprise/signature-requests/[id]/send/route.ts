import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { sendRequest } from "@/lib/server/requests/send-request";

// POST /api/v1/enterprise/signature-requests/:id/send – DRAFT → IN_PROGRESS and invite the first signers
export const POST = route(ops.sendRequest, async ({ auth, params }) =>
  ok(200, "Signature request sent", await sendRequest(auth, params.id)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
