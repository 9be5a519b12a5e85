import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { copyRecipientSigningLink } from "@/lib/server/recipients/recipient-actions";

// POST /api/v1/enterprise/signature-requests/:id/recipients/:recipientId/signing-link – the link, for an admin or the creator (audited)
export const POST = route(ops.copyRecipientSigningLink, async ({ auth, params }) =>
  ok(200, "Signing link", await copyRecipientSigningLink(auth, params.id, params.recipientId)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
