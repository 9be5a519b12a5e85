import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { authenticationState, verifySignerCode } from "@/lib/server/signing/signer-auth";
import { isSecureRequest, readSessionCookie, sessionCookie } from "@/lib/server/signing/signer-session";

// GET /api/sign/:token/authentication – whether the link asks for a code, and what the page may show before it is given
export const GET = publicRoute(ops.signerAuthentication, async ({ params, req, ip, userAgent }) =>
  ok(
    200,
    "Authentication",
    await authenticationState(params.token, { ip, userAgent }, readSessionCookie(req.headers, params.token)),
  ),
);

// POST /api/sign/:token/authentication – give the access code or the e-mailed code; right: a signer-session cookie for this link
export const POST = publicRoute(ops.verifySignerCode, async ({ params, body, req, ip, userAgent }) => {
  const { token, data } = await verifySignerCode(params.token, body.code, { ip, userAgent });
  return ok(200, "Code accepted", data, { "set-cookie": sessionCookie(params.token, token, isSecureRequest(req)) });
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
