import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { ok } from "@/lib/server/http/envelope";
import { declineSigning } from "@/lib/server/signing/submit-signature";

// POST /api/sign/:token/decline – decline with a reason: the request becomes DECLINED
export const POST = publicRoute(ops.declineSigning, async ({ params, body, req, ip, userAgent }) =>
  ok(
    200,
    "Declined",
    await declineSigning(params.token, body.reason, { ip, userAgent }, readSessionCookie(req.headers, params.token), body.locale),
  ),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
