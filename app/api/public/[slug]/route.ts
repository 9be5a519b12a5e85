import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { viewPublicLink } from "@/lib/server/public-links/visit-link";

// GET /api/public/:slug – what a public link's page shows (public: the slug is the link)
export const GET = publicRoute(ops.viewPublicLink, async ({ params, ip, userAgent }) =>
  ok(200, "Public link", await viewPublicLink(params.slug, { ip, userAgent })),
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
