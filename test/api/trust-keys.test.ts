import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { apiKeys } from "@/lib/server/db/schema";
import { touchLastUsed } from "@/lib/server/auth/authenticate";
import { call, makeOrg } from "../support/api";
import { firstOf } from "../support/expect-helpers";

// An API key's lastUsedAt is written, at most once a minute per key.
async function lastUsedAt(keyId: string): Promise<Date | null> {
  const db = await getDb();
  return firstOf(await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, keyId)), `API key ${keyId}`).at;
}
/** The write is not awaited by the request: wait until it has landed. */
async function settledLastUsedAt(keyId: string, after?: Date | null) {
  await expect
    .poll(async () => (await lastUsedAt(keyId))?.getTime() ?? 0, { timeout: 5000 })
    .toBeGreaterThan(after?.getTime() ?? 0);
  return (await lastUsedAt(keyId))!;
}

describe("API key lastUsedAt", () => {
  it("is written by the first call, not again within a minute, and shown by GET /api-keys", async () => {
    const org = await makeOrg();
    expect(await lastUsedAt(org.sandboxKeyId)).toBeNull();

    const before = Date.now();
    expect((await call("GET", "/api/v1/enterprise/signature-requests", { key: org.sandboxKey })).status).toBe(200);
    const first = await settledLastUsedAt(org.sandboxKeyId);
    // Written during the call: between the moments around it (a second's leeway for the database's clock),
    // however long the call took.
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(first.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Two more calls within the minute: the value stays what the first call wrote.
    expect((await call("GET", "/api/v1/enterprise/signature-requests", { key: org.sandboxKey })).status).toBe(200);
    const list = await call("GET", "/api/v1/api-keys", { key: org.sandboxKey });
    expect(list.status).toBe(200);
    // Whatever those calls fired is the same conditional write as this one, awaited here instead of a pause:
    // within the minute it changes nothing.
    await touchLastUsed(org.sandboxKeyId);
    expect((await lastUsedAt(org.sandboxKeyId))!.getTime()).toBe(first.getTime());
    expect(list.body.data.items.find((k) => k.id === org.sandboxKeyId)?.lastUsedAt).toBe(first.toISOString());

    // More than a minute later, the next call writes it again.
    const db = await getDb();
    const old = new Date(Date.now() - 2 * 60_000);
    await db.update(apiKeys).set({ lastUsedAt: old }).where(eq(apiKeys.id, org.sandboxKeyId));
    expect((await call("GET", "/api/v1/api-keys", { key: org.sandboxKey })).status).toBe(200);
    const second = await settledLastUsedAt(org.sandboxKeyId, old);
    expect(second.getTime()).toBeGreaterThan(old.getTime() + 60_000);
  });

  it("a failed write never reaches the request", async () => {
    // Not a uuid: the database refuses the statement; the promise still resolves.
    await expect(touchLastUsed("not-a-uuid")).resolves.toBeUndefined();
  });
});
