import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { ok } from "@/lib/server/http/envelope";
import { viewSigning } from "@/lib/server/signing/view-signing";

// GET /api/sign/:token – the signer's view (public, scoped by the link's token); the first view marks VIEWED
export const GET = publicRoute(ops.viewSigning, async ({ params, req, ip, userAgent }) =>
  ok(200, "Signing", await viewSigning(params.token, { ip, userAgent }, readSessionCookie(req.headers, params.token))),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
