import "server-only";
import { and, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { apiKeys } from "../db/schema";
import { notFound } from "../errors";
import { isUuid, keyScope } from "../auth/scope";
import { toApiKeyDto } from "./dto";

/** Revoking is final; a revoked key answers 401 from then on. Revoking twice changes nothing. */
export async function revokeApiKey(auth: KeyAuth, id: string) {
  if (!isUuid(id)) throw notFound("API_KEY_NOT_FOUND", "API key");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(keyScope(auth), eq(apiKeys.id, id)));
  if (!row) throw notFound("API_KEY_NOT_FOUND", "API key");
  if (row.revokedAt) return toApiKeyDto(row);
  const [updated] = await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id)).returning();
  if (!updated) throw notFound("API_KEY_NOT_FOUND", "API key");
  return toApiKeyDto(updated);
}
