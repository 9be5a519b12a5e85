import "server-only";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgTransaction } from "drizzle-orm/pg-core";
import { config } from "../config";
import * as schema from "./schema";
import { lockDataDir } from "./lock";
import { reportingUnavailable } from "./unavailable";
import { countingWrites, listenForAnnouncements } from "./announcements";
import { privateNodeFs } from "./private-pglite-fs";
import { migrationTags, migrationsDir, migrationsThrough } from "./migrations-at";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Something queries run on: the database or an open transaction. */
export type Queryable = Db | Tx;

interface Handle {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * On a PostgreSQL server: whether this process hears, right now, what other instances announce on the
   * `signet_keys` channel (lib/server/db/announcements.ts). The embedded store has no other writer.
   */
  hearsAnnouncements?: () => boolean;
  close(): Promise<void>;
  /** Runs every migration not yet run (a handle opened `throughMigration` stops short of today's schema). */
  migrateAll(): Promise<void>;
}

// One handle per process, shared by every bundle Next.js makes (instrumentation, routes, pages).
const g = globalThis as unknown as { __signetDb?: Promise<Handle> };

/** Migrates through the first `through` migrations (all when undefined). */
async function migrateWith(run: (folder: string) => Promise<void>, through: number | undefined) {
  if (through === undefined) return run(migrationsDir());
  const cut = migrationsThrough(through);
  try {
    await run(cut.folder);
  } finally {
    cut.done();
  }
}

async function openPglite(dataDir: string | undefined, through?: number): Promise<Handle> {
  const release = dataDir ? await lockDataDir(dataDir) : async () => {};
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const { types } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const pgDir = dataDir ? path.join(dataDir, "pg") : undefined;
    // A first start on an empty folder loads the build's template instead of making a store from
    // nothing (see storeTemplate). Not for a restore, which needs the schema of its archive.
    const template = pgDir && through === undefined ? await storeTemplate(pgDir) : undefined;
    const client = await PGlite.create({
      // On disk: files and folders for this user only (see privateNodeFs); in memory for tests.
      ...(pgDir && { fs: await privateNodeFs(pgDir) }),
      ...(template && { loadDataDir: template }),
      parsers: drizzleParsers(types),
      // The list's search index (migration 0015) is a trigram index.
      extensions: { pg_trgm },
      // PostgreSQL's default 128 MB of shared buffers is touched when the server starts, and in
      // PGlite that is the server process's own memory: 150 MB of RSS for a store this size.
      // PGLITE_SHARED_BUFFERS (8MB) keeps the hot pages; the rest is read from the data files (the OS caches them).
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${pgliteSharedBuffers()}`],
    });
    const db = drizzle(withoutQueryParsers(client), { schema });
    const run = (migrationsFolder: string) => migrate(db, { migrationsFolder });
    await migrateWith(run, through);
    return {
      db: db as unknown as Db,
      kind: "pglite",
      migrateAll: () => migrateWith(run, undefined),
      async close() {
        await client.close();
        await release();
      },
    };
  } catch (e) {
    await release();
    throw e;
  }
}

/**
 * The build's empty store (scripts/build-store-template.mjs: every migration applied), for a first
 * start: making a store from nothing (initdb in WebAssembly) peaks near 800 MiB in this process, loading
 * a made one as low as a later start. Only when `pgDir` is empty or missing, and only a template made
 * with this PGlite and whose migrations are all this code's (later ones run as usual).
 */
async function storeTemplate(pgDir: string): Promise<Blob | undefined> {
  const fs = await import("node:fs/promises");
  try {
    if ((await fs.readdir(pgDir)).length > 0) return undefined;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  const dir = path.join(/*turbopackIgnore: true*/ process.cwd(), ".engine");
  try {
    const made = JSON.parse(await fs.readFile(path.join(dir, "store-template.json"), "utf8")) as {
      pglite: string;
      migrations: string[];
    };
    const { version } = JSON.parse(
      await fs.readFile(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8"),
    ) as { version: string };
    const ours = migrationTags();
    if (made.pglite !== version || made.migrations.some((tag, i) => ours[i] !== tag)) return undefined;
    return new Blob([new Uint8Array(await fs.readFile(path.join(dir, "store-template.tar.gz")))]);
  } catch {
    return undefined; // no template (a run from the sources): the store is made from nothing
  }
}

function pgliteSharedBuffers(): string {
  const v = (process.env.PGLITE_SHARED_BUFFERS || "8MB").trim();
  if (!/^\d+(kB|MB|GB)$/.test(v)) throw new Error(`PGLITE_SHARED_BUFFERS must be a size such as 32MB, got "${v}"`);
  return v;
}

/**
 * The type parsers drizzle's PGlite driver passes with every query (dates, intervals and their arrays
 * left as text, for drizzle to map). Passed per query, PGlite merges them into its parser table for
 * each query, about 100 µs a query (measured: `select 1` 84 µs raw, 188 µs with them); set once on the
 * client instead, and stripped from each query, the rows come out the same.
 */
function drizzleParsers(types: { TIMESTAMP: number; TIMESTAMPTZ: number; INTERVAL: number; DATE: number }) {
  const asText = (value: string) => value;
  // numeric[], timestamp[], timestamptz[], interval[], date[]: as drizzle-orm/pglite/session.js lists them.
  return Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((t) => [t, asText]),
  );
}

/**
 * Writes seen on the embedded store. Only this process can open it (lib/server/db/lock.ts) and
 * every statement passes through the proxy below, so a number that moves on every statement that
 * is not a plain SELECT (and before and after every transaction) tells a reader whether anything
 * may have changed since it last looked: see readCache.
 */
const g2 = globalThis as unknown as { __signetWrites?: { n: number }; __signetAnnounced?: { n: number } };
const writeCounter = (g2.__signetWrites ??= { n: 0 });

/**
 * On a PostgreSQL server, changes to what the announcing triggers cover (api_keys and organizations,
 * migration 0038): a number that moves when another instance's change is heard, when hearing is lost or
 * found again (lib/server/db/announcements.ts), and on this process's own statements that name those
 * tables and may have changed rows (and the commit of a transaction that ran one), so that this process
 * sees its own changes at once. Those rows change only by statements that name them: no foreign key
 * cascades into api_keys, and none of ours writes them from a trigger.
 */
const announcedCounter = (g2.__signetAnnounced ??= { n: 0 });
const ANNOUNCED_TABLES = /\b(api_keys|organizations)\b/i;

/**
 * Tables no cached read depends on: the rate limiter's buckets, which it reads and writes in one statement
 * of its own (lib/server/limits/rate-limit.ts). A statement that writes only these leaves writeCounter
 * alone: a busy key leases tokens every fifty calls, and each lease made every reader's cache stale.
 */
const UNCACHED_TABLES = new Set(["rate_buckets", "named_rate_buckets"]);

/**
 * Whether `query` touches only UNCACHED_TABLES: every name after FROM, INTO, UPDATE or JOIN is one of
 * them or a name the statement's own WITH defines. Anything else (or no table named) counts as a write.
 */
export function touchesOnlyUncached(query: string): boolean {
  if (!/rate_buckets/i.test(query)) return false;
  const defined = new Set([...query.matchAll(/\b(\w+)\s+as\s*\(/gi)].map((m) => m[1]!.toLowerCase()));
  const named = [...query.matchAll(/\b(?:from|into|update|join)\s+(?:only\s+)?"?(\w+)"?/gi)].map((m) => m[1]!.toLowerCase());
  // `on conflict … do update set`: SET is a keyword there, not a table.
  return named.length > 0 && named.every((t) => UNCACHED_TABLES.has(t) || defined.has(t) || t === "set");
}

/** The PGlite client (or one of its transactions) with per-query `parsers` dropped (see drizzleParsers), counting writes. */
function withoutQueryParsers<T extends object>(client: T): T {
  return new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "query") {
        return (query: string, params?: unknown[], options?: { parsers?: unknown }) => {
          if (!/^\s*select\b/i.test(query) && !touchesOnlyUncached(query)) writeCounter.n++;
          return value.call(target, query, params, options?.parsers ? { ...options, parsers: undefined } : options);
        };
      }
      if (prop === "exec") {
        return (...args: unknown[]) => {
          writeCounter.n++;
          return value.apply(target, args);
        };
      }
      if (prop === "transaction") {
        return async (fn: (tx: object) => unknown) => {
          writeCounter.n++;
          try {
            return await value.call(target, (tx: object) => fn(withoutQueryParsers(tx)));
          } finally {
            // Committed or rolled back: what a reader saw while it ran may be out of date.
            writeCounter.n++;
          }
        };
      }
      return value.bind(target);
    },
  });
}

/** Entries a read cache keeps; the oldest goes first. */
const READ_CACHE_MAX = 1000;

/**
 * A cache of reads, exact rather than timed: an entry is used only while the counter it was read at
 * has not moved. On the embedded store, for any read (writeCounter). On a PostgreSQL server only for
 * what the triggers announce (`announced`: the keys and their organizations), only while this process
 * hears the announcements (announcedCounter); otherwise null (other instances write).
 */
export function readCache<V>(
  handle: Pick<Handle, "kind" | "hearsAnnouncements">,
  map: Map<string, { at: number; value: V }>,
  opts: { announced?: boolean } = {},
) {
  let counter = writeCounter;
  if (handle.kind !== "pglite") {
    if (!(opts.announced && handle.hearsAnnouncements?.())) {
      map.clear();
      return null;
    }
    counter = announcedCounter;
  }
  return {
    get(key: string): V | undefined {
      const hit = map.get(key);
      return hit && hit.at === counter.n ? hit.value : undefined;
    },
    /** `at`: the counter read before the value was read, so a write during the read makes it stale. */
    set(key: string, at: number, value: V) {
      if (map.size >= READ_CACHE_MAX) map.delete(map.keys().next().value!);
      map.set(key, { at, value });
    },
    now: () => counter.n,
  };
}

/**
 * On the embedded store, the count of writes so far (any statement that is not a read, any transaction):
 * a value read when it was last this count is still what the database holds. Undefined on a PostgreSQL
 * server, where other instances write.
 */
export function embeddedWrites(handle: Pick<Handle, "kind">): number | undefined {
  return handle.kind === "pglite" ? writeCounter.n : undefined;
}

async function openPostgres(url: string, through?: number): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new Pool({ connectionString: url, max: Number(process.env.PG_POOL_MAX || 10) });
  // A restart of the server is a DatabaseUnavailableError on the queries it breaks (503), never a crash.
  const db = drizzle(
    countingWrites(reportingUnavailable(pool), ANNOUNCED_TABLES, () => announcedCounter.n++),
    { schema },
  );
  // Several app instances may start at once: one migrates, the others wait for it.
  const run = async (migrationsFolder: string) => {
    const lockClient = await pool.connect();
    try {
      await lockClient.query("select pg_advisory_lock(727274)");
      await migrate(db, { migrationsFolder });
    } finally {
      await lockClient.query("select pg_advisory_unlock(727274)").catch(() => {});
      lockClient.release();
    }
  };
  try {
    await migrateWith(run, through);
  } catch (e) {
    await pool.end();
    throw e;
  }
  // What other instances change of the keys, announced by migration 0038's triggers. Listened for from
  // the first time a cache asks (a server's first API call; a command that authenticates nothing never
  // opens the connection), and only once the schema has the triggers (a restore opens an older one first).
  let migrated = through === undefined;
  let heard: ReturnType<typeof listenForAnnouncements> | null = null;
  return {
    db: db as unknown as Db,
    kind: "postgres",
    hearsAnnouncements: () => {
      if (!heard && migrated) heard = listenForAnnouncements(url, "signet_keys", () => announcedCounter.n++);
      return heard?.live() ?? false;
    },
    close: async () => {
      migrated = false;
      await heard?.close();
      await pool.end();
    },
    migrateAll: async () => {
      await migrateWith(run, undefined);
      migrated = true;
    },
  };
}

/** The configured store: DATABASE_URL's server, or the embedded one in DATA_DIR (memory:// for tests). */
export function storeKind(): "postgres" | "pglite" {
  const url = config.databaseUrl;
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return "postgres";
  if (url === "memory://" || !url) return "pglite";
  throw new Error(`DATABASE_URL must be postgres://… (or unset for the embedded store), got "${url}"`);
}

function open(through?: number): Promise<Handle> {
  const url = config.databaseUrl;
  if (storeKind() === "postgres") return openPostgres(url, through);
  return openPglite(url === "memory://" ? undefined : config.dataDir, through);
}

/**
 * Opens the configured store as this process's handle, migrated through only the first `count`
 * migrations (a restore loads a backup's rows into the schema they were written in, then calls
 * `migrateAll`). Refused when the store is already open.
 */
export async function openThroughMigration(count: number): Promise<Handle> {
  if (g.__signetDb) throw new Error("the store is already open");
  g.__signetDb = open(count);
  g.__signetDb.catch(() => {
    g.__signetDb = undefined;
  });
  return g.__signetDb;
}

/** The database, opened (and migrated) on first use, never at import time, so `next build` does not touch it. */
export async function getHandle(): Promise<Handle> {
  if (process.env.NEXT_PHASE === "phase-production-build") {
    // `next build` must leave DATA_DIR alone: a page that reaches the store while being prerendered
    // is a bug (mark it dynamic), not something to paper over by opening the database here.
    throw new Error("The store is not opened during `next build`: the page or route that asked for it must be dynamic");
  }
  if (!g.__signetDb) {
    g.__signetDb = open();
    g.__signetDb.catch(() => {
      g.__signetDb = undefined;
    });
  }
  return g.__signetDb;
}

export async function getDb(): Promise<Db> {
  return (await getHandle()).db;
}

export async function closeDb(): Promise<void> {
  const h = g.__signetDb;
  g.__signetDb = undefined;
  if (h) await (await h).close();
}

export async function ping(): Promise<void> {
  await (await getDb()).execute(sql`select 1`);
}

export { schema };
