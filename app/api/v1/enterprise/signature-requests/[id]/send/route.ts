import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { sendOrAsk } from "@/lib/server/approvals/send-approvals";

// POST /api/v1/enterprise/signature-requests/:id/send – DRAFT → IN_PROGRESS and invite the first signers
// (a key whose production sends need approval: 202, waiting for a staff member).
export const POST = route(ops.sendRequest, async ({ auth, params }) => {
  const { waiting, request } = await sendOrAsk(auth, params.id);
  return waiting ? ok(202, "The send waits for a staff member's approval", request) : ok(200, "Signature request sent", request);
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
