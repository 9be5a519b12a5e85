import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { ok } from "@/lib/server/http/envelope";
import { submitSignature } from "@/lib/server/signing/submit-signature";

// POST /api/sign/:token/sign – sign: values for this signer's fields and consent (order enforced)
export const POST = publicRoute(ops.submitSignature, async ({ params, body, req, ip, userAgent }) =>
  ok(200, "Signed", await submitSignature(params.token, body, { ip, userAgent }, readSessionCookie(req.headers, params.token))),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
