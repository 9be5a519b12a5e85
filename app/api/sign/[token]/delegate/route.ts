import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { ok } from "@/lib/server/http/envelope";
import { delegateSigning } from "@/lib/server/signing/delegate-signer";

// POST /api/sign/:token/delegate – hand this turn to someone else (when the sender allows it)
export const POST = publicRoute(ops.delegateSigning, async ({ params, body, req, ip, userAgent }) =>
  ok(
    200,
    "Handed over",
    await delegateSigning(params.token, body, { ip, userAgent }, readSessionCookie(req.headers, params.token)),
  ),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
