// BlobStore.putStream, run against each store: a blob whose name and size are known beforehand (a
// restore's documents) is stored from a stream a piece at a time, and only when its bytes are exactly
// those its name and size say; otherwise nothing is stored.
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { CHUNK_BYTES } from "@/lib/server/blobs/postgres-store";
import { BlobContentError, openBlobStore, sha256Of, type BlobStore, type BlobStoreKind } from "@/lib/server/blobs/store";
import { localS3ForBlobStores } from "../support/s3";

localS3ForBlobStores();

const random = (n: number) => new Uint8Array(crypto.randomBytes(n));

/** The bytes in pieces of `piece` bytes, as a tar entry gives them. */
async function* pieces(bytes: Uint8Array, piece = 16_384) {
  for (let i = 0; i < bytes.byteLength; i += piece) yield bytes.subarray(i, i + piece);
}

describe.each<BlobStoreKind>(["fs", "postgres", "s3"])("putStream on the %s blob store", (kind) => {
  let store: BlobStore;
  beforeAll(async () => {
    store = await openBlobStore(kind);
  });

  it("stores exactly the bytes streamed, in one piece or many, and again without harm", async () => {
    for (const bytes of [new Uint8Array(0), random(1), random(CHUNK_BYTES), random(CHUNK_BYTES * 2 + 17)]) {
      const sha256 = sha256Of(bytes);
      await store.putStream(sha256, bytes.byteLength, pieces(bytes));
      expect(Buffer.compare(Buffer.from(await store.get(sha256)), Buffer.from(bytes))).toBe(0);
      await store.putStream(sha256, bytes.byteLength, pieces(bytes, 1000));
      expect(Buffer.compare(Buffer.from(await store.get(sha256)), Buffer.from(bytes))).toBe(0);
    }
  });

  it("stores nothing when the bytes are longer, shorter or other than the name and size say", async () => {
    const bytes = random(CHUNK_BYTES + 100);
    const sha256 = sha256Of(bytes);
    const other = new Uint8Array(bytes);
    other[CHUNK_BYTES + 50]! ^= 1;
    const longer = Buffer.concat([bytes, Buffer.from("x")]);
    for (const [what, given] of [
      ["longer", longer],
      ["shorter", bytes.subarray(0, bytes.byteLength - 1)],
      ["other", other],
    ] as const) {
      await expect(store.putStream(sha256, bytes.byteLength, pieces(given)), what).rejects.toBeInstanceOf(BlobContentError);
      expect(await store.has(sha256), what).toBe(false);
    }
    // The stream of a blob already stored is checked all the same, and the stored one is left whole.
    await store.put(bytes);
    await expect(store.putStream(sha256, bytes.byteLength, pieces(other))).rejects.toBeInstanceOf(BlobContentError);
    expect(Buffer.compare(Buffer.from(await store.get(sha256)), Buffer.from(bytes))).toBe(0);
  });
});
