import "server-only";
import { sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { rowsOf } from "../db/rows";

/** The tables of the store's schema (public), by name, as the catalog has them: what a backup reads and a restore loads into. */
export async function publicTables(tx: Queryable): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await tx.execute(sql`
      select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`),
  ).map((r) => r.name);
}
