import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { copyOutboxSigningLink } from "@/lib/server/mail/outbox";

// POST /api/v1/enterprise/outbox/:id/signing-link – the signing link a mail carried (an admin in the dashboard; audited)
export const POST = route(ops.copyOutboxSigningLink, async ({ auth, params }) =>
  ok(200, "Signing link", await copyOutboxSigningLink(auth, params.id)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
