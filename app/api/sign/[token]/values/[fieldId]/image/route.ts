import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { downloadResponse } from "@/lib/server/http/file-response";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { earlierValueImage } from "@/lib/server/signing/earlier-values";

// GET /api/sign/:token/values/:fieldId/image – an earlier signer's signature image, drawn on a later recipient's page (public, token-scoped)
export const GET = publicRoute(ops.earlierValueImage, async ({ params, req, ip, userAgent }) => {
  const image = await earlierValueImage(
    params.token,
    params.fieldId,
    { ip, userAgent },
    readSessionCookie(req.headers, params.token),
  );
  return downloadResponse(image.bytes, image.type, { length: true, noSniff: true, signerLink: true });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
