import "server-only";
import { desc } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { apiKeys } from "../db/schema";
import { keyScope } from "../auth/scope";
import { toApiKeyDto } from "./dto";

export async function listApiKeys(auth: KeyAuth) {
  const db = await getDb();
  const rows = await db.select().from(apiKeys).where(keyScope(auth)).orderBy(desc(apiKeys.createdAt)).limit(1000);
  return { items: rows.map(toApiKeyDto) };
}
