import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { stampImageAtAnchor } from "@/lib/server/anchors/stamp-at-anchor";

// POST /api/v1/enterprise/signature-requests/:id/fields/anchored/image – stamp an image at an anchor (DRAFT only)
export const POST = route(ops.stampImageLegacy, async ({ auth, params, body }) =>
  ok(200, "Image stamped", await stampImageAtAnchor(auth, params.id, body)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
