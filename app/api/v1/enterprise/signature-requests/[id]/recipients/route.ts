import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { addRecipient } from "@/lib/server/recipients/manage-recipients";

// POST /api/v1/enterprise/signature-requests/:id/recipients – add a SIGNER or CC to a DRAFT
export const POST = route(ops.addRecipient, async ({ auth, params, body }) =>
  ok(201, "Recipient added", await addRecipient(auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
