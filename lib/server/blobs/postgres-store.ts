import "server-only";
import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import { getDb } from "../db";
import { blobChunks, blobObjects } from "../db/schema-blobs";
import { BlobNotFoundError, checkName, checkedBytes, sha256Of, type BlobStore } from "./store";

export const CHUNK_BYTES = 1024 * 1024;

/**
 * Blobs in the database the server already uses, so that several instances on one PostgreSQL see
 * the same documents with nothing else to run. Writes are one transaction (header and chunks), so
 * a reader sees a whole blob or none; two instances writing the same bytes meet on the primary key
 * and the second only refreshes the time.
 */
export class PostgresBlobStore implements BlobStore {
  async put(bytes: Uint8Array) {
    const sha256 = sha256Of(bytes);
    const now = new Date();
    const chunks = Math.max(1, Math.ceil(bytes.byteLength / CHUNK_BYTES));
    const db = await getDb();
    await db.transaction(async (tx) => {
      // `xmax = 0` is true for a row this statement inserted, false for one it updated.
      const [row] = await tx
        .insert(blobObjects)
        .values({ sha256, size: bytes.byteLength, chunks, touchedAt: now })
        .onConflictDoUpdate({ target: blobObjects.sha256, set: { touchedAt: now } })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      if (!row?.inserted) return;
      for (let seq = 0; seq < chunks; seq++) {
        const data = bytes.subarray(seq * CHUNK_BYTES, Math.min(bytes.byteLength, (seq + 1) * CHUNK_BYTES));
        await tx.insert(blobChunks).values({ sha256, seq, data });
      }
    });
    return { sha256, size: bytes.byteLength };
  }

  async putStream(sha256: string, size: number, source: AsyncIterable<Uint8Array>) {
    checkName(sha256);
    const now = new Date();
    const chunks = Math.max(1, Math.ceil(size / CHUNK_BYTES));
    const db = await getDb();
    // One transaction, as put: a chunk is inserted as soon as it is full, and a check that fails at the
    // end rolls every one of them back.
    await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(blobObjects)
        .values({ sha256, size, chunks, touchedAt: now })
        .onConflictDoUpdate({ target: blobObjects.sha256, set: { touchedAt: now } })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      const write = Boolean(row?.inserted);
      let seq = 0;
      let parts: Uint8Array[] = [];
      let held = 0;
      const flush = async (data: Uint8Array) => {
        if (write) await tx.insert(blobChunks).values({ sha256, seq, data });
        seq++;
      };
      for await (const chunk of checkedBytes(sha256, size, source)) {
        parts.push(chunk);
        held += chunk.byteLength;
        while (held >= CHUNK_BYTES) {
          const all = Buffer.concat(parts, held);
          await flush(all.subarray(0, CHUNK_BYTES));
          parts = [all.subarray(CHUNK_BYTES)];
          held -= CHUNK_BYTES;
        }
      }
      if (held > 0 || seq === 0) await flush(Buffer.concat(parts, held));
    });
  }

  async get(sha256: string) {
    checkName(sha256);
    const db = await getDb();
    const [head] = await db
      .select({ size: blobObjects.size, chunks: blobObjects.chunks })
      .from(blobObjects)
      .where(eq(blobObjects.sha256, sha256));
    if (!head) throw new BlobNotFoundError(sha256);
    const out = new Uint8Array(head.size);
    let offset = 0;
    // A chunk at a time: the driver never holds more than one chunk of the blob besides `out`.
    for (let seq = 0; seq < head.chunks; seq++) {
      const [chunk] = await db
        .select({ data: blobChunks.data })
        .from(blobChunks)
        .where(and(eq(blobChunks.sha256, sha256), eq(blobChunks.seq, seq)));
      if (!chunk || offset + chunk.data.byteLength > head.size)
        throw new Error(`Blob ${sha256} is damaged in the database (chunk ${seq})`);
      out.set(chunk.data, offset);
      offset += chunk.data.byteLength;
    }
    if (offset !== head.size) throw new Error(`Blob ${sha256} is damaged in the database (${offset} of ${head.size} bytes)`);
    return out;
  }

  async has(sha256: string) {
    checkName(sha256);
    const db = await getDb();
    const [row] = await db.select({ s: blobObjects.sha256 }).from(blobObjects).where(eq(blobObjects.sha256, sha256));
    return Boolean(row);
  }

  async delete(sha256: string, opts: { unlessTouchedSince?: Date } = {}) {
    checkName(sha256);
    const db = await getDb();
    // One statement decides: a `put` that refreshed the time first keeps the blob; one that comes
    // after finds no row and writes the blob anew. The chunks go with the row (ON DELETE CASCADE).
    const where = opts.unlessTouchedSince
      ? and(eq(blobObjects.sha256, sha256), lt(blobObjects.touchedAt, opts.unlessTouchedSince))
      : eq(blobObjects.sha256, sha256);
    const gone = await db.delete(blobObjects).where(where).returning({ s: blobObjects.sha256 });
    return gone.length > 0;
  }

  async *list() {
    const db = await getDb();
    let after = "";
    for (;;) {
      const page = await db
        .select({ s: blobObjects.sha256 })
        .from(blobObjects)
        .where(gt(blobObjects.sha256, after))
        .orderBy(asc(blobObjects.sha256))
        .limit(500);
      for (const r of page) yield r.s;
      if (page.length < 500) return;
      after = page[page.length - 1]!.s;
    }
  }
}
