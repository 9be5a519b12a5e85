import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { readSessionCookie } from "@/lib/server/signing/signer-session";
import { signingPageImage } from "@/lib/server/signing/signing-pages";

// GET /api/sign/:token/pages/:page?w= – one page of the served PDF as an image, for the signer's page (public, token-scoped)
export const GET = publicRoute(ops.signingPageImage, async ({ params, query, req, ip, userAgent }) => {
  const image = await signingPageImage(
    params.token,
    params.page,
    query.w,
    { ip, userAgent },
    readSessionCookie(req.headers, params.token),
    query.document,
  );
  return new Response(Buffer.from(image.bytes), {
    headers: {
      "content-type": image.type,
      // The same URL (its v=) shows the same page while the link lives; private: it is one signer's.
      "cache-control": "private, max-age=3600",
      etag: `"${image.sha256}"`,
      "x-content-type-options": "nosniff",
      "x-robots-tag": "noindex",
    },
  });
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
