import { ops } from "@/lib/schemas/operations";
import { ok } from "@/lib/server/http/envelope";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { signingPageText } from "@/lib/server/signing/signing-pages";

// GET /api/sign/:token/pages/:page/text – the text over a page's image, for the signer's page (public, token-scoped)
export const GET = publicRoute(ops.signingPageText, async ({ params, query, req, ip, userAgent }) => {
  const { sha256, text } = await signingPageText(
    params.token,
    params.page,
    { ip, userAgent },
    readSessionCookie(req.headers, params.token),
    query.document,
  );
  return ok(200, "Page text", text, { "cache-control": "private, max-age=3600", etag: `"${sha256}"`, "x-robots-tag": "noindex" });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
