import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { startVisit } from "@/lib/server/public-links/visit-link";

// POST /api/public/:slug/visits – a visitor starts: the request is made and sent, or a code is mailed first
export const POST = publicRoute(ops.startVisit, async ({ params, body, ip, userAgent }) => {
  const { status, data } = await startVisit(params.slug, body, { ip, userAgent });
  return ok(status, status === 201 ? "Request started" : "A code was mailed to you", data);
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
