import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { correctRecipient } from "@/lib/server/recipients/correct-recipient";

// POST /api/v1/enterprise/signature-requests/:id/recipients/:recipientId/correct – name or e-mail set right after sending (old link 410, new one mailed)
export const POST = route(ops.correctRecipient, async ({ auth, params, body }) =>
  ok(200, "Recipient corrected", await correctRecipient(auth, params.id, params.recipientId, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
