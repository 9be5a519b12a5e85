import { ops } from "@/lib/schemas/operations";
import { methodNotAllowed, route } from "@/lib/server/http/route";
import { ok } from "@/lib/server/http/envelope";
import { createApiKey } from "@/lib/server/api-keys/create-api-key";
import { listApiKeys } from "@/lib/server/api-keys/list-api-keys";

// POST /api/v1/api-keys – create a key; the full key is in this response and never again
export const POST = route(ops.createApiKey, async ({ auth, body }) =>
  ok(201, "API key created. Store it now: it is shown only once", await createApiKey(auth, body)),
);

// GET /api/v1/api-keys – the keys this key may see (never the keys themselves)
export const GET = route(ops.listApiKeys, async ({ auth }) => ok(200, "API keys", await listApiKeys(auth)));

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
