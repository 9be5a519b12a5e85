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
    if (!(await this.has(sha256))) {
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
}

let store: BlobStore | undefined;
export function blobs(): BlobStore {
  return (store ??= new FileBlobStore(path.join(config.dataDir, "blobs")));
}
