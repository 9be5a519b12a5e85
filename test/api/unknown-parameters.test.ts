import { beforeAll, describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/server/http/openapi";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { sentRequest, tokenOf } from "../support/signing";

// A JSON body's key that its operation does not know is a 400 UNKNOWN_PARAMETER naming it, on every
// operation of the OpenAPI document, and changes nothing: read without it, the call would do something
// else than asked (a field posted with `conditions` would be stored without them).

const SR = "/api/v1/enterprise/signature-requests";
const UUID = "0b9f7c1e-0000-4000-8000-000000000000";

interface Operation {
  requestBody?: { content: Record<string, unknown> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
}

describe("a JSON body with a key the operation does not know", () => {
  let key: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key);
    const sent = await sentRequest(key, [{ email: "signer@example.com", name: "Sig Ner", order: 1 }]);
    ids = { id: d.id, token: await tokenOf(sent.recipientIds[0]), page: "1" };
  });

  it("is a 400 UNKNOWN_PARAMETER naming the key, on every operation that takes JSON", async () => {
    const doc = openApiDocument("http://localhost:3000") as unknown as Doc;
    const failures: string[] = [];
    let cases = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (!op.requestBody?.content["application/json"]) continue;
        const url = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? UUID));
        cases++;
        const r = await call(method.toUpperCase(), url, { key, json: { zzUnknownParameter: 1 } });
        const named = (r.body?.errors ?? []).some((e: { field: string }) => e.field === "zzUnknownParameter");
        if (r.status !== 400 || r.body?.errorCode !== "UNKNOWN_PARAMETER" || !named)
          failures.push(`${method.toUpperCase()} ${template}: ${r.status} ${JSON.stringify(r.body)?.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(cases).toBeGreaterThan(25);
  }, 120_000);

  it("names a key inside a list, says nothing of a known one, and changes nothing", async () => {
    const d = await createDraft(key);
    const r = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s@example.com", name: "Sam" } })).body.data;
    const field = { type: "TEXT", recipientId: r.id, page: 1, x: 10, y: 10, width: 100, height: 20 };
    const bad = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: { fields: [field, { ...field, y: 40, colour: "red" }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      errorCode: "UNKNOWN_PARAMETER",
      errors: [{ field: "fields.1.colour" }],
      details: { unknown: ["fields.1.colour"] },
    });
    expect(bad.body.message).toContain('"fields.1.colour"');
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.fields).toEqual([]);
    // The same body without it is taken.
    const good = await call("POST", `${SR}/${d.id}/fields`, { key, json: { fields: [field, { ...field, y: 40 }] } });
    expect(good.status).toBe(201);
    // A record's keys are the caller's own (templateData), never unknown.
    const patch = await call("PATCH", `${SR}/${d.id}`, { key, json: { title: "Renamed", tiitle: "typo" } });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual([{ field: "tiitle", message: "Unknown parameter: tiitle" }]);
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.title).not.toBe("Renamed");
  });

  it("a body nested past the limit is a 400 JSON_TOO_DEEP, whatever the operation; the server answers after", async () => {
    const d = await createDraft(key);
    // Written out as text (JSON.stringify itself would run out of stack): 200,000 arrays, one in another.
    const deep = `${"[".repeat(200_000)}"x"${"]".repeat(200_000)}`;
    for (const [method, path, json] of [
      ["PATCH", `${SR}/${d.id}`, `{"title":${deep}}`],
      ["POST", `${SR}/templates/${UUID}/use`, `{"title":"t","recipients":[],"templateData":{"a":${deep}}}`],
      ["POST", `${SR}/${d.id}/fields`, deep],
    ] as const) {
      const r = await call(method, path, { key, json });
      expect(r.status, path).toBe(400);
      expect(r.body).toMatchObject({ errorCode: "JSON_TOO_DEEP", details: { limit: 32 } });
    }
    // Within the limit, a map the caller names is theirs at any of its depths.
    let nested: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < 25; i++) nested = { n: nested };
    const within = await call("POST", `${SR}/templates/${UUID}/use`, {
      key,
      json: { title: "t", recipients: [], templateData: nested },
    });
    expect(within.body.errorCode).toBe("TEMPLATE_NOT_FOUND");
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data.title).toBe(d.title);
  });
});
