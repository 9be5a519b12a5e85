import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { confirmVisit } from "@/lib/server/public-links/visit-link";

// POST /api/public/:slug/visits/:visitId/confirm – the code mailed to the visitor; right, the request is made and sent
export const POST = publicRoute(ops.confirmVisit, async ({ params, body, ip, userAgent }) =>
  ok(201, "Request started", await confirmVisit(params.slug, params.visitId, body.code, { ip, userAgent })),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
