import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { sendSignerCode } from "@/lib/server/signing/signer-auth";

// POST /api/sign/:token/authentication/code – mail an EMAIL_CODE signer a new 6-digit code (rate-limited)
export const POST = publicRoute(ops.sendSignerCode, async ({ params, ip, userAgent }) =>
  ok(202, "A code is on its way", await sendSignerCode(params.token, { ip, userAgent })),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
