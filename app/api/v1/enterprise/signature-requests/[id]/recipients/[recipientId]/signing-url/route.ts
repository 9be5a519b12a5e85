import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { createSigningUrl } from "@/lib/server/signing/embed-links";

// POST /api/v1/enterprise/signature-requests/:id/recipients/:recipientId/signing-url – a 5-minute, single-use URL to frame (EMBEDDED recipients)
export const POST = route(ops.createSigningUrl, async ({ auth, params }) =>
  ok(201, "Signing URL created", await createSigningUrl(auth, params.id, params.recipientId)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
