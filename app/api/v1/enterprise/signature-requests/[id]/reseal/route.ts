import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { resealRequest } from "@/lib/server/signing/reseal-request";

// POST /api/v1/enterprise/signature-requests/:id/reseal – queue the seal again once every signer has signed
export const POST = route(ops.resealRequest, async ({ auth, params }) =>
  ok(202, "Seal queued", await resealRequest(auth, params.id)),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
