import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { previewAnchors } from "@/lib/server/anchors/preview-anchors";

// POST /api/v1/enterprise/signature-requests/:id/anchors/preview – the anchors in the text layer, before sending
export const POST = route(ops.previewAnchors, async ({ auth, params, body }) =>
  ok(200, "Anchor preview", await previewAnchors(auth, params.id, body.anchors, body.documentId)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
