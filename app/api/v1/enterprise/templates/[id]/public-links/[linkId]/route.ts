import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { getPublicLink, revokePublicLink, updatePublicLink } from "@/lib/server/public-links/manage-links";

// GET /api/v1/enterprise/templates/:id/public-links/:linkId – one link and its counts
export const GET = route(ops.getPublicLink, async ({ auth, params }) =>
  ok(200, "Public link", await getPublicLink(auth, params.id, params.linkId)),
);

// PATCH /api/v1/enterprise/templates/:id/public-links/:linkId – its settings; pause or resume it
export const PATCH = route(ops.updatePublicLink, async ({ auth, params, body }) =>
  ok(200, "Public link updated", await updatePublicLink(auth, params.id, params.linkId, body)),
);

// DELETE /api/v1/enterprise/templates/:id/public-links/:linkId – revoked for good
export const DELETE = route(ops.revokePublicLink, async ({ auth, params }) =>
  ok(200, "Public link revoked", await revokePublicLink(auth, params.id, params.linkId)),
);

export const POST = methodNotAllowed(["GET", "PATCH", "DELETE"]);
export const PUT = POST;
