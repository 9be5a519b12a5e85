import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { apiKeys, staffUsers } from "@/lib/server/db/schema";
import { bootstrap, dashboardApiKey } from "@/lib/server/bootstrap";
import { verifyPassword } from "@/lib/server/auth/password";
import { hashApiKey } from "@/lib/server/auth/keys";
import { ops } from "@/lib/schemas/operations";
import { call } from "../support/api";
import { defined, firstOf } from "../support/expect-helpers";
import { operationOf, type OpenApiDoc } from "../support/openapi-doc";

describe("OpenAPI", () => {
  it("describes every operation the routes take, from their schemas", async () => {
    const r = await call("GET", "/api/v1/openapi.json");
    expect(r.status).toBe(200);
    const doc = (await r.raw.json()) as OpenApiDoc;
    expect(doc.openapi).toBe("3.1.0");
    for (const op of Object.values(ops))
      expect(doc.paths[op.path]?.[op.method.toLowerCase()], `${op.method} ${op.path}`).toBeTruthy();
    const createKey = operationOf(doc, "/api/v1/api-keys", "post");
    const schema = defined(createKey.requestBody?.content["application/json"]?.schema, "the JSON body of POST /api/v1/api-keys");
    expect(schema.required).toEqual(expect.arrayContaining(["name", "environment"]));
    expect(schema.properties?.name).toMatchObject({ minLength: 1, maxLength: 200 });
    expect(schema.properties?.environment?.enum).toEqual(["SANDBOX", "PRODUCTION"]);
    const create = operationOf(doc, "/api/v1/enterprise/signature-requests", "post");
    // One PDF, or the part repeated for several documents.
    expect(create.requestBody?.content["multipart/form-data"]?.schema.properties?.file).toMatchObject({
      anyOf: [
        { type: "string", format: "binary" },
        { type: "array", items: { type: "string", format: "binary" } },
      ],
    });
    expect(create.responses["415"]).toBeTruthy();
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({ in: "header", name: "X-API-Key" });
    const list = operationOf(doc, "/api/v1/enterprise/signature-requests", "get");
    expect(list.parameters?.map((p) => p.name)).toEqual([
      "limit",
      "cursor",
      "status",
      "q",
      "createdBy",
      "source",
      "publicLinkId",
      "createdFrom",
      "createdTo",
    ]);
  });
});

describe("bootstrap", () => {
  it("creates the first staff login, the bootstrap key and the dashboard's key, and is idempotent", async () => {
    const key = "signet_test_" + "B".repeat(32);
    process.env.SIGNET_BOOTSTRAP_KEY = key;
    process.env.ADMIN_EMAIL = "Boss@Example.com";
    process.env.ADMIN_PASSWORD = "correct horse battery";
    try {
      const first = await bootstrap();
      expect(first.adminEmail).toBe("boss@example.com");
      expect(first.generatedPassword).toBeUndefined();
      const again = await bootstrap();
      expect(again.orgId).toBe(first.orgId);
      const db = await getDb();
      const user = firstOf(await db.select().from(staffUsers).where(eq(staffUsers.email, "boss@example.com")), "staff user");
      expect(user.passwordHash).toMatch(/^scrypt\$/);
      expect(user.passwordHash).not.toContain("correct horse");
      expect(await verifyPassword("correct horse battery", user.passwordHash!)).toBe(true);
      expect(await verifyPassword("wrong", user.passwordHash!)).toBe(false);
      const rows = await db
        .select()
        .from(apiKeys)
        .where(eq(apiKeys.keyHash, hashApiKey(key)));
      expect(rows).toHaveLength(1);
      expect((await call("GET", "/api/v1/api-keys", { key })).status).toBe(200);
      const dash = await dashboardApiKey();
      expect(dash).toMatch(/^signet_test_/);
      // the dashboard's key works, and is not listed
      const list = await call("GET", "/api/v1/api-keys", { key: dash });
      expect(list.status).toBe(200);
      expect(list.body.data.items.map((k: { keyPrefix: string }) => k.keyPrefix)).not.toContain(dash.slice(0, 16));

      process.env.ADMIN_PASSWORD = "new password 2";
      await bootstrap();
      const changed = firstOf(await db.select().from(staffUsers).where(eq(staffUsers.email, "boss@example.com")), "staff user");
      expect(await verifyPassword("new password 2", changed.passwordHash!)).toBe(true);
    } finally {
      delete process.env.SIGNET_BOOTSTRAP_KEY;
      delete process.env.ADMIN_EMAIL;
      delete process.env.ADMIN_PASSWORD;
    }
  });

  it("refuses a malformed bootstrap key, or a production one without the enterprise plan", async () => {
    process.env.SIGNET_BOOTSTRAP_KEY = "signet_test_short";
    await expect(bootstrap()).rejects.toThrow(/SIGNET_BOOTSTRAP_KEY must be/);
    process.env.SIGNET_BOOTSTRAP_KEY = "signet_live_" + "L".repeat(32);
    await expect(bootstrap()).rejects.toThrow(/ENTERPRISE/);
    delete process.env.SIGNET_BOOTSTRAP_KEY;
  });
});
