import "server-only";
import { log } from "../log";
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../config";

/**
 * The signer's page images and page texts, derived from a served PDF's bytes and kept on this
 * instance's disk under DATA_DIR/cache/pages/<sha256>/: nothing here is a record (any instance makes
 * the same bytes again from the blob), so each instance keeps its own. Bounded twice: an entry lives
 * at most MAX_AGE_MS from when it was made (a purged document's pages do not outlive it by more on an
 * instance that did not run the purge), and the oldest go first once the folder passes its size.
 */
export const MAX_AGE_MS = 24 * 60 * 60_000;
const SWEEP_EVERY_MS = 10 * 60_000;
const SHA256 = /^[0-9a-f]{64}$/;

export const pageCacheDir = () => path.join(config.dataDir, "cache", "pages");
const maxBytes = () => config.pageCacheMb * 1024 * 1024;

export interface CachedFile {
  bytes: Buffer;
  /** The name it was kept under: its extension says its type. */
  name: string;
}

function dirOf(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return path.join(pageCacheDir(), sha256);
}

/** The first of `names` kept for `sha256` and not too old, or null. */
export async function readCached(sha256: string, names: string[]): Promise<CachedFile | null> {
  const dir = dirOf(sha256);
  for (const name of names) {
    try {
      const file = path.join(dir, name);
      const stat = await fs.stat(file);
      if (Date.now() - stat.mtimeMs > MAX_AGE_MS) continue;
      return { bytes: await fs.readFile(file), name };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
    }
  }
  return null;
}

/** Keeps `bytes` as `name` for `sha256`: written aside and renamed, so a reader never sees half a file. */
export async function writeCached(sha256: string, name: string, bytes: Uint8Array): Promise<void> {
  const dir = dirOf(sha256);
  await fs.mkdir(dir, { recursive: true });
  const tmp = path.join(dir, `.${name}.${process.pid}.${Math.random().toString(36).slice(2)}`);
  await fs.writeFile(tmp, bytes);
  await fs.rename(tmp, path.join(dir, name));
  void sweepSoon();
}

/** Forgets every page kept for these PDFs (a purge released their blobs). */
export async function dropCached(sha256s: string[]): Promise<void> {
  for (const sha of sha256s) if (SHA256.test(sha)) await fs.rm(dirOf(sha), { recursive: true, force: true });
}

let lastSweep = 0;
let sweeping: Promise<void> | null = null;

function sweepSoon(): Promise<void> | null {
  if (sweeping || Date.now() - lastSweep < SWEEP_EVERY_MS) return sweeping;
  lastSweep = Date.now();
  sweeping = sweepPageCache()
    .then(() => undefined)
    .catch((e) => log().error(`the page cache could not be swept: ${e instanceof Error ? e.message : e}`))
    .finally(() => (sweeping = null));
  return sweeping;
}

/** Removes entries older than MAX_AGE_MS, then the oldest until the folder is within its size. */
export async function sweepPageCache(now = Date.now()): Promise<{ removed: number; bytes: number }> {
  const root = pageCacheDir();
  let dirs: string[];
  try {
    dirs = (await fs.readdir(root)).filter((d) => SHA256.test(d));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return { removed: 0, bytes: 0 };
    throw e;
  }
  const files: { file: string; size: number; mtime: number }[] = [];
  for (const d of dirs) {
    const names = await fs.readdir(path.join(root, d)).catch(() => [] as string[]);
    for (const name of names) {
      const file = path.join(root, d, name);
      const stat = await fs.stat(file).catch(() => null);
      if (stat?.isFile()) files.push({ file, size: stat.size, mtime: stat.mtimeMs });
    }
  }
  files.sort((a, b) => a.mtime - b.mtime);
  let total = files.reduce((n, f) => n + f.size, 0);
  let removed = 0;
  for (const f of files) {
    const stale = now - f.mtime > MAX_AGE_MS;
    if (!stale && total <= maxBytes()) break;
    await fs.rm(f.file, { force: true });
    total -= f.size;
    removed++;
  }
  for (const d of dirs) await fs.rmdir(path.join(root, d)).catch(() => undefined);
  return { removed, bytes: total };
}
