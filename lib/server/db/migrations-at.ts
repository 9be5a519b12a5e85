import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The migrations folder (drizzle-kit's SQL files and meta/_journal.json). */
export const migrationsDir = () => path.join(/*turbopackIgnore: true*/ process.cwd(), "lib/server/db/migrations");

/** Every migration's tag, in the order they run (the journal's). */
export function migrationTags(dir = migrationsDir()): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(dir, "meta/_journal.json"), "utf8")) as {
    entries: { idx: number; tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/**
 * A copy of the migrations folder whose journal stops after the first `count` migrations: a store is
 * migrated to the schema of a given time (a backup's, for its rows; an old release's, for the upgrade
 * test), then to today's with the whole folder. `done()` removes the copy.
 */
export function migrationsThrough(count: number, dir = migrationsDir()): { folder: string; done(): void } {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "signet-migrations-"));
  fs.cpSync(dir, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  if (!Number.isInteger(count) || count < 1 || count > journal.entries.length)
    throw new Error(`there are ${journal.entries.length} migrations; cannot stop after ${count}`);
  journal.entries = journal.entries.slice(0, count);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return { folder, done: () => fs.rmSync(folder, { recursive: true, force: true }) };
}
