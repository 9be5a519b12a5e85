import "server-only";
import crypto from "node:crypto";
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { BlobNotFoundError, blobs, sha256Of } from "../blobs/store";
import { config } from "../config";
import { getHandle, type Queryable } from "../db";
import { migrationTags } from "../db/migrations-at";
import { rowsOf } from "../db/rows";
import { outboxDir } from "../mail/deliver-mail";
import { referencedBlobs } from "../purge/release-blobs";
import { encryptingStream } from "./archive-crypto";
import type { BackupKey } from "./backup-key";
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, BLOB_TABLES, isDataFile, type Manifest } from "./manifest";
import { publicTables } from "./public-tables";
import { SIGNET_VERSION } from "./version";

/** Rows read per FETCH from a table's cursor. */
const FETCH_ROWS = 2000;

type Tables = Manifest["database"]["tables"];

interface Snapshot {
  migrations: string[];
  tables: Tables;
  sequences: Manifest["database"]["sequences"];
  referenced: Set<string>;
}

/**
 * Reads every table in one snapshot (a REPEATABLE READ, read-only transaction) into files under `dir`:
 * db/<table>.jsonl, one row_to_json object per line. With a PostgreSQL server the other instances go on
 * working meanwhile. The embedded store is one session, so its other statements wait for the snapshot
 * (not for the documents, which are copied after it): docs/benchmarks.md, "Backup while the server answers", gives the time.
 */
async function snapshot(db: Queryable, dir: string): Promise<Snapshot> {
  await fs.mkdir(path.join(dir, "db"));
  return (db as { transaction: <T>(fn: (tx: Queryable) => Promise<T>, config?: object) => Promise<T> }).transaction(
    async (tx) => {
      const [applied] = rowsOf<{ n: number | string }>(
        await tx.execute(sql`select count(*) as n from drizzle.__drizzle_migrations`),
      );
      const known = migrationTags();
      const count = Number(applied?.n ?? 0);
      if (count < 1 || count > known.length)
        throw new Error(
          `the store has ${count} migrations applied and this Signet knows ${known.length}: run the backup with the Signet that uses this store`,
        );
      const names = (await publicTables(tx)).filter((t) => !BLOB_TABLES.includes(t));
      const tables: Tables = {};
      for (const table of names) tables[table] = await dumpTable(tx, table, path.join(dir, "db", `${table}.jsonl`));
      const sequences: Manifest["database"]["sequences"] = {};
      for (const s of rowsOf<{ name: string; last: string | number | null }>(
        await tx.execute(sql`select sequencename as name, last_value as last from pg_sequences where schemaname = 'public'`),
      ))
        sequences[s.name] = s.last === null ? null : String(s.last);
      return {
        migrations: known.slice(0, count),
        tables,
        sequences,
        // The records that point at documents are today's tables; a store at an older schema (a fixture of the
        // first release, written as it was) has every listed document copied, checked by its SHA-256 alone.
        referenced: count === known.length ? await referencedBlobs(tx) : new Set<string>(),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function dumpTable(tx: Queryable, table: string, file: string): Promise<Tables[string]> {
  const out = await fs.open(file, "wx", 0o600);
  const hash = crypto.createHash("sha256");
  let rows = 0;
  let size = 0;
  const cursor = `signet_backup_${table}`;
  try {
    // The name comes from pg_class (identifier-quoted): not from anything a client wrote.
    await tx.execute(sql.raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from "${table}" t`));
    for (;;) {
      const batch = rowsOf<{ j: string }>(await tx.execute(sql.raw(`fetch ${FETCH_ROWS} from ${cursor}`)));
      if (!batch.length) break;
      const chunk = Buffer.from(batch.map((r) => r.j + "\n").join(""), "utf8");
      hash.update(chunk);
      size += chunk.length;
      rows += batch.length;
      await out.write(chunk);
    }
    await tx.execute(sql.raw(`close ${cursor}`));
  } finally {
    await out.close();
  }
  return { rows, size, sha256: hash.digest("hex") };
}

/** Adds one entry and waits until the archive has taken it (the stream's pace, not memory's). */
async function addEntry(pack: tar.Pack, name: string, size: number, data: Readable | Buffer, mtime: Date) {
  const source = Buffer.isBuffer(data) ? Readable.from([data]) : data;
  await new Promise<void>((resolve, reject) => {
    const entry = pack.entry({ name, size, mode: 0o600, mtime, type: "file" }, (err) => (err ? reject(err) : resolve()));
    pipeline(source, entry).catch(reject);
  });
}

/** DATA_DIR's files a backup carries (manifest.ts), by their path in it. */
async function dataFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const legacy of ["signing.p12", "signing.p12.password"])
    if (
      await fs.stat(path.join(config.dataDir, legacy)).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      found.push(legacy);
  try {
    for (const d of await fs.readdir(outboxDir(), { withFileTypes: true }))
      if (d.isFile() && isDataFile(`outbox/${d.name}`)) found.push(`outbox/${d.name}`);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
  }
  return found.sort();
}

const countOf = (tables: Tables, name: string) => tables[name]?.rows ?? 0;

/**
 * Writes one backup archive of the configured store to `out`, encrypted and authenticated under `key`
 * (archive-crypto.ts): the database read in one snapshot, then every document (each checked against its
 * SHA-256 on the way), then the outbox, then the manifest. Fails, naming it, when a document a record
 * of the snapshot points at is missing or damaged. The CLI, the backup socket and the scheduled backups
 * all write through this one function.
 */
export async function writeBackup(out: Writable, key: BackupKey): Promise<Manifest> {
  const handle = await getHandle();
  const encrypt = await encryptingStream(key);
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "signet-backup-"));
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip({ level: 4 }), encrypt, out);
  // A failure downstream (a closed socket, a full disk) ends the work below at its next entry.
  written.catch(() => pack.destroy());
  try {
    const createdAt = new Date();
    const snap = await snapshot(handle.db, tmp);
    for (const [table, t] of Object.entries(snap.tables)) {
      const file = path.join(tmp, "db", `${table}.jsonl`);
      await addEntry(pack, `db/${table}.jsonl`, t.size, createReadStream(file), createdAt);
      await fs.rm(file);
    }

    const store = blobs();
    const names = new Set(snap.referenced);
    for await (const sha of store.list()) names.add(sha);
    const blobSizes: Manifest["blobs"] = {};
    let blobBytes = 0;
    for (const sha of [...names].sort()) {
      let bytes: Uint8Array;
      try {
        bytes = await store.get(sha);
      } catch (e) {
        // Listed, then released by the sandbox purge before it was read: no record of the snapshot needs it.
        if (e instanceof BlobNotFoundError && !snap.referenced.has(sha)) continue;
        if (e instanceof BlobNotFoundError)
          throw new Error(`the document ${sha} is missing from the blob store, but a record points at it`);
        throw e;
      }
      if (sha256Of(bytes) !== sha)
        throw new Error(`the document ${sha} in the blob store is damaged: its bytes have another SHA-256`);
      await addEntry(pack, `blobs/${sha}`, bytes.length, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), createdAt);
      blobSizes[sha] = bytes.length;
      blobBytes += bytes.length;
    }

    const files: Manifest["files"] = {};
    for (const relative of await dataFiles()) {
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(path.join(config.dataDir, relative));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") continue; // removed by the purge meanwhile
        throw e;
      }
      await addEntry(pack, `data/${relative}`, bytes.length, bytes, createdAt);
      files[relative] = { size: bytes.length, sha256: sha256Of(bytes) };
    }

    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      signetVersion: SIGNET_VERSION,
      database: { kind: handle.kind, migrations: snap.migrations, tables: snap.tables, sequences: snap.sequences },
      blobs: blobSizes,
      files,
      counts: {
        requests: countOf(snap.tables, "signature_requests"),
        documents: countOf(snap.tables, "document_versions"),
        templates: countOf(snap.tables, "templates"),
        apiKeys: countOf(snap.tables, "api_keys"),
        staff: countOf(snap.tables, "staff_users"),
        blobBytes,
      },
    };
    const json = Buffer.from(JSON.stringify(manifest, null, 2) + "\n", "utf8");
    await addEntry(pack, "manifest.json", json.length, json, createdAt);
    pack.finalize();
    await written;
    return manifest;
  } catch (e) {
    pack.destroy(e as Error);
    await written.catch(() => {});
    throw e;
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}
