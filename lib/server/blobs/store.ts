import "server-only";
import crypto from "node:crypto";
import path from "node:path";
import { config } from "../config";
import { blobStoreKind, s3Settings } from "./settings";

/** Content-addressed storage: a blob's name is the SHA-256 of its bytes, so a version is never overwritten. */
export interface BlobStore {
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  /**
   * Stores a blob whose name and size are known beforehand (a restore's documents) from a stream, a
   * piece at a time: the whole blob is never in memory. The bytes must be exactly `size` long with
   * that SHA-256, or nothing is stored and it throws BlobContentError. `source` is read to its end.
   */
  putStream(sha256: string, size: number, source: AsyncIterable<Uint8Array>): Promise<void>;
  /** The blob's bytes; throws BlobNotFoundError when there is none. */
  get(sha256: string): Promise<Uint8Array>;
  has(sha256: string): Promise<boolean>;
  /**
   * Removes a blob; false if there was none. With `unlessTouchedSince`, a blob written (or written
   * again: `put` of bytes already stored refreshes the blob's time) since then is kept and false is
   * returned: another writer may be about to record it.
   */
  delete(sha256: string, opts?: { unlessTouchedSince?: Date }): Promise<boolean>;
  /** Every stored blob's name, in no particular order (for `blobs migrate`). */
  list(): AsyncIterable<string>;
}

export class BlobNotFoundError extends Error {
  readonly code = "ENOENT";
  constructor(readonly sha256: string) {
    super(`No blob ${sha256}`);
    this.name = "BlobNotFoundError";
  }
}

/** Bytes given to putStream that are not the blob its name and size say. */
export class BlobContentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BlobContentError";
  }
}

/**
 * Passes `source` through and checks it on the way: throws BlobContentError at the first byte past
 * `size`, and at its end unless it was exactly `size` bytes with the SHA-256 `sha256`. A store commits
 * the blob only after this has run to its end.
 */
export async function* checkedBytes(sha256: string, size: number, source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const hash = crypto.createHash("sha256");
  let seen = 0;
  for await (const chunk of source) {
    seen += chunk.byteLength;
    if (seen > size) throw new BlobContentError(`the bytes given for the blob ${sha256} are longer than its ${size} bytes`);
    hash.update(chunk);
    yield chunk;
  }
  if (seen !== size) throw new BlobContentError(`the bytes given for the blob ${sha256} are ${seen} long, not ${size}`);
  if (hash.digest("hex") !== sha256) throw new BlobContentError(`the bytes given for the blob ${sha256} have another SHA-256`);
}

export const sha256Of = (bytes: Uint8Array) => crypto.createHash("sha256").update(bytes).digest("hex");

const SHA256 = /^[0-9a-f]{64}$/;
/** Every store refuses a name that is not a SHA-256 before it builds a path, a key or a query from it. */
export function checkName(sha256: string): string {
  if (!SHA256.test(sha256)) throw new Error(`Not a SHA-256: ${sha256}`);
  return sha256;
}

export type BlobStoreKind = "fs" | "postgres" | "s3";

/** A store of the given kind, built from the environment (see settings.ts). */
export async function openBlobStore(kind: BlobStoreKind): Promise<BlobStore> {
  switch (kind) {
    case "fs": {
      const { FileBlobStore } = await import("./file-store");
      return new FileBlobStore(path.join(config.dataDir, "blobs"));
    }
    case "postgres": {
      const { PostgresBlobStore } = await import("./postgres-store");
      return new PostgresBlobStore();
    }
    case "s3": {
      const { S3BlobStore } = await import("./s3-store");
      return new S3BlobStore(s3Settings());
    }
  }
}

/**
 * The configured store, opened on first use. Calls go through a thin wrapper so that callers keep
 * a synchronous `blobs()` and the store's module (the S3 SDK is large) loads only when chosen.
 */
let store: Promise<BlobStore> | undefined;
const configured = (): Promise<BlobStore> => (store ??= openBlobStore(blobStoreKind()));

const facade: BlobStore = {
  put: async (bytes) => (await configured()).put(bytes),
  putStream: async (sha256, size, source) => (await configured()).putStream(sha256, size, source),
  get: async (sha256) => (await configured()).get(sha256),
  has: async (sha256) => (await configured()).has(sha256),
  delete: async (sha256, opts) => (await configured()).delete(sha256, opts),
  list: () => ({
    async *[Symbol.asyncIterator]() {
      yield* (await configured()).list();
    },
  }),
};

export function blobs(): BlobStore {
  return facade;
}

/** Tests and the CLI switch stores by changing the environment; this forgets the opened one. */
export function resetBlobStore(): void {
  store = undefined;
}

/**
 * A blob written (or written again) this recently may be about to be recorded by another instance
 * (an upload of the same bytes): it is kept, and looked at again once this much time has passed.
 */
export const BLOB_GRACE_MS = 60 * 60_000;
