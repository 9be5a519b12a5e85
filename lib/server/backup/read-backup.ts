import "server-only";
import crypto from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import tar from "tar-stream";
import { BlobContentError, blobs, openBlobStore } from "../blobs/store";
import { blobStoreKind } from "../blobs/settings";
import { config } from "../config";
import { openThroughMigration, storeKind, type Queryable } from "../db";
import { migrationTags } from "../db/migrations-at";
import { rowsOf } from "../db/rows";
import { ArchiveAuthError, archiveFormat, decryptingStream, FORMAT_PROBE_BYTES } from "./archive-crypto";
import type { BackupKey } from "./backup-key";
import { entryKind, zManifest, type Manifest } from "./manifest";
import { publicTables } from "./public-tables";
import { archiveLimits, type ArchiveLimits } from "./settings";

/** A backup archive that is not whole, not a Signet backup, or not for this Signet: the message names the file. */
export class BackupArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupArchiveError";
  }
}

/** A restore target that already holds something. */
export class RestoreTargetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreTargetError";
  }
}

const MAX_MANIFEST_BYTES = 64 * 2 ** 20;
/** The longest row (one line of db/<table>.jsonl) a restore loads. */
const MAX_ROW_BYTES = 64 * 2 ** 20;

async function readAll(stream: Readable, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let n = 0;
  for await (const c of stream as AsyncIterable<Buffer>) {
    n += c.length;
    if (n > max) throw new Error(`larger than ${max} bytes`);
    parts.push(c);
  }
  return Buffer.concat(parts);
}

export interface ReadOptions {
  /** The backup key, asked for only when the archive is encrypted (every archive `backup` writes). */
  key: () => BackupKey;
  /**
   * Also reads an unencrypted archive (written by a Signet before backups were encrypted): it is then
   * checked against its own manifest only, which anyone who edits it can recompute.
   */
  allowUnauthenticated?: boolean;
}

export interface VerifiedBackup {
  manifest: Manifest;
  /** True for an encrypted archive (it authenticated under the key); false for an earlier Signet's unencrypted one. */
  authenticated: boolean;
}

/** One archive, opened once: every pass of a restore reads the same file, even if the name is given to another meanwhile. */
interface OpenArchive {
  file: string;
  base: string;
  fh: fs.FileHandle;
  key: BackupKey | null;
  limits: ArchiveLimits;
}

async function openArchive(file: string, opts: ReadOptions): Promise<OpenArchive> {
  const base = path.basename(file);
  let fh: fs.FileHandle;
  try {
    fh = await fs.open(file, "r");
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new BackupArchiveError(code === "ENOENT" ? `${file}: no such file` : `${file} cannot be opened: ${code ?? String(e)}`);
  }
  try {
    const probe = Buffer.alloc(FORMAT_PROBE_BYTES);
    const { bytesRead } = await fh.read(probe, 0, probe.length, 0);
    const format = archiveFormat(probe.subarray(0, bytesRead));
    if (format === "unknown")
      throw new BackupArchiveError(
        `${base} is not a Signet backup: it is neither an encrypted backup nor a .tar.gz (or it is empty)`,
      );
    if (format === "plain" && !opts.allowUnauthenticated)
      throw new BackupArchiveError(
        `${base} is an unencrypted archive, written by a Signet before backups were encrypted: nothing proves it was not ` +
          "edited since. If you know where it has been, verify or restore it with --allow-unauthenticated",
      );
    return { file, base, fh, key: format === "encrypted" ? opts.key() : null, limits: archiveLimits() };
  } catch (e) {
    await fh.close();
    throw e;
  }
}

const mib = (n: number) => `${Math.round(n / 2 ** 20)} MiB`;

/** The open archive's bytes from its start, read by position: ending a pass early leaves the file open for the next. */
function bytesOf(archive: OpenArchive): Readable {
  return Readable.from(
    (async function* () {
      for (let position = 0; ;) {
        const buf = Buffer.allocUnsafe(256 * 1024);
        const { bytesRead } = await archive.fh.read(buf, 0, buf.length, position);
        if (!bytesRead) return;
        position += bytesRead;
        yield buf.subarray(0, bytesRead);
      }
    })(),
    { objectMode: false },
  );
}

/**
 * Goes through the archive's entries in order, decrypting and authenticating as it reads; `onEntry`
 * must consume (or drain) each stream. An entry over a limit (settings.ts) is refused from its header,
 * before any of its bytes is read. A failed authentication, and damage to the compression or the tar
 * structure, are reported naming the archive (and the entry it broke in). The archive is authentic
 * only once this has returned: what `onEntry` gets before the end was authenticated chunk by chunk,
 * but a file cut short is found out at its end.
 */
async function eachEntry(archive: OpenArchive, onEntry: (name: string, size: number, stream: Readable) => Promise<void>) {
  const { base, limits } = archive;
  let current = "";
  let total = 0;
  let authFailure: ArchiveAuthError | undefined;
  const source = bytesOf(archive);
  const extract = tar.extract();
  let feeding: Promise<void>;
  if (archive.key) {
    const decrypt = await decryptingStream(archive.key);
    decrypt.on("error", (e) => {
      if (e instanceof ArchiveAuthError) authFailure ??= e;
    });
    feeding = pipeline(source, decrypt, zlib.createGunzip(), extract);
  } else feeding = pipeline(source, zlib.createGunzip(), extract);
  feeding.catch(() => {});
  try {
    for await (const entry of extract) {
      const { name, size = 0, type } = entry.header;
      current = name;
      if (type !== "file") throw new BackupArchiveError(`${base}: ${name} is not a file, and a Signet backup holds only files`);
      const kind = entryKind(name)?.kind;
      if ((kind === "blob" || kind === "file") && size > limits.maxDocumentBytes)
        throw new BackupArchiveError(
          `${base}: ${name} holds ${mib(size)}, more than the largest document a restore takes (BACKUP_MAX_DOCUMENT_MB, ${mib(limits.maxDocumentBytes)})`,
        );
      total += size;
      if (total > limits.maxTotalBytes)
        throw new BackupArchiveError(
          `${base} holds more than a restore takes (BACKUP_MAX_TOTAL_GB, ${mib(limits.maxTotalBytes)}), at ${name}`,
        );
      await onEntry(name, size, entry as unknown as Readable);
      current = "";
    }
    await feeding;
  } catch (e) {
    if (authFailure) throw new BackupArchiveError(`${base} ${authFailure.message}`);
    if (e instanceof BackupArchiveError) throw e;
    const where = current ? ` (in ${current})` : "";
    throw new BackupArchiveError(`${base} is damaged${where}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    source.destroy();
  }
}

const hashOf = async (stream: Readable) => {
  const h = crypto.createHash("sha256");
  let size = 0;
  for await (const c of stream as AsyncIterable<Buffer>) {
    h.update(c);
    size += c.length;
  }
  return { sha256: h.digest("hex"), size };
};

/**
 * Reads the whole archive, which must authenticate under the backup key (or, with allowUnauthenticated,
 * be an earlier Signet's unencrypted one), and checks it against its manifest: every file's SHA-256 and
 * size, every document's bytes against its name, nothing missing and nothing more; and that this Signet
 * knows each of its migrations. Throws BackupArchiveError naming the archive and the first thing wrong,
 * or BackupKeyError when an encrypted archive is read without a key.
 */
export async function verifyBackup(file: string, opts: ReadOptions): Promise<VerifiedBackup> {
  const archive = await openArchive(file, opts);
  try {
    return { manifest: await checkArchive(archive), authenticated: archive.key !== null };
  } finally {
    await archive.fh.close();
  }
}

async function checkArchive(archive: OpenArchive): Promise<Manifest> {
  const { base } = archive;
  const seen = new Map<string, { size: number; sha256: string }>();
  let manifest: Manifest | undefined;
  await eachEntry(archive, async (name, _size, stream) => {
    const kind = entryKind(name);
    if (!kind) throw new BackupArchiveError(`${base}: ${name} is not part of a Signet backup`);
    if (seen.has(name) || (kind.kind === "manifest" && manifest)) throw new BackupArchiveError(`${base}: ${name} is in it twice`);
    if (kind.kind === "manifest") {
      let raw: unknown;
      try {
        raw = JSON.parse((await readAll(stream, MAX_MANIFEST_BYTES)).toString("utf8"));
      } catch (e) {
        throw new BackupArchiveError(`${base}: manifest.json cannot be read: ${e instanceof Error ? e.message : String(e)}`);
      }
      const parsed = zManifest.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new BackupArchiveError(
          `${base}: manifest.json is not a Signet backup manifest (${issue?.path.join(".")}: ${issue?.message})`,
        );
      }
      manifest = parsed.data;
      return;
    }
    const got = await hashOf(stream);
    if (kind.kind === "blob" && got.sha256 !== kind.sha256)
      throw new BackupArchiveError(`${base}: ${name} is damaged: its bytes have the SHA-256 ${got.sha256}`);
    seen.set(name, got);
  });
  if (!manifest) throw new BackupArchiveError(`${base} has no manifest.json: it is not a Signet backup, or it was cut short`);

  const expected = new Map<string, { size: number; sha256: string }>();
  for (const [table, t] of Object.entries(manifest.database.tables)) expected.set(`db/${table}.jsonl`, t);
  for (const [sha, size] of Object.entries(manifest.blobs)) expected.set(`blobs/${sha}`, { size, sha256: sha });
  for (const [name, f] of Object.entries(manifest.files)) expected.set(`data/${name}`, f);
  for (const [name, want] of expected) {
    const got = seen.get(name);
    if (!got) throw new BackupArchiveError(`${base}: ${name} is missing (the manifest lists it)`);
    if (got.sha256 !== want.sha256 || got.size !== want.size)
      throw new BackupArchiveError(`${base}: ${name} is damaged: its SHA-256 or size is not the manifest's`);
  }
  for (const name of seen.keys())
    if (!expected.has(name)) throw new BackupArchiveError(`${base}: ${name} is not in the manifest`);

  const ours = migrationTags();
  manifest.database.migrations.forEach((tag, i) => {
    if (ours[i] !== tag)
      throw new BackupArchiveError(
        `${base} was made by a Signet whose migration ${i + 1} is ${tag}; this one's is ${ours[i] ?? "(none)"}: restore it with that Signet, or a later one`,
      );
  });
  return manifest;
}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw e;
  }
}

/** Refuses a target that holds anything: restore never merges into, or overwrites, a store. */
async function checkTargetEmpty(): Promise<string> {
  const kind = storeKind();
  if (kind === "pglite") {
    if (config.databaseUrl === "memory://") return "a store in memory";
    if (!(await isEmptyDir(config.dataDir)))
      throw new RestoreTargetError(`DATA_DIR ${config.dataDir} is not empty: restore into an empty (or new) folder`);
    return `DATA_DIR ${config.dataDir}`;
  }
  const { Client } = await import("pg");
  const client = new Client({ connectionString: config.databaseUrl });
  await client.connect();
  let where: string;
  try {
    const r = await client.query<{ n: string; db: string }>(
      "select count(*)::text as n, current_database() as db from pg_tables where schemaname in ('public', 'drizzle')",
    );
    where = `the database ${r.rows[0]?.db}`;
    if (Number(r.rows[0]?.n) > 0)
      throw new RestoreTargetError(`${where} is not empty (${r.rows[0]?.n} tables): restore into an empty database`);
  } finally {
    await client.end();
  }
  const blobKind = blobStoreKind();
  if (blobKind === "fs" && !(await isEmptyDir(path.join(config.dataDir, "blobs"))))
    throw new RestoreTargetError(`${path.join(config.dataDir, "blobs")} is not empty: restore into an empty blob store`);
  if (blobKind === "s3") {
    const store = await openBlobStore("s3");
    for await (const _ of store.list())
      throw new RestoreTargetError("the S3 bucket (BLOB_STORE=s3) is not empty: restore into an empty bucket");
  }
  return where;
}

/** Tables in an order that puts each before the tables whose foreign keys point at it. */
async function loadOrder(tx: Queryable, tables: string[]): Promise<string[]> {
  const edges = rowsOf<{ child: string; parent: string }>(
    await tx.execute(sql`
      select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'`),
  );
  const unquote = (s: string) => s.replace(/^"|"$/g, "");
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  for (const e of edges) {
    const child = unquote(e.child);
    const parent = unquote(e.parent);
    if (child !== parent) parents.get(child)?.add(parent);
  }
  const order: string[] = [];
  const done = new Set<string>();
  const visit = (t: string, path: string[]) => {
    if (done.has(t)) return;
    if (path.includes(t)) throw new Error(`the tables' foreign keys go round: ${[...path, t].join(" → ")}`);
    for (const p of parents.get(t) ?? []) if (parents.has(p)) visit(p, [...path, t]);
    done.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, []);
  return order;
}

/** Rows per INSERT … SELECT FROM json_populate_recordset, and at most this much JSON in one. */
const INSERT_ROWS = 500;
const INSERT_BYTES = 4 * 2 ** 20;

/** The lines of a table's file, each at most MAX_ROW_BYTES: a longer one is refused before it is held whole. */
async function* linesOf(file: string, label: string): AsyncGenerator<string> {
  let partial: Buffer[] = [];
  let partialBytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    let at = 0;
    for (let nl = chunk.indexOf(10, at); nl >= 0; nl = chunk.indexOf(10, at)) {
      partial.push(chunk.subarray(at, nl));
      partialBytes += nl - at;
      if (partialBytes > MAX_ROW_BYTES) break;
      yield Buffer.concat(partial, partialBytes).toString("utf8");
      partial = [];
      partialBytes = 0;
      at = nl + 1;
    }
    if (partialBytes <= MAX_ROW_BYTES) {
      partial.push(chunk.subarray(at));
      partialBytes += chunk.length - at;
    }
    if (partialBytes > MAX_ROW_BYTES)
      throw new BackupArchiveError(`${label} has a row longer than ${MAX_ROW_BYTES} bytes, which a restore does not load`);
  }
  if (partialBytes) yield Buffer.concat(partial, partialBytes).toString("utf8");
}

async function loadTable(tx: Queryable, table: string, file: string, label: string): Promise<number> {
  const columns = rowsOf<{ name: string }>(
    await tx.execute(sql`
      select a.attname as name from pg_attribute a
      where a.attrelid = ${`public."${table}"`}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      order by a.attnum`),
  ).map((c) => `"${c.name.replace(/"/g, '""')}"`);
  const cols = columns.join(", ");
  let batch: string[] = [];
  let bytes = 0;
  let n = 0;
  const flush = async () => {
    if (!batch.length) return;
    const json = `[${batch.join(",")}]`;
    await tx.execute(
      sql`insert into ${sql.raw(`"${table}" (${cols})`)} overriding system value select ${sql.raw(cols)} from json_populate_recordset(null::${sql.raw(`"${table}"`)}, ${json}::json)`,
    );
    n += batch.length;
    batch = [];
    bytes = 0;
  };
  for await (const line of linesOf(file, label)) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= INSERT_ROWS || bytes >= INSERT_BYTES) await flush();
  }
  await flush();
  return n;
}

export interface RestoreReport extends VerifiedBackup {
  target: string;
}

/**
 * Restores a backup into the configured store, which must be empty (DATA_DIR, or DATABASE_URL's
 * database and the blob store): checks the whole archive first (authenticated, every SHA-256); migrates
 * the new store to the schema the rows were written in; loads every table in one transaction (rows as
 * they were, triggers of their own left off: what they would compute is in the rows), sets each
 * sequence, counts the rows against the manifest; then runs this Signet's later migrations over them
 * and streams every document into the blob store, each bounded by its size in the manifest.
 */
export async function restoreBackup(file: string, opts: ReadOptions): Promise<RestoreReport> {
  const archive = await openArchive(file, opts);
  try {
    const manifest = await checkArchive(archive);
    const target = await checkTargetEmpty();
    const handle = await openThroughMigration(manifest.database.migrations.length);
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), "signet-restore-"));
    try {
      await fs.mkdir(path.join(tmp, "db"));
      await eachEntry(archive, async (name, _size, stream) => {
        const kind = entryKind(name);
        if (kind?.kind === "table")
          await pipeline(stream, createWriteStream(path.join(tmp, "db", `${kind.table}.jsonl`), { mode: 0o600 }));
        else if (kind?.kind === "file") {
          // The name was checked against the few paths a backup may carry (manifest.ts): nothing else is written.
          const target = path.join(config.dataDir, kind.path);
          await fs.mkdir(path.dirname(target), { recursive: true });
          await pipeline(stream, createWriteStream(target, { mode: 0o600, flags: "wx" }));
        } else stream.resume();
      });

      const tables = Object.keys(manifest.database.tables);
      await (handle.db as { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => Promise<T> }).transaction(async (tx) => {
        const present = new Set(await publicTables(tx));
        for (const t of tables)
          if (!present.has(t))
            throw new BackupArchiveError(`${archive.base}: the table ${t} is not in the schema of its migrations`);
        const order = await loadOrder(tx, tables);
        for (const t of order) await tx.execute(sql.raw(`alter table "${t}" disable trigger user`));
        for (const t of order) {
          const n = await loadTable(tx, t, path.join(tmp, "db", `${t}.jsonl`), `${archive.base}: db/${t}.jsonl`);
          if (n !== manifest.database.tables[t]!.rows)
            throw new Error(`${t}: ${n} rows loaded, the manifest says ${manifest.database.tables[t]!.rows}`);
        }
        for (const t of order) await tx.execute(sql.raw(`alter table "${t}" enable trigger user`));
        for (const [name, last] of Object.entries(manifest.database.sequences))
          if (last !== null) await tx.execute(sql`select setval(${`public."${name}"`}::regclass, ${last}::bigint, true)`);
      });
      await handle.migrateAll();

      // The documents last, into the store of today's schema (BLOB_STORE=postgres keeps them in tables),
      // each streamed: at most its size in the manifest, checked against its name before it is kept.
      const store = blobs();
      await eachEntry(archive, async (name, _size, stream) => {
        const kind = entryKind(name);
        if (kind?.kind !== "blob") return void stream.resume();
        const size = manifest.blobs[kind.sha256];
        if (size === undefined) throw new BackupArchiveError(`${archive.base}: ${name} is not in the manifest`);
        try {
          await store.putStream(kind.sha256, size, stream as AsyncIterable<Uint8Array>);
        } catch (e) {
          if (e instanceof BlobContentError)
            throw new BackupArchiveError(`${archive.base}: ${name} changed while it was restored (${e.message})`);
          throw e;
        }
      });
      return { manifest, target, authenticated: archive.key !== null };
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
  } finally {
    await archive.fh.close();
  }
}

/**
 * Writes an encrypted archive's .tar.gz to `out` (for `tar` and other tools), authenticating it on the
 * way. Throws BackupArchiveError naming the archive when it does not authenticate: what was written is
 * then to be thrown away, since the end is checked last.
 */
export async function decryptBackup(file: string, out: Writable, key: BackupKey): Promise<void> {
  const archive = await openArchive(file, { key: () => key, allowUnauthenticated: true });
  try {
    if (!archive.key) throw new BackupArchiveError(`${archive.base} is not encrypted: it is a .tar.gz already`);
    try {
      await pipeline(bytesOf(archive), await decryptingStream(archive.key), out);
    } catch (e) {
      if (e instanceof ArchiveAuthError) throw new BackupArchiveError(`${archive.base} ${e.message}`);
      throw e;
    }
  } finally {
    await archive.fh.close();
  }
}
