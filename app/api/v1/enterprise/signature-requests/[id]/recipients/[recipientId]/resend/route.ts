import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { resendInvitation } from "@/lib/server/recipients/recipient-actions";

// POST /api/v1/enterprise/signature-requests/:id/recipients/:recipientId/resend – mail the invitation again (audited)
export const POST = route(ops.resendInvitation, async ({ auth, params }) =>
  ok(200, "Invitation queued", await resendInvitation(auth, params.id, params.recipientId)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
