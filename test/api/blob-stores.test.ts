// The BlobStore contract, run against each store: the file store (embedded default), the database
// store (PGlite here, the PostgreSQL server in the second run) and the S3 store against a local S3
// server. Then `blobs migrate`: documents moved from one store to another still open through the API.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CopyObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateBlobs } from "@/lib/server/blobs/migrate";
import { CHUNK_BYTES } from "@/lib/server/blobs/postgres-store";
import { s3Settings } from "@/lib/server/blobs/settings";
import {
  BlobNotFoundError,
  openBlobStore,
  resetBlobStore,
  sha256Of,
  type BlobStore,
  type BlobStoreKind,
} from "@/lib/server/blobs/store";
import { getDb } from "@/lib/server/db";
import { blobObjects } from "@/lib/server/db/schema-blobs";
import { call, makeOrg } from "../support/api";
import { localS3ForBlobStores } from "../support/s3";
import { simplePdf } from "../support/simple-pdf";

localS3ForBlobStores();

const random = (n: number) => new Uint8Array(crypto.randomBytes(n));

/** Sets a blob's "last written" time back, the way each store keeps it. */
async function age(kind: BlobStoreKind, sha256: string, when: Date) {
  if (kind === "fs") {
    const file = path.join(process.env.DATA_DIR!, "blobs", sha256.slice(0, 2), sha256);
    fs.utimesSync(file, when, when);
  } else if (kind === "postgres") {
    await (await getDb()).update(blobObjects).set({ touchedAt: when }).where(eq(blobObjects.sha256, sha256));
  } else {
    const st = s3Settings();
    const client = new S3Client({ endpoint: st.endpoint, region: st.region, forcePathStyle: true, credentials: st.credentials });
    const Key = `${st.prefix}${sha256.slice(0, 2)}/${sha256}`;
    await client.send(
      new CopyObjectCommand({
        Bucket: st.bucket,
        Key,
        CopySource: `${st.bucket}/${Key}`,
        MetadataDirective: "REPLACE",
        Metadata: { "signet-touched": String(when.getTime()) },
      }),
    );
  }
}

describe.each<BlobStoreKind>(["fs", "postgres", "s3"])("the %s blob store", (kind) => {
  let store: BlobStore;
  beforeAll(async () => {
    store = await openBlobStore(kind);
  });

  it("gives back exactly the bytes it was given, under their SHA-256, in one piece or many", async () => {
    for (const bytes of [new Uint8Array(0), random(1), random(CHUNK_BYTES), random(CHUNK_BYTES * 2 + 17)]) {
      const { sha256, size } = await store.put(bytes);
      expect(sha256).toBe(sha256Of(bytes));
      expect(size).toBe(bytes.byteLength);
      expect(await store.has(sha256)).toBe(true);
      expect(Buffer.compare(Buffer.from(await store.get(sha256)), Buffer.from(bytes))).toBe(0);
    }
  });

  it("stores the same bytes once, whoever writes them and however many times at once", async () => {
    const bytes = random(CHUNK_BYTES + 5);
    const results = await Promise.all([store.put(bytes), store.put(bytes), store.put(bytes)]);
    expect(new Set(results.map((r) => r.sha256)).size).toBe(1);
    expect(Buffer.compare(Buffer.from(await store.get(results[0]!.sha256)), Buffer.from(bytes))).toBe(0);
    const listed: string[] = [];
    for await (const s of store.list()) if (s === results[0]!.sha256) listed.push(s);
    expect(listed).toHaveLength(1);
  });

  it("says plainly when a blob is missing, and refuses a name that is not a SHA-256", async () => {
    const missing = sha256Of(random(32));
    expect(await store.has(missing)).toBe(false);
    await expect(store.get(missing)).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.delete(missing)).toBe(false);
    for (const bad of ["../../etc/passwd", "ABC", `${missing}/..`, "' OR 1=1 --"]) {
      await expect(store.get(bad)).rejects.toThrow(/SHA-256/);
      await expect(store.has(bad)).rejects.toThrow(/SHA-256/);
      await expect(store.delete(bad)).rejects.toThrow(/SHA-256/);
    }
  });

  it("keeps a blob written again since the given time, and deletes one that was not", async () => {
    const bytes = random(100);
    const { sha256 } = await store.put(bytes);
    const hourAgo = new Date(Date.now() - 3600_000);
    await age(kind, sha256, new Date(Date.now() - 2 * 3600_000));
    // Written again now: the purge, which asks "unless touched in the last hour", must keep it.
    await store.put(bytes);
    expect(await store.delete(sha256, { unlessTouchedSince: hourAgo })).toBe(false);
    expect(await store.has(sha256)).toBe(true);
    await age(kind, sha256, new Date(Date.now() - 2 * 3600_000));
    expect(await store.delete(sha256, { unlessTouchedSince: hourAgo })).toBe(true);
    expect(await store.has(sha256)).toBe(false);
    await expect(store.get(sha256)).rejects.toBeInstanceOf(BlobNotFoundError);
    // And written anew after the delete, it is whole again.
    await store.put(bytes);
    expect(Buffer.compare(Buffer.from(await store.get(sha256)), Buffer.from(bytes))).toBe(0);
  });

  it("lists every blob it holds", async () => {
    const mine = await Promise.all([random(10), random(20), random(30)].map((b) => store.put(b)));
    const all = new Set<string>();
    for await (const s of store.list()) all.add(s);
    for (const m of mine) expect(all.has(m.sha256)).toBe(true);
    for (const s of all) expect(s).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("blobs migrate", () => {
  it("moves every document of the file store to the database and to S3, and the API still opens them", async () => {
    process.env.BLOB_STORE = "fs";
    resetBlobStore();
    try {
      const key = (await makeOrg()).sandboxKey;
      const pdf = await simplePdf([{ text: "Moved between stores" }]);
      const created = await call("POST", "/api/v1/enterprise/signature-requests", {
        key,
        form: { title: "Migrated", file: { data: pdf, name: "m.pdf" } },
      });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const before = await call("GET", `/api/v1/enterprise/signature-requests/${id}/document`, { key });
      expect(before.status).toBe(200);
      const original = Buffer.from(await before.raw.arrayBuffer());
      expect(original.subarray(0, 5).toString()).toBe("%PDF-");

      for (const to of ["postgres", "s3"] as const) {
        const source = await openBlobStore("fs");
        const target = await openBlobStore(to);
        const first = await migrateBlobs(source, target);
        expect(first.failed).toEqual([]);
        expect(first.copied + first.present).toBeGreaterThan(0);
        // Run again: everything is there already, nothing is copied twice.
        const again = await migrateBlobs(source, target);
        expect(again.copied).toBe(0);
        expect(again.present).toBe(first.copied + first.present);

        process.env.BLOB_STORE = to;
        resetBlobStore();
        const after = await call("GET", `/api/v1/enterprise/signature-requests/${id}/document`, { key });
        expect(after.status).toBe(200);
        expect(Buffer.compare(Buffer.from(await after.raw.arrayBuffer()), original)).toBe(0);
        process.env.BLOB_STORE = "fs";
        resetBlobStore();
      }
    } finally {
      process.env.BLOB_STORE = "fs";
      resetBlobStore();
    }
  });

  it("reports a damaged source blob and copies the rest", async () => {
    const source = await openBlobStore("fs");
    const good = await source.put(random(50));
    const bad = await source.put(random(50));
    fs.writeFileSync(path.join(process.env.DATA_DIR!, "blobs", bad.sha256.slice(0, 2), bad.sha256), "tampered");
    const target = await openBlobStore("postgres");
    const report = await migrateBlobs(source, target);
    expect(report.failed.map((f) => f.sha256)).toContain(bad.sha256);
    expect(report.failed.find((f) => f.sha256 === bad.sha256)!.error).toMatch(/do not match/);
    expect(await target.has(good.sha256)).toBe(true);
    expect(await target.has(bad.sha256)).toBe(false);
    fs.rmSync(path.join(process.env.DATA_DIR!, "blobs", bad.sha256.slice(0, 2), bad.sha256));
  });
});
