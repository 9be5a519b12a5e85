// The PostgreSQL run gives every test file a database of its own on the server TEST_DATABASE_URL names,
// copied from one migrated once per run (CREATE DATABASE … TEMPLATE). A file then sees only its own rows and
// its own queue: a job another file left (due later, or made due by a test that moves every queued job) can
// no longer run here with this file's environment, and the files may run side by side as the PGlite run does.
// Several instances sharing one database are shown where that is the subject (test/system/two-instances).
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";

const PREFIX = "signet_t_";

function on(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** This run's name for its databases (another run on the same server keeps its own). */
export const newRunId = () => crypto.randomBytes(4).toString("hex");

/** Once per run (global setup): a database with every migration applied, to copy; its name. */
export async function makeTemplateDatabase(serverUrl: string, runId: string): Promise<string> {
  const name = `${PREFIX}${runId}_template`;
  await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"`));
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: on(serverUrl, name), max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: path.resolve(import.meta.dirname, "../../lib/server/db/migrations") });
  } finally {
    await pool.end();
  }
  return name;
}

/** Per test file: a fresh copy of the template; its URL. */
export async function databaseForThisFile(serverUrl: string, runId: string, template: string): Promise<string> {
  const name = `${PREFIX}${runId}_${crypto.randomBytes(5).toString("hex")}`;
  // Copying needs the template to have no session: two files copying at once wait for each other, briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await withClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
      break;
    } catch (e) {
      const busy = e instanceof Error && /being accessed by other users/.test(e.message);
      if (!busy || attempt >= 50) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200)); // back-off between a bounded retry's tries
    }
  }
  return on(serverUrl, name);
}

/** At the run's end (global teardown): every database this run made on the server. */
export async function dropTestDatabases(serverUrl: string, runId: string): Promise<void> {
  await withClient(serverUrl, async (c) => {
    const { rows } = await c.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE $1", [
      `${PREFIX}${runId}\\_%`,
    ]);
    for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
  });
}
