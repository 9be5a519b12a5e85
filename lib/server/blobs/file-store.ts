import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { config } from "../config";

/** Content-addressed storage: a blob's name is the SHA-256 of its bytes, so a version is never overwritten. */
export interface BlobStore {
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  get(sha256: string): Promise<Uint8Array>;
  has(sha256: string): Promise<boolean>;
  /**
   * Removes a blob; false if there was none. With `unlessTouchedSince`, a blob written (or written
   * again: `put` of bytes already stored refreshes the blob's time) since then is kept and false is
   * returned: another writer may be about to record it.
   */
  delete(sha256: string, opts?: { unlessTouchedSince?: Date }): Promise<boolean>;
}

export const sha256Of = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string) {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array) {
    const sha256 = sha256Of(bytes);
    const file = this.pathOf(sha256);
    // Bytes already stored get a fresh time instead: the purge then knows a writer is about to record them.
    if (!(await touch(file))) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside its final name, then renamed: a reader never sees half a blob.
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      const fh = await fs.open(tmp, "w");
      try {
        await fh.writeFile(bytes);
        await fh.sync();
      } finally {
        await fh.close();
      }
      await fs.rename(tmp, file);
    }
    return { sha256, size: bytes.byteLength };
  }

  async get(sha256: string) {
    return new Uint8Array(await fs.readFile(this.pathOf(sha256)));
  }

  async has(sha256: string) {
    try {
      await fs.access(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }

  async delete(sha256: string, opts: { unlessTouchedSince?: Date } = {}) {
    const file = this.pathOf(sha256);
    // Moved aside first, so that a `put` from now on writes the blob anew, and one that came before
    // has left its time on the file we look at: no moment in which a fresh write could be lost.
    const aside = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.deleting`;
    try {
      await fs.rename(file, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
      throw e;
    }
    if (opts.unlessTouchedSince && (await fs.stat(aside)).mtimeMs >= opts.unlessTouchedSince.getTime()) {
      await fs.rename(aside, file); // the same bytes as any copy written meanwhile
      return false;
    }
    await fs.unlink(aside);
    return true;
  }
}

/** Refreshes a file's time; false if there is no such file. */
async function touch(file: string): Promise<boolean> {
  try {
    const now = new Date();
    await fs.utimes(file, now, now);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw e;
  }
}

let store: BlobStore | undefined;
export function blobs(): BlobStore {
  return (store ??= new FileBlobStore(path.join(config.dataDir, "blobs")));
}
