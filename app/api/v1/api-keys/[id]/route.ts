import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { revokeApiKey } from "@/lib/server/api-keys/revoke-api-key";

// DELETE /api/v1/api-keys/:id – revoke a key; it answers 401 from then on
export const DELETE = route(ops.revokeApiKey, async ({ auth, params }) =>
  ok(200, "API key revoked", await revokeApiKey(auth, params.id)),
);

export const GET = methodNotAllowed(["DELETE"]);
export const POST = GET;
export const PUT = GET;
export const PATCH = GET;
