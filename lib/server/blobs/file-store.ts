import "server-only";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { BlobNotFoundError, checkName, checkedBytes, sha256Of, type BlobStore } from "./store";

/** The embedded default: one file per blob under DATA_DIR/blobs/<first two hex digits>/<sha256>. */
export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string) {
    return path.join(this.root, checkName(sha256).slice(0, 2), sha256);
  }

  async put(bytes: Uint8Array) {
    const sha256 = sha256Of(bytes);
    const file = this.pathOf(sha256);
    // Bytes already stored get a fresh time instead: the purge then knows a writer is about to record them.
    if (!(await touch(file))) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Written beside its final name, then renamed: a reader never sees half a blob. A write that
      // fails (a full disk: ENOSPC) takes its temporary file with it.
      const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        const fh = await fs.open(tmp, "w");
        try {
          await fh.writeFile(bytes);
          await fh.sync();
        } finally {
          await fh.close();
        }
        await fs.rename(tmp, file);
      } catch (e) {
        await fs.rm(tmp, { force: true }).catch(() => {});
        throw e;
      }
    }
    return { sha256, size: bytes.byteLength };
  }

  async putStream(sha256: string, size: number, source: AsyncIterable<Uint8Array>) {
    const file = this.pathOf(sha256);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // As put: written beside its final name and renamed only once the bytes were checked whole; a write
    // that fails (bytes that are not the blob's, a full disk) takes its temporary file with it.
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`;
    try {
      const fh = await fs.open(tmp, "w");
      try {
        // Written a MiB at a time: a stream's pieces are often small (16 KiB from gunzip).
        let parts: Uint8Array[] = [];
        let held = 0;
        for await (const chunk of checkedBytes(sha256, size, source)) {
          parts.push(chunk);
          held += chunk.byteLength;
          if (held >= 2 ** 20) {
            await fh.write(Buffer.concat(parts, held));
            parts = [];
            held = 0;
          }
        }
        if (held) await fh.write(Buffer.concat(parts, held));
        await fh.sync();
      } finally {
        await fh.close();
      }
      if (await touch(file)) await fs.rm(tmp, { force: true });
      else await fs.rename(tmp, file);
    } catch (e) {
      await fs.rm(tmp, { force: true }).catch(() => {});
      throw e;
    }
  }

  async get(sha256: string) {
    const file = this.pathOf(sha256);
    try {
      return new Uint8Array(await fs.readFile(file));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") throw new BlobNotFoundError(sha256);
      throw e;
    }
  }

  async *list() {
    let dirs: string[];
    try {
      dirs = await fs.readdir(this.root);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      throw e;
    }
    for (const dir of dirs.filter((d) => /^[0-9a-f]{2}$/.test(d)).sort()) {
      for (const name of (await fs.readdir(path.join(this.root, dir))).sort()) {
        // Blobs only: not the temporary files of a write or a delete in progress.
        if (/^[0-9a-f]{64}$/.test(name) && name.startsWith(dir)) yield name;
      }
    }
  }

  async has(sha256: string) {
    const file = this.pathOf(sha256);
    try {
      await fs.access(file);
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
      await fs.rename(aside, file); // the same bytes as every copy written meanwhile
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
