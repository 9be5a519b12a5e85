// The embedded store's template: an empty PGlite data directory with every migration applied, made at
// build time (ensureBuild) and loaded by a server's first start on an empty DATA_DIR. Making a store
// from nothing (initdb, in WebAssembly) peaks near 800 MiB in the process that does it, which a 512 MB
// container does not survive; loading a made one peaks like any later start (docs/architecture.md,
// "Memory from the first start"). Run as its own process: its peak is the build's, not the server's.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const root = path.resolve(import.meta.dirname, "..");
const migrations = path.join(root, "lib/server/db/migrations");

/** What a template was made with: a server loads it only when both match its own. */
export function templateFingerprint() {
  const pglite = JSON.parse(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version;
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, "meta/_journal.json"), "utf8"));
  return { pglite, migrations: journal.entries.map((e) => e.tag) };
}

export async function buildStoreTemplate(outDir = path.join(root, ".engine")) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-store-template-"));
  try {
    const client = await PGlite.create(path.join(dir, "pg"), { extensions: { pg_trgm } });
    await migrate(drizzle(client), { migrationsFolder: migrations });
    await client.query("checkpoint");
    const dump = await client.dumpDataDir("gzip");
    await client.close();
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, "store-template.tar.gz"), Buffer.from(await dump.arrayBuffer()));
    fs.writeFileSync(path.join(outDir, "store-template.json"), JSON.stringify(templateFingerprint()));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename) await buildStoreTemplate();
