import { beforeAll, describe, expect, it } from "vitest";
import { call, makeOrg } from "../support/api";

describe("API keys", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  beforeAll(async () => {
    org = await makeOrg();
  });

  it("creates a sandbox key, shown once, with the documented format and prefix", async () => {
    const r = await call("POST", "/api/v1/api-keys", { key: org.sandboxKey, json: { name: "CI", environment: "SANDBOX" } });
    expect(r.status).toBe(201);
    expect(r.body.code).toBe(201);
    expect(r.body.statusText).toBe("Created");
    expect(r.body.message).toMatch(/shown only once/);
    expect(r.body.data.apiKey).toMatch(/^signet_test_[0-9A-Za-z]{32}$/);
    expect(r.body.data.keyPrefix).toBe(r.body.data.apiKey.slice(0, 16));
    expect(r.body.data).toMatchObject({ name: "CI", environment: "SANDBOX", allowedIps: [] });

    const list = await call("GET", "/api/v1/api-keys", { key: org.sandboxKey });
    expect(list.status).toBe(200);
    const listed = list.body.data.items.find((k: { id: string }) => k.id === r.body.data.id);
    expect(listed).toBeTruthy();
    expect(JSON.stringify(list.body)).not.toContain(r.body.data.apiKey);

    // the new key works
    const again = await call("GET", "/api/v1/api-keys", { key: r.body.data.apiKey });
    expect(again.status).toBe(200);
  });

  it("rejects a name outside 1 to 200 characters with the spec's message", async () => {
    for (const name of ["", "x".repeat(201), undefined, 42]) {
      const r = await call("POST", "/api/v1/api-keys", { key: org.sandboxKey, json: { name, environment: "SANDBOX" } });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({
        code: 400,
        statusText: "Bad Request",
        message: "Name must be between 1 and 200 characters",
        data: null,
      });
      expect(r.body.errors).toEqual([{ field: "name", message: "Name must be between 1 and 200 characters" }]);
    }
    const ok200 = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "y".repeat(200), environment: "SANDBOX" },
    });
    expect(ok200.status).toBe(201);
  });

  it("refuses production keys without an enterprise plan and a production caller", async () => {
    const body = { name: "prod", environment: "PRODUCTION" };
    const fromSandbox = await call("POST", "/api/v1/api-keys", { key: org.sandboxKey, json: body });
    expect(fromSandbox.status).toBe(403);
    expect(fromSandbox.body).toMatchObject({
      code: 403,
      message: "Enterprise plan required for production API keys",
      data: null,
    });

    const freeProd = await makeOrg({ production: true });
    const r = await call("POST", "/api/v1/api-keys", { key: freeProd.productionKey, json: body });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ errorCode: "ENTERPRISE_PLAN_REQUIRED", details: { plan: "FREE" } });

    const ent = await makeOrg({ plan: "ENTERPRISE", production: true });
    const sandboxOfEnterprise = await call("POST", "/api/v1/api-keys", { key: ent.sandboxKey, json: body });
    expect(sandboxOfEnterprise.status).toBe(403);
    const good = await call("POST", "/api/v1/api-keys", { key: ent.productionKey, json: body });
    expect(good.status).toBe(201);
    expect(good.body.data.apiKey).toMatch(/^signet_live_[0-9A-Za-z]{32}$/);
    // a production key may create sandbox keys too
    const sb = await call("POST", "/api/v1/api-keys", { key: ent.productionKey, json: { name: "sb", environment: "SANDBOX" } });
    expect(sb.status).toBe(201);
  });

  it("answers 401 for a missing, unknown or revoked key", async () => {
    const missing = await call("GET", "/api/v1/api-keys", {});
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ code: 401, statusText: "Unauthorized", message: "Missing API key", data: null });

    const unknown = await call("GET", "/api/v1/api-keys", { key: "signet_test_" + "A".repeat(32) });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe("Invalid API key");
    const garbage = await call("GET", "/api/v1/api-keys", { key: "nonsense" });
    expect(garbage.body.message).toBe("Invalid API key");

    const created = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "to revoke", environment: "SANDBOX" },
    });
    const revoked = await call("DELETE", `/api/v1/api-keys/${created.body.data.id}`, { key: org.sandboxKey });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revokedAt).toBeTruthy();
    const after = await call("GET", "/api/v1/api-keys", { key: created.body.data.apiKey });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
  });

  it("enforces allowedIps, addresses and CIDR ranges, IPv4 and IPv6", async () => {
    const r = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "office", environment: "SANDBOX", allowedIps: ["10.1.2.3", "192.168.0.0/24", "2001:db8::/32"] },
    });
    expect(r.status).toBe(201);
    const k = r.body.data.apiKey;
    for (const ip of ["10.1.2.3", "192.168.0.77", "::ffff:192.168.0.9", "2001:db8::1"]) {
      expect((await call("GET", "/api/v1/api-keys", { key: k, ip })).status, ip).toBe(200);
    }
    for (const ip of ["10.1.2.4", "192.168.1.1", "2001:db9::1", "127.0.0.1"]) {
      const denied = await call("GET", "/api/v1/api-keys", { key: k, ip });
      expect(denied.status, ip).toBe(403);
      expect(denied.body.message).toContain(ip);
    }
    const bad = await call("POST", "/api/v1/api-keys", {
      key: org.sandboxKey,
      json: { name: "x", environment: "SANDBOX", allowedIps: ["300.1.1.1"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]?.field).toBe("allowedIps.0");
  });

  it("hides keys of other organizations and environments (404)", async () => {
    const other = await makeOrg();
    const created = await call("POST", "/api/v1/api-keys", {
      key: other.sandboxKey,
      json: { name: "theirs", environment: "SANDBOX" },
    });
    const r = await call("DELETE", `/api/v1/api-keys/${created.body.data.id}`, { key: org.sandboxKey });
    expect(r.status).toBe(404);
    const list = await call("GET", "/api/v1/api-keys", { key: org.sandboxKey });
    expect(list.body.data.items.map((k: { id: string }) => k.id)).not.toContain(created.body.data.id);

    const ent = await makeOrg({ plan: "ENTERPRISE", production: true });
    const prod = await call("POST", "/api/v1/api-keys", {
      key: ent.productionKey,
      json: { name: "p", environment: "PRODUCTION" },
    });
    const fromSandbox = await call("DELETE", `/api/v1/api-keys/${prod.body.data.id}`, { key: ent.sandboxKey });
    expect(fromSandbox.status).toBe(404);
    expect((await call("DELETE", `/api/v1/api-keys/not-a-uuid`, { key: org.sandboxKey })).status).toBe(404);
  });

  it("answers 405 in the envelope for a method the path does not take, and 400 for malformed JSON", async () => {
    const r = await call("PUT", "/api/v1/api-keys", { key: org.sandboxKey });
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ code: 405, data: null });
    expect(r.headers.get("allow")).toBe("GET, POST");
    const bad = await call("POST", "/api/v1/api-keys", { key: org.sandboxKey, json: "{not json" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Malformed JSON body");
  });

  it("production keys stop when the organization leaves the Enterprise plan, and work again when it is back", async () => {
    const org = await makeOrg({ plan: "ENTERPRISE", production: true });
    const list = (key: string) => call("GET", "/api/v1/enterprise/signature-requests", { key });
    expect((await list(org.productionKey!)).status).toBe(200);
    await org.setPlan("FREE");
    const refused = await list(org.productionKey!);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 403,
      data: null,
      errorCode: "ENTERPRISE_PLAN_REQUIRED",
      details: { plan: "FREE" },
    });
    expect(refused.body.message).toMatch(/no longer includes the production environment/);
    // Nothing can be made with it meanwhile; the sandbox key is not affected.
    const made = await call("POST", "/api/v1/enterprise/signature-requests", {
      key: org.productionKey!,
      form: { title: "x", file: { data: new Uint8Array(Buffer.from("%PDF-1.4\n")), name: "x.pdf", type: "application/pdf" } },
    });
    expect(made.status).toBe(403);
    expect((await list(org.sandboxKey)).status).toBe(200);
    await org.setPlan("ENTERPRISE");
    expect((await list(org.productionKey!)).status).toBe(200);
  });
});
