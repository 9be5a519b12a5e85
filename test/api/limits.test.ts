import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { apiKeys, rateBuckets, signatureRequests } from "@/lib/server/db/schema";
import { call, makeOrg } from "../support/api";
import { simplePdf } from "../support/simple-pdf";

const SR = "/api/v1/enterprise/signature-requests";

describe("rate limits", () => {
  it("takes a token per call, reports it in headers, and answers 429 with Retry-After when the bucket is empty", async () => {
    const org = await makeOrg();
    const db = await getDb();
    await db.update(apiKeys).set({ rateLimitPerMinute: 5 }).where(eq(apiKeys.id, org.sandboxKeyId));
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 7; i++) {
      last = await call("GET", "/api/v1/api-keys", { key: org.sandboxKey });
      statuses.push(last.status);
      if (i === 0) {
        expect(last.headers.get("ratelimit-limit")).toBe("5");
        expect(last.headers.get("ratelimit-remaining")).toBe("4");
      }
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last!.body).toMatchObject({ code: 429, statusText: "Too Many Requests", data: null });
    const retry = Number(last!.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(12);
    // another key of the same organization has its own bucket
    const other = await call("POST", "/api/v1/api-keys", {
      key: (await makeOrg()).sandboxKey,
      json: { name: "n", environment: "SANDBOX" },
    });
    expect(other.status).toBe(201);
  });

  it("uses the environment's default: sandbox 120/min, production 1200/min", async () => {
    const saved = [process.env.RATE_LIMIT_SANDBOX, process.env.RATE_LIMIT_PRODUCTION];
    delete process.env.RATE_LIMIT_SANDBOX;
    delete process.env.RATE_LIMIT_PRODUCTION;
    try {
      const org = await makeOrg({ plan: "ENTERPRISE", production: true });
      expect((await call("GET", "/api/v1/api-keys", { key: org.sandboxKey })).headers.get("ratelimit-limit")).toBe("120");
      expect((await call("GET", "/api/v1/api-keys", { key: org.productionKey })).headers.get("ratelimit-limit")).toBe("1200");
    } finally {
      process.env.RATE_LIMIT_SANDBOX = saved[0];
      process.env.RATE_LIMIT_PRODUCTION = saved[1];
    }
  });

  it("takes tokens from the shared bucket in leases while many are left, never admitting more than the limit", async () => {
    const org = await makeOrg();
    const db = await getDb();
    await db.update(apiKeys).set({ rateLimitPerMinute: 400 }).where(eq(apiKeys.id, org.sandboxKeyId));
    const bucket = async () =>
      Number((await db.select().from(rateBuckets).where(eq(rateBuckets.keyId, org.sandboxKeyId)))[0]!.tokens);
    // The bucket refills (400 a minute) from its first use: what may come on top of the limit is counted from here.
    const started = Date.now();
    expect((await call("GET", "/api/v1/api-keys", { key: org.sandboxKey })).status).toBe(200);
    // The first call took a twentieth of the full bucket from the database: the next 19 cost no write.
    const afterFirst = await bucket();
    expect(afterFirst).toBeGreaterThanOrEqual(379);
    expect(afterFirst).toBeLessThan(381);
    for (let i = 0; i < 19; i++) expect((await call("GET", "/api/v1/api-keys", { key: org.sandboxKey })).status).toBe(200);
    expect(Math.abs((await bucket()) - afterFirst)).toBeLessThan(1); // refilled a little at most, not taken from
    // Spent to the end: the leases shrink to one token near the limit, and the total admitted is the limit.
    const statuses: number[] = [];
    // Until the bucket is empty: on a loaded machine the calls are slower and the bucket refills meanwhile.
    for (let i = 0; i < 1200 && !statuses.includes(429); i++)
      statuses.push((await call("GET", "/api/v1/api-keys", { key: org.sandboxKey })).status);
    const refilled = Math.ceil(((Date.now() - started) / 60_000) * 400) + 2;
    const admitted = 20 + statuses.filter((s) => s === 200).length;
    expect(admitted).toBeGreaterThanOrEqual(400);
    // What refilled since the first call (400 a minute) is all that may come on top.
    expect(admitted).toBeLessThanOrEqual(400 + refilled);
    expect(statuses).toContain(429);
  });
});

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, and changes nothing", async () => {
    const org = await makeOrg();
    const pdf = await simplePdf();
    const form = { title: "Once", file: { data: pdf, name: "a.pdf" } };
    const first = await call("POST", SR, { key: org.sandboxKey, form, headers: { "idempotency-key": "create-1" } });
    expect(first.status).toBe(201);
    const second = await call("POST", SR, { key: org.sandboxKey, form, headers: { "idempotency-key": "create-1" } });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(second.body).toEqual(first.body);
    const db = await getDb();
    const rows = await db.select().from(signatureRequests).where(eq(signatureRequests.orgId, org.orgId));
    expect(rows).toHaveLength(1);

    const other = await call("POST", SR, {
      key: org.sandboxKey,
      form: { ...form, title: "Twice" },
      headers: { "idempotency-key": "create-1" },
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toMatch(/different request/);

    const json1 = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "k", environment: "SANDBOX" },
      headers: { "idempotency-key": "k1" },
    });
    // the same JSON with its keys in another order is the same request
    const json2 = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { environment: "SANDBOX", name: "k" },
      headers: { "idempotency-key": "k1" },
    });
    expect(json2.body.data.id).toBe(json1.body.data.id);
    const list = await call("GET", "/api/v1/api-keys", { key: org.sandboxKey });
    expect(list.body.data.items.filter((k: { name: string }) => k.name === "k")).toHaveLength(1);
  });

  it("replays a domain error too, but does not remember a validation failure", async () => {
    const org = await makeOrg();
    const bad = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "", environment: "SANDBOX" },
      headers: { "idempotency-key": "v1" },
    });
    expect(bad.status).toBe(400);
    const good = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "ok", environment: "SANDBOX" },
      headers: { "idempotency-key": "v1" },
    });
    expect(good.status).toBe(201);
    const forbidden = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "p", environment: "PRODUCTION" },
      headers: { "idempotency-key": "v2" },
    });
    expect(forbidden.status).toBe(403);
    const again = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "p", environment: "PRODUCTION" },
      headers: { "idempotency-key": "v2" },
    });
    expect(again.status).toBe(403);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
  });
});
