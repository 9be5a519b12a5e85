import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../lib/server/db/migrations");

/**
 * A fresh store (PGlite, in memory) migrated up to, not including, the migration `tag`: the same files with the
 * journal cut before it. A test fills it with rows of that time through `q`, then `migrateRest` runs `tag` and
 * every migration after it.
 */
export async function storeBefore(tag: string) {
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-migration-"));
  try {
    fs.cpSync(MIGRATIONS, dir, { recursive: true });
    const journalFile = path.join(dir, "meta/_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { idx: number; tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag === tag);
    if (at < 1) throw new Error(`migration ${tag} is not in the journal after the first one`);
    journal.entries = journal.entries.slice(0, at);
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    await migrate(db, { migrationsFolder: dir });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const q = async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  const migrateRest = () => migrate(db, { migrationsFolder: MIGRATIONS });
  return { client, db, q, migrateRest };
}
