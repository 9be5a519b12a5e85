import "server-only";
import { desc } from "drizzle-orm";
import { getDb } from "../db";
import { purgeRuns } from "../db/schema";
import { toPurgeRunDto } from "./dto";

/**
 * The latest runs of the sandbox purge, newest first. They span every organization (the purge is the
 * installation's): the caller shows them to admins only.
 */
export async function listPurgeRuns(limit = 20) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(purgeRuns)
    .orderBy(desc(purgeRuns.startedAt))
    .limit(Math.max(1, Math.min(100, Math.floor(limit))));
  return rows.map(toPurgeRunDto);
}
