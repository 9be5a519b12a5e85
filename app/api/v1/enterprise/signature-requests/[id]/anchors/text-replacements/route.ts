import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { replaceTextAtAnchors } from "@/lib/server/anchors/stamp-at-anchor";

// POST /api/v1/enterprise/signature-requests/:id/anchors/text-replacements – fixed text drawn at anchors
export const POST = route(ops.replaceText, async ({ auth, params, body }) =>
  ok(200, "Text replaced", await replaceTextAtAnchors(auth, params.id, body.replacements, body.documentId)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
