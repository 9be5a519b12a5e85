import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { ok } from "@/lib/server/http/envelope";
import { uploadSignerFile } from "@/lib/server/signing/signer-files";

// POST /api/sign/:token/files – attach a file to one of this signer's FILE fields (judged by its bytes)
export const POST = publicRoute(ops.uploadSignerFile, async ({ params, body, req, ip, userAgent }) =>
  ok(
    201,
    "Attached",
    await uploadSignerFile(params.token, body, { ip, userAgent }, readSessionCookie(req.headers, params.token)),
  ),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
