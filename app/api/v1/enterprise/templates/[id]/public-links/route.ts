import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { createPublicLink, listPublicLinks } from "@/lib/server/public-links/manage-links";

// GET /api/v1/enterprise/templates/:id/public-links – the template's public links, newest first, with their counts
export const GET = route(ops.listPublicLinks, async ({ auth, params }) =>
  ok(200, "Public links", await listPublicLinks(auth, params.id)),
);

// POST /api/v1/enterprise/templates/:id/public-links – a link anyone may open to start a request from the template
export const POST = route(ops.createPublicLink, async ({ auth, params, body }) =>
  ok(201, "Public link created", await createPublicLink(auth, params.id, body ?? {})),
);

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
