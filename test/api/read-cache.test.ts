// Reads served from memory on the embedded store (readCache in lib/server/db) must never be stale:
// every write, through the API or straight to the database, is seen by the next read.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
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
});
