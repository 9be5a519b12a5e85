import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { getSendingDefaults, updateSendingDefaults } from "@/lib/server/requests/sending-defaults";

// GET /api/v1/enterprise/settings/sending – the organization's defaults for new drafts (expiry, reminders)
export const GET = route(ops.getSendingDefaults, async ({ auth }) => ok(200, "Sending defaults", await getSendingDefaults(auth)));

// PATCH /api/v1/enterprise/settings/sending – change them (a production key, or an admin in the dashboard)
export const PATCH = route(ops.updateSendingDefaults, async ({ auth, body }) =>
  ok(200, "Sending defaults changed", await updateSendingDefaults(auth, body)),
);

export const POST = methodNotAllowed(["GET", "PATCH"]);
export const PUT = POST;
export const DELETE = POST;
