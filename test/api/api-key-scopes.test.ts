// Scoped API keys: every operation needs the scopes lib/schemas/operation-scopes.ts gives it. A key without one
// is refused with 403 API_KEY_SCOPE_MISSING naming it, before the call is read and with nothing changed; a key
// with exactly those scopes gets past the check. A key made without scopes (as the spec makes keys) and every
// key made before scopes existed keep them all. A key gives a new key only scopes it holds.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { apiKeys, signatureRequests } from "@/lib/server/db/schema";
import { insertApiKey } from "@/lib/server/api-keys/create-api-key";
import { ops } from "@/lib/schemas/operations";
import { operationScopes } from "@/lib/schemas/operation-scopes";
import { SCOPES, type Scope } from "@/lib/schemas/scopes";
import type { Operation } from "@/lib/schemas/operation";
import { call, makeOrg } from "../support/api";
import { simplePdf } from "../support/simple-pdf";

const ZERO = "00000000-0000-4000-8000-000000000000";
const pathOf = (op: Operation) => op.path.replace(/\{[^}]+\}/g, ZERO);
/** An empty JSON body where the method carries one. */
const bodyFor = (op: Operation) => (op.method === "GET" || op.method === "DELETE" ? undefined : {});

async function keyWith(orgId: string, scopes: readonly Scope[] | null) {
  const { apiKey } = await insertApiKey(await getDb(), { orgId, name: "scoped", environment: "SANDBOX", scopes });
  return apiKey;
}

describe("each operation's scopes", () => {
  it("are refused when one is missing (403 naming it, nothing read) and let through when held", async () => {
    const org = await makeOrg();
    const table = Object.entries(operationScopes) as [keyof typeof operationScopes, readonly Scope[]][];
    expect(table.length).toBeGreaterThan(60);
    const problems: string[] = [];
    const keys = new Map<string, string>();
    const keyFor = async (scopes: readonly Scope[]) => {
      const name = scopes.join(",");
      if (!keys.has(name)) keys.set(name, await keyWith(org.orgId, scopes));
      return keys.get(name)!;
    };
    for (const [name, needed] of table) {
      const op = (ops as Record<string, Operation>)[name]!;
      // Every other scope: still refused, naming what is missing.
      const others = SCOPES.filter((s) => !needed.includes(s));
      if (others.length) {
        const r = await call(op.method, pathOf(op), { key: await keyFor(others), json: bodyFor(op), unchecked: true });
        const body = r.body as { errorCode?: string; details?: { missing?: string[] } };
        if (r.status !== 403 || body.errorCode !== "API_KEY_SCOPE_MISSING")
          problems.push(`${name} without ${needed.join("+")}: ${r.status} ${body.errorCode}`);
        else if (JSON.stringify(body.details?.missing) !== JSON.stringify(needed))
          problems.push(`${name}: missing ${JSON.stringify(body.details?.missing)}, needs ${needed.join("+")}`);
      }
      // Exactly its scopes: past the check (what follows may refuse the made-up id or the empty body).
      const held = await call(op.method, pathOf(op), { key: await keyFor(needed), json: bodyFor(op), unchecked: true });
      if ((held.body as { errorCode?: string }).errorCode === "API_KEY_SCOPE_MISSING")
        problems.push(`${name} with ${needed.join("+")}: refused`);
      if (held.status >= 500) problems.push(`${name} with ${needed.join("+")}: ${held.status}`);
    }
    expect(problems).toEqual([]);
  });

  it("lets a key made without scopes, and one from before scopes existed, do everything", async () => {
    const org = await makeOrg();
    const made = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "as the spec makes it", environment: "SANDBOX" },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ scopes: [...SCOPES], allScopes: true });
    const fresh = (made.body.data as { apiKey: string }).apiKey;
    const created = await call("POST", "/api/v1/enterprise/signature-requests", {
      key: fresh,
      form: { title: "Everything", file: { data: await simplePdf(), name: "a.pdf", type: "application/pdf" } },
    });
    expect(created.status).toBe(201);
    // A row as an older version left it (no scopes column value): every scope.
    const db = await getDb();
    const [row] = await db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.keyPrefix, fresh.slice(0, 12)));
    expect(row?.scopes ?? null).toBeNull();
    expect((await call("GET", "/api/v1/enterprise/webhooks", { key: fresh })).status).toBe(200);
    expect((await call("GET", "/api/v1/api-keys", { key: fresh })).status).toBe(200);
  });
});

describe("a read-only key", () => {
  it("reads, and cannot draft, send or delete: the request stays as it was", async () => {
    const org = await makeOrg();
    const created = await call("POST", "/api/v1/enterprise/signature-requests", {
      key: org.sandboxKey,
      form: { title: "Read me", file: { data: await simplePdf(), name: "a.pdf", type: "application/pdf" } },
    });
    const id = (created.body.data as { id: string }).id;
    const reader = await keyWith(org.orgId, ["requests:read", "templates:read"]);
    expect((await call("GET", `/api/v1/enterprise/signature-requests/${id}`, { key: reader })).status).toBe(200);
    const refused = await call("POST", `/api/v1/enterprise/signature-requests/${id}/recipients`, {
      key: reader,
      json: { name: "Ann", email: "ann@example.com" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      errorCode: "API_KEY_SCOPE_MISSING",
      details: { missing: ["requests:write"], granted: ["requests:read", "templates:read"] },
    });
    expect(refused.body?.message).toMatch(/requests:write/);
    expect((await call("POST", `/api/v1/enterprise/signature-requests/${id}/send`, { key: reader })).status).toBe(403);
    expect((await call("DELETE", `/api/v1/enterprise/signature-requests/${id}`, { key: reader })).status).toBe(403);
    const db = await getDb();
    const [row] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, id));
    expect(row?.status).toBe("DRAFT");
    const detail = await call("GET", `/api/v1/enterprise/signature-requests/${id}`, { key: reader });
    expect((detail.body.data as { recipients: unknown[] }).recipients).toEqual([]);
  });
});

describe("making a key with scopes", () => {
  it("takes a list of known scopes (in their order, without repeats) and refuses an unknown one or an empty list", async () => {
    const org = await makeOrg();
    const made = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "drafts", environment: "SANDBOX", scopes: ["requests:write", "requests:read", "requests:write"] },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ scopes: ["requests:read", "requests:write"], allScopes: false });
    const listed = await call("GET", "/api/v1/api-keys", { key: org.sandboxKey });
    const found = (listed.body.data as { items: { name: string; scopes: string[] }[] }).items.find((k) => k.name === "drafts");
    expect(found?.scopes).toEqual(["requests:read", "requests:write"]);
    for (const scopes of [["requests:everything"], [], "requests:read", [1]]) {
      const bad = await call("POST", "/api/v1/api-keys", {
        key: org.sandboxKey,
        json: { name: "bad", environment: "SANDBOX", scopes },
      });
      expect([JSON.stringify(scopes), bad.status, bad.body?.errorCode]).toEqual([
        JSON.stringify(scopes),
        400,
        "VALIDATION_FAILED",
      ]);
    }
  });

  it("never gives a new key a scope its maker lacks", async () => {
    const org = await makeOrg();
    const keeper = await keyWith(org.orgId, ["keys:manage", "requests:read"]);
    const narrower = await call("POST", "/api/v1/api-keys", {
      key: keeper,
      json: { name: "reader", environment: "SANDBOX", scopes: ["requests:read"] },
    });
    expect(narrower.status).toBe(201);
    const db = await getDb();
    const before = (await db.select().from(apiKeys).where(eq(apiKeys.orgId, org.orgId))).length;
    const wider = await call("POST", "/api/v1/api-keys", {
      key: keeper,
      json: { name: "sender", environment: "SANDBOX", scopes: ["requests:read", "requests:send"] },
    });
    expect(wider.status).toBe(403);
    expect(wider.body).toMatchObject({ errorCode: "API_KEY_SCOPE_MISSING", details: { missing: ["requests:send"] } });
    // Left out, scopes mean all of them: more than this key holds.
    const all = await call("POST", "/api/v1/api-keys", { key: keeper, json: { name: "all", environment: "SANDBOX" } });
    expect(all.status).toBe(403);
    expect(all.body?.message).toMatch(/name the scopes/);
    expect((await db.select().from(apiKeys).where(eq(apiKeys.orgId, org.orgId))).length).toBe(before);
  });
});
