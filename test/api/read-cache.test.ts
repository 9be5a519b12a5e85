// Reads served from memory on the embedded store (readCache in lib/server/db) must never be stale:
// every write, through the API or straight to the database, is seen by the next read.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, getHandle, readCache, touchesOnlyUncached } from "@/lib/server/db";
import { takeNamedToken } from "@/lib/server/limits/rate-limit";
import { apiKeys, signatureRequests } from "@/lib/server/db/schema";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";

const SR = "/api/v1/enterprise/signature-requests";

describe("reads from memory are never stale", () => {
  it("a request read again after any write shows the write", async () => {
    const { sandboxKey: key } = await makeOrg();
    const d = await createDraft(key);
    const first = await call("GET", `${SR}/${d.id}`, { key });
    const again = await call("GET", `${SR}/${d.id}`, { key });
    expect(again.body.data).toEqual(first.body.data);

    // Through the API.
    const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "cache@example.com", name: "Cache Reader" } });
    expect(r.status).toBe(201);
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.recipients.map((x: { email: string }) => x.email)).toEqual([
      "cache@example.com",
    ]);

    // Straight to the database, outside any API call.
    const db = await getDb();
    await db.update(signatureRequests).set({ title: "Renamed behind the API's back" }).where(eq(signatureRequests.id, d.id));
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.title).toBe("Renamed behind the API's back");

    // In a transaction.
    await db.transaction(async (tx) => {
      await tx.update(signatureRequests).set({ title: "Renamed in a transaction" }).where(eq(signatureRequests.id, d.id));
    });
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.title).toBe("Renamed in a transaction");

    // Another key of another organization still gets the same 404 as for an unknown id.
    const other = await makeOrg();
    expect((await call("GET", `${SR}/${d.id}`, { key: other.sandboxKey })).status).toBe(404);
  });

  it("a key revoked or restricted is refused at its very next call", async () => {
    const org = await makeOrg();
    expect((await call("GET", `${SR}?limit=1`, { key: org.sandboxKey })).status).toBe(200);
    expect((await call("GET", `${SR}?limit=1`, { key: org.sandboxKey })).status).toBe(200);
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ allowedIps: ["203.0.113.9"] })
      .where(eq(apiKeys.id, org.sandboxKeyId));
    expect((await call("GET", `${SR}?limit=1`, { key: org.sandboxKey })).status).toBe(403);
    await db.update(apiKeys).set({ allowedIps: [], revokedAt: new Date() }).where(eq(apiKeys.id, org.sandboxKeyId));
    const revoked = await call("GET", `${SR}?limit=1`, { key: org.sandboxKey });
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toMatch(/revoked/);
  });

  it("the rate limiter's buckets make nothing stale: its statements leave the write count alone, every other write moves it", async () => {
    const handle = await getHandle();
    // On a PostgreSQL server reads are checked by the request's revision instead (request-revisions.test.ts).
    if (handle.kind !== "pglite") return;
    const count = readCache(handle, new Map())!;
    const bucket = `test:${randomUUID()}`;
    const before = count.now();
    await takeNamedToken(bucket, 60); // the bucket made
    await takeNamedToken(bucket, 60); // and taken from again
    expect(count.now()).toBe(before);
    const db = await getDb();
    await db.execute(sql`update named_rate_buckets set tokens = 0 where bucket = ${bucket}`);
    expect(count.now()).toBe(before);
    await db.execute(sql`update signature_requests set title = title where false`);
    expect(count.now()).toBeGreaterThan(before);

    // Only statements that name nothing but the buckets (and their own WITH names) are let through.
    const lease = `with prev as (select tokens from "rate_buckets" where "key_id" = $1 for update), up as (
      insert into "rate_buckets" ("key_id", tokens) select $1, 1 from prev
      on conflict ("key_id") do update set tokens = excluded.tokens returning tokens) select (select tokens from up)`;
    expect(touchesOnlyUncached(lease)).toBe(true);
    for (const other of [
      `with x as (select tokens from rate_buckets) update signature_requests set title = 'x'`,
      `with d as (delete from api_keys returning id) insert into rate_buckets (key_id, tokens) select id, 1 from d`,
      `insert into rate_buckets (key_id, tokens) values ($1, 1); delete from fields`,
      `update "fields" set value = null where id in (select key_id from rate_buckets)`,
      `delete from rate_buckets_archive`,
      `truncate rate_buckets, api_keys`,
      `insert into signature_requests select * from rate_buckets`,
    ])
      expect(touchesOnlyUncached(other), other).toBe(false);
  });
});
