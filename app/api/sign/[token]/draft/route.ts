import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { ok } from "@/lib/server/http/envelope";
import { saveSigningDraft } from "@/lib/server/signing/save-signing-draft";

// PUT /api/sign/:token/draft – save what the signer has entered so far (not a signature; only /sign signs)
export const PUT = publicRoute(ops.saveSigningDraft, async ({ params, body, req, ip, userAgent }) =>
  ok(200, "Saved", await saveSigningDraft(params.token, body, { ip, userAgent }, readSessionCookie(req.headers, params.token))),
);

export const GET = methodNotAllowed(["PUT"]);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
