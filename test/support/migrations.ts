import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationTags, migrationsThrough } from "@/lib/server/db/migrations-at";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../lib/server/db/migrations");

/**
 * A fresh store (PGlite, in memory) migrated up to, not including, the migration `tag`: the same files with the
 * journal cut before it. A test fills it with rows of that time through `q`, then `migrateRest` runs `tag` and
 * every migration after it.
 */
export async function storeBefore(tag: string) {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client);
  const at = migrationTags(MIGRATIONS).indexOf(tag);
  if (at < 1) throw new Error(`migration ${tag} is not in the journal after the first one`);
  const cut = migrationsThrough(at, MIGRATIONS);
  try {
    await migrate(db, { migrationsFolder: cut.folder });
  } finally {
    cut.done();
  }
  const q = async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  const migrateRest = () => migrate(db, { migrationsFolder: MIGRATIONS });
  return { client, db, q, migrateRest };
}
