import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { deleteRecipient, updateRecipient } from "@/lib/server/recipients/manage-recipients";

// PATCH /api/v1/enterprise/signature-requests/:id/recipients/:recipientId – change a recipient of a DRAFT
export const PATCH = route(ops.updateRecipient, async ({ auth, params, body }) =>
  ok(200, "Recipient updated", await updateRecipient(auth, params.id, params.recipientId, body)),
);

// DELETE /api/v1/enterprise/signature-requests/:id/recipients/:recipientId – remove it and its fields
export const DELETE = route(ops.deleteRecipient, async ({ auth, params }) =>
  ok(200, "Recipient removed", await deleteRecipient(auth, params.id, params.recipientId)),
);

export const GET = methodNotAllowed(["PATCH", "DELETE"]);
export const POST = GET;
export const PUT = GET;
