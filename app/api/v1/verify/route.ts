import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, publicRoute } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { limitedPerAddress } from "@/lib/server/http/limit-verify";
import { verifyDocument } from "@/lib/server/verify/verify-document";

// POST /api/v1/verify – is this PDF sealed by this service and unmodified since (public, no key; limited per client address)
export const POST = limitedPerAddress(
  publicRoute(ops.verifyDocument, async ({ body }) => ok(200, "Verified", await verifyDocument(body.file))),
);

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
