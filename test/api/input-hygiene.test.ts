import { beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import * as schema from "@/lib/server/db/schema";
import { openApiDocument } from "@/lib/server/http/openapi";
import { AppError } from "@/lib/server/errors";
import { inviteStaff } from "@/lib/server/staff/invite-staff";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { sentRequest, tokenOf } from "../support/signing";
import { simplePdf } from "../support/simple-pdf";
import { firstOf } from "../support/expect-helpers";

// What text the API takes: no C0 control but tab and line breaks and no lone surrogate anywhere (a 400 naming
// the field, never a 500 from PostgreSQL), one line where a name or title is asked for, no bidi control or
// zero-width character in a name people read; and one value per field in a signature.

const SR = "/api/v1/enterprise/signature-requests";
const T = "/api/v1/enterprise/templates";
const UUID = "0b9f7c1e-0000-4000-8000-000000000000";

interface Schema {
  type?: string | string[];
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  $ref?: string;
  additionalProperties?: Schema | boolean;
}
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
type Path = (string | number)[];

/** Every place a string goes in a body of this schema: its path, an array's first item, a record's key "k". */
function stringPaths(doc: Doc, s: Schema, path: Path = [], depth = 0, out = new Map<string, Path>()): Map<string, Path> {
  if (depth > 12) return out;
  if (s.$ref) return stringPaths(doc, doc.components.schemas[s.$ref.split("/").pop()!]!, path, depth + 1, out);
  for (const v of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) stringPaths(doc, v, path, depth + 1, out);
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (types.includes("string") && path.length) out.set(path.join("."), path);
  for (const [k, v] of Object.entries(s.properties ?? {})) stringPaths(doc, v, [...path, k], depth + 1, out);
  if (s.items) stringPaths(doc, s.items, [...path, 0], depth + 1, out);
  if (s.additionalProperties && typeof s.additionalProperties === "object")
    stringPaths(doc, s.additionalProperties, [...path, "k"], depth + 1, out);
  return out;
}

/** A body holding `value` at `path` and nothing else. */
function bodyAt(path: Path, value: unknown): unknown {
  const [head, ...rest] = path;
  const inner = rest.length ? bodyAt(rest, value) : value;
  return typeof head === "number" ? [inner] : { [head!]: inner };
}

/** The rows of every table a call could add to or change, counted. */
async function counts(): Promise<Record<string, number>> {
  const db = await getDb();
  const tables = {
    organizations: schema.organizations,
    apiKeys: schema.apiKeys,
    staffUsers: schema.staffUsers,
    signatureRequests: schema.signatureRequests,
    documentVersions: schema.documentVersions,
    recipients: schema.recipients,
    fields: schema.fields,
    auditEvents: schema.auditEvents,
    jobs: schema.jobs,
    mailLog: schema.mailLog,
    webhookEndpoints: schema.webhookEndpoints,
    templates: schema.templates,
    templateRoles: schema.templateRoles,
    templateFields: schema.templateFields,
    bulkSends: schema.bulkSends,
    signerSessions: schema.signerSessions,
    embedLinks: schema.embedLinks,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  return out;
}

const CONTROLS = ["\u0000", "\u001b"];
/** Not characters: a lone high and a lone low surrogate (JSON can spell them; URLs and multipart parts, as UTF-8, cannot). */
const LONE_SURROGATES = ["\ud800", "\udfff"];

describe("control characters and lone surrogates in any text input", () => {
  let key: string;
  let ids: Record<string, string>;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key);
    const r = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s@example.com", name: "Sam" } })).body.data;
    const f = firstOf(
      (
        await call("POST", `${SR}/${d.id}/fields`, {
          key,
          json: { type: "TEXT", recipientId: r.id, page: 1, x: 10, y: 10, width: 100, height: 20 },
        })
      ).body.data.fields,
      "fields",
    );
    const tpl = await call("POST", T, {
      key,
      form: { name: "Letter", file: { data: await simplePdf(), name: "letter.pdf", type: "application/pdf" } },
    });
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);
    const sent = await sentRequest(key, [{ email: "signer@example.com", name: "Sig Ner", order: 1 }]);
    ids = {
      id: d.id,
      documentId: d.documents[0]!.id,
      recipientId: r.id,
      fieldId: f.id,
      templateId: tpl.body.data.id,
      token: await tokenOf(sent.recipientIds[0]),
      page: "1",
    };
  });

  /** The value of a path parameter: a real record where the path names one, so that only the control is wrong. */
  const param = (path: string, name: string) =>
    name === "id" && path.startsWith(T) ? ids.templateId! : name === "id" && !path.startsWith(SR) ? UUID : ids[name]!;

  it("is a 400 VALIDATION_FAILED naming the field, for every string input of the OpenAPI document, and changes nothing", async () => {
    const doc = openApiDocument("http://localhost:3000") as unknown as Doc;
    const before = await counts();
    const draft = (await call("GET", `${SR}/${ids.id}`, { key })).body.data;
    const failures: string[] = [];
    let cases = 0;

    for (const [template, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const params = op.parameters ?? [];
        const url = (bad?: { name: string; value: string }) =>
          template.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(bad?.name === name ? bad.value : param(template, name)),
          );
        const send = async (what: string, expected: string, path: string, opts: Parameters<typeof call>[2]) => {
          cases++;
          const r = await call(method.toUpperCase(), path, { key, ...opts });
          const named = (r.body?.errors ?? []).some((e: { field: string }) => e.field === expected);
          if (r.status !== 400 || r.body?.errorCode !== "VALIDATION_FAILED" || !named)
            failures.push(`${method.toUpperCase()} ${template} ${what}: ${r.status} ${JSON.stringify(r.body)}`);
        };

        for (const c of CONTROLS) {
          const value = `a${c}b`;
          for (const p of params.filter((p) => p.in === "path"))
            await send(`path ${p.name}`, p.name, url({ name: p.name, value }), {});
          for (const p of params.filter((p) => p.in === "query"))
            await send(`query ${p.name}`, p.name, `${url()}?${new URLSearchParams({ [p.name]: value })}`, {});
          const json = op.requestBody?.content["application/json"]?.schema;
          if (json)
            for (const [field, path] of stringPaths(doc, json))
              await send(`body ${field}`, field, url(), { json: bodyAt(path, value) });
          const multipart = op.requestBody?.content["multipart/form-data"]?.schema;
          for (const [part, s] of Object.entries(multipart?.properties ?? {})) {
            const file = s.format === "binary";
            await send(`part ${part}`, part, url(), {
              form: { [part]: file ? { data: await simplePdf(), name: `letter${c}.pdf`, type: "application/pdf" } : value },
            });
          }
        }
        const json = op.requestBody?.content["application/json"]?.schema;
        for (const c of LONE_SURROGATES)
          for (const [field, path] of json ? stringPaths(doc, json) : [])
            await send(`body ${field} (lone surrogate)`, field, url(), { json: bodyAt(path, `a${c}b`) });
      }
    }

    expect(failures).toEqual([]);
    // Every path, query and body string of the API: well over a hundred places, each tried with two controls
    // (and each body string with two lone surrogates).
    expect(cases).toBeGreaterThan(400);
    expect(await counts()).toEqual(before);
    expect((await call("GET", `${SR}/${ids.id}`, { key })).body.data).toEqual(draft);
  }, 300_000);

  it("names a key that holds one, and the field inside a list", async () => {
    const use = await call("POST", `${SR}/templates/${ids.templateId}/use`, {
      key,
      json: {
        title: "From a template",
        recipients: [{ email: "a@example.com", name: "A" }],
        templateData: { "na\u0000me": "x" },
      },
    });
    expect(use.status).toBe(400);
    expect(use.body.errors).toEqual([{ field: "templateData.na\\u0000me", message: expect.stringContaining("U+0000") }]);
    const fields = await call("POST", `${SR}/${ids.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "TEXT", recipientId: ids.recipientId, page: 1, x: 10, y: 10, width: 100, height: 20 },
          { type: "TEXT", recipientId: ids.recipientId, page: 1, x: 10, y: 40, width: 100, height: 20, label: "Job\u0007" },
        ],
      },
    });
    expect(fields.status).toBe(400);
    expect(fields.body.errors).toEqual([{ field: "fields.1.label", message: expect.stringContaining("U+0007") }]);
  });

  it("what gave a 500 before: a NUL in a new request's title, a PATCH title, a template's name, ?q=", async () => {
    const before = await counts();
    const create = await call("POST", SR, {
      key,
      form: { title: "Contract\u0000", file: { data: await simplePdf(), name: "c.pdf", type: "application/pdf" } },
    });
    const patch = await call("PATCH", `${SR}/${ids.id}`, { key, json: { title: "Contract\u0000" } });
    const tplCreate = await call("POST", T, {
      key,
      form: { name: "Letter\u0000", file: { data: await simplePdf(), name: "letter.pdf", type: "application/pdf" } },
    });
    const tplPatch = await call("PATCH", `${T}/${ids.templateId}`, { key, json: { name: "Letter\u0000" } });
    const search = await call("GET", `${SR}?q=${encodeURIComponent("Con\u0000")}`, { key });
    for (const [r, field] of [
      [create, "title"],
      [patch, "title"],
      [tplCreate, "name"],
      [tplPatch, "name"],
      [search, "q"],
    ] as const) {
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body).toMatchObject({ errorCode: "VALIDATION_FAILED", data: null, errors: [{ field }] });
    }
    expect(await counts()).toEqual(before);
  });

  it("keeps tabs and line breaks where text has lines, and refuses them where it is one line", async () => {
    const message = await call("PATCH", `${SR}/${ids.id}`, { key, json: { message: "Hello,\n\tplease sign.\r\nThanks" } });
    expect(message.status, JSON.stringify(message.body)).toBe(200);
    expect(message.body.data.sendSettings.message).toBe("Hello,\n\tplease sign.\nThanks");
    for (const title of ["Two\nlines", "Tab\tbed"]) {
      const r = await call("PATCH", `${SR}/${ids.id}`, { key, json: { title } });
      expect(r.status, title).toBe(400);
      expect(r.body.errors).toEqual([{ field: "title", message: expect.stringMatching(/one line/) }]);
    }
  });
});

describe("names people read", () => {
  // Right-to-left override, the isolates, the marks, the Arabic letter mark, and the zero-width ones.
  const HIDDEN = [
    "\u202e",
    "\u202a",
    "\u2066",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u200b",
    "\u200c",
    "\u200d",
    "\u2060",
    "\ufeff",
  ];
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("refuse bidi controls and zero-width characters: 400 naming the field and the character, nothing changed", async () => {
    const d = await createDraft(key);
    const rid = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "r@example.com", name: "Rita" } })).body
      .data.id as string;
    const tpl = await call("POST", T, {
      key,
      form: { name: "Letter", file: { data: await simplePdf(), name: "letter.pdf", type: "application/pdf" } },
    });
    const tid = tpl.body.data.id as string;
    const sent = await sentRequest(key, [{ email: "s@example.com", name: "Sig Ner", order: 1 }]);
    const before = await counts();
    const draft = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    const roles = (await call("GET", `${T}/${tid}/roles`, { key })).body.data;

    for (const h of HIDDEN) {
      const name = `Ann${h}exe.pdf`;
      const cases: [string, Promise<Awaited<ReturnType<typeof call>>>][] = [
        ["name", call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "x@example.com", name } })],
        ["name", call("PATCH", `${SR}/${d.id}/recipients/${rid}`, { key, json: { name } })],
        ["name", call("POST", `${SR}/${sent.id}/recipients/${sent.recipientIds[0]}/correct`, { key, json: { name } })],
        ["roles.0.name", call("PUT", `${T}/${tid}/roles`, { key, json: { roles: [{ name }] } })],
        ["name", call("PATCH", `${T}/${tid}`, { key, json: { name } })],
        ["name", call("POST", `${SR}/${d.id}/save-as-template`, { key, json: { name } })],
        ["title", call("PATCH", `${SR}/${d.id}`, { key, json: { title: name } })],
        [
          "recipients.0.name",
          call("POST", `${SR}/templates/${tid}/use`, {
            key,
            json: { title: "T", recipients: [{ email: "u@example.com", name }] },
          }),
        ],
        ["title", call("POST", `${SR}/templates/${tid}/use`, { key, json: { title: name, recipients: [] } })],
        [
          "title",
          call("POST", SR, {
            key,
            form: { title: name, file: { data: await simplePdf(), name: "c.pdf", type: "application/pdf" } },
          }),
        ],
        [
          "name",
          call("POST", T, { key, form: { name, file: { data: await simplePdf(), name: "l.pdf", type: "application/pdf" } } }),
        ],
      ];
      const code = `U+${h.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      for (const [field, pending] of cases) {
        const r = await pending;
        expect(r.status, `${field} ${code} ${JSON.stringify(r.body)}`).toBe(400);
        expect(r.body.errorCode).toBe("VALIDATION_FAILED");
        expect(r.body.errors).toContainEqual({ field, message: expect.stringContaining(code) });
      }
      // A staff member's name (the team page's invitation), by the same rule.
      const invite = await inviteStaff(
        { id: UUID, orgId: UUID, email: "a@example.com", name: "A", role: "ADMIN", sessionId: UUID },
        { name, email: "new.staff@example.com", role: "MEMBER" },
      ).catch((e: unknown) => e);
      expect(invite).toBeInstanceOf(AppError);
      expect(invite).toMatchObject({
        code: "VALIDATION_FAILED",
        errors: [{ field: "name", message: expect.stringContaining(code) }],
      });
    }
    expect(await counts()).toEqual(before);
    expect((await call("GET", `${SR}/${d.id}`, { key })).body.data).toEqual(draft);
    expect((await call("GET", `${T}/${tid}/roles`, { key })).body.data).toEqual(roles);
  });

  it("take what a name may hold: accents, other scripts, quotes and an emoji", async () => {
    const d = await createDraft(key);
    for (const name of ["José Ñúñez", "Zoë O'Brien", "Дмитрий", "山田 太郎", "محمد", "Sam 🙂"]) {
      const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "n@example.com", name } });
      expect(r.status, name).toBe(201);
      expect(r.body.data.name).toBe(name);
    }
  });

  it("a template named after its file drops what a name may not hold from the file's name", async () => {
    const r = await call("POST", T, {
      key,
      form: { file: { data: await simplePdf(), name: "Offer\u202efdp.exe.pdf", type: "application/pdf" } },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data.name).toBe("Offerfdp.exe");
  });
});

describe("one value per field in a signature", () => {
  it("a fieldId given twice is 422 FIELD_VALUE_REPEATED naming it, and nothing is recorded", async () => {
    const key = (await makeOrg()).sandboxKey;
    const sent = await sentRequest(key, [{ email: "twice@example.com", name: "Tw Ice", order: 1 }]);
    await runDueJobs();
    const rid = sent.recipientIds[0];
    const token = await tokenOf(rid);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = (view.fields as { id: string; type: string }[])
      .filter((f) => f.type !== "DATE")
      .map((f) => (f.type === "TEXT" ? { fieldId: f.id, text: "CFO" } : { fieldId: f.id, typed: "Tw Ice" }));
    const text = values.find((v) => "text" in v)!;
    const before = (await call("GET", `${SR}/${sent.id}/audit`, { key })).body.data.items.length;

    const twice = await call("POST", `/api/sign/${token}/sign`, {
      json: { consent: true, values: [...values, { fieldId: text.fieldId, text: "CEO" }] },
    });
    expect(twice.status, JSON.stringify(twice.body)).toBe(422);
    expect(twice.body).toMatchObject({
      errorCode: "FIELD_VALUE_REPEATED",
      data: null,
      details: { fieldId: text.fieldId },
      errors: [{ field: `values.${values.length}.fieldId` }],
    });
    const db = await getDb();
    const stored = await db.select().from(schema.fields).where(eq(schema.fields.recipientId, rid));
    expect(stored.map((f) => f.value)).toEqual(stored.map(() => null));
    expect((await db.select().from(schema.recipients).where(eq(schema.recipients.id, rid)))[0]!.status).not.toBe("SIGNED");
    expect((await call("GET", `${SR}/${sent.id}/audit`, { key })).body.data.items.length).toBe(before);

    const once = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
    expect(once.status, JSON.stringify(once.body)).toBe(200);
  });
});
