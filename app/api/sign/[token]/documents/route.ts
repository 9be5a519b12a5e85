import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { signingFiles } from "@/lib/server/signing/signer-downloads";

// GET /api/sign/:token/documents – what the link downloads: each document (sealed once COMPLETED) and the kept attachments
export const GET = publicRoute(ops.signingFiles, async ({ params, req, ip, userAgent }) =>
  ok(200, "Files", await signingFiles(params.token, { ip, userAgent }, readSessionCookie(req.headers, params.token))),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
