import { beforeAll, describe, expect, it } from "vitest";
import { count, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import * as schema from "@/lib/server/db/schema";
import { errorResponse } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { inviteStaff } from "@/lib/server/staff/invite-staff";
import { zRecipientName } from "@/lib/schemas/requests";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { simplePdf } from "../support/simple-pdf";
import { tokenOf } from "../support/signing";
import { firstOf, itemAt } from "../support/expect-helpers";

// Text is well-formed Unicode everywhere the API takes it. JSON may spell a lone surrogate ("a\ud800b" is
// valid JSON), which is no character: jsonb refuses it (a condition, a dropdown's options, a draft, a decline
// or cancel reason answered 500 "Failed query") and a text column kept U+FFFD in its place. The route
// wrapper refuses it in any string of any body (400 naming the field); a value the database still refuses
// as data is a 400 too, never a 500. Runs on PGlite here and on PostgreSQL in CI.

const SR = "/api/v1/enterprise/signature-requests";
const T = "/api/v1/enterprise/templates";
const UUID = "0b9f7c1e-0000-4000-8000-000000000000";
/** A high surrogate alone, a low one alone, and the two in the wrong order. */
const LONE = [
  ["a\ud800b", "U+D800"],
  ["a\udc00b", "U+DC00"],
  ["\udc00\ud800", "U+DC00"],
] as const;

async function counts(): Promise<Record<string, number>> {
  const db = await getDb();
  const tables = {
    signatureRequests: schema.signatureRequests,
    recipients: schema.recipients,
    fields: schema.fields,
    auditEvents: schema.auditEvents,
    jobs: schema.jobs,
    webhookEndpoints: schema.webhookEndpoints,
    templates: schema.templates,
    signerDrafts: schema.signerDrafts,
  };
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) out[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  return out;
}

describe("a lone surrogate in any text the API takes", () => {
  let key: string;
  let draftId: string;
  let recipientId: string;
  let textId: string;
  let sentId: string;
  let token: string;
  let signerText: string;
  let signerSignature: string;
  let templateId: string;

  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key);
    draftId = d.id;
    recipientId = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "s@example.com", name: "Sam" } })).body
      .data.id;
    const placed = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: { type: "TEXT", recipientId, page: 1, x: 10, y: 10, width: 100, height: 20, label: "Company" },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    textId = firstOf(placed.body.data.fields, "fields").id;

    const s = await createDraft(key);
    sentId = s.id;
    const signer = (await call("POST", `${SR}/${s.id}/recipients`, { key, json: { email: "ada@example.com", name: "Ada" } })).body
      .data.id as string;
    const f = await call("POST", `${SR}/${s.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: signer, page: 1, x: 72, y: 100, width: 180, height: 50 },
          { type: "TEXT", recipientId: signer, page: 1, x: 300, y: 100, width: 200, height: 20, label: "Job" },
        ],
      },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(201);
    const placedIds = f.body.data.fields.map((x: { id: string }) => x.id);
    signerSignature = itemAt(placedIds, 0, "fields");
    signerText = itemAt(placedIds, 1, "fields");
    expect((await call("POST", `${SR}/${s.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    token = await tokenOf(signer);

    const tpl = await call("POST", T, {
      key,
      form: { name: "Letter", file: { data: await simplePdf(), name: "letter.pdf", type: "application/pdf" } },
    });
    expect(tpl.status, JSON.stringify(tpl.body)).toBe(201);
    templateId = tpl.body.data.id;
  });

  /** Each input that took one, with the field the 400 must name. */
  const cases = (bad: string): [string, string, string, Record<string, unknown>][] => [
    [
      "a condition's value",
      "fields.0.conditions.all.0.value",
      `POST ${SR}/${draftId}/fields`,
      {
        fields: [
          {
            type: "TEXT",
            recipientId,
            page: 1,
            x: 10,
            y: 60,
            width: 100,
            height: 20,
            conditions: { all: [{ fieldId: textId, op: "equals", value: bad }] },
          },
        ],
      },
    ],
    [
      "a dropdown's option",
      "fields.0.options.0",
      `POST ${SR}/${draftId}/fields`,
      { fields: [{ type: "DROPDOWN", recipientId, page: 1, x: 10, y: 90, width: 100, height: 20, options: [bad, "B"] }] },
    ],
    ["a field's label", "label", `PATCH ${SR}/${draftId}/fields/${textId}`, { label: bad }],
    ["a draft's text", "values.0.text", `PUT /api/sign/${token}/draft`, { values: [{ fieldId: signerText, text: bad }] }],
    [
      "a draft's typed mark",
      "values.0.typed",
      `PUT /api/sign/${token}/draft`,
      { values: [{ fieldId: signerSignature, typed: bad }] },
    ],
    [
      "a signed text",
      "values.1.text",
      `POST /api/sign/${token}/sign`,
      {
        consent: true,
        values: [
          { fieldId: signerSignature, typed: "Ada" },
          { fieldId: signerText, text: bad },
        ],
      },
    ],
    ["a decline reason", "reason", `POST /api/sign/${token}/decline`, { reason: bad }],
    ["a cancel reason", "reason", `POST ${SR}/${sentId}/cancel`, { reason: bad }],
    ["a title", "title", `PATCH ${SR}/${draftId}`, { title: bad }],
    ["a message", "message", `PATCH ${SR}/${draftId}`, { message: bad }],
    ["a recipient's name", "name", `PATCH ${SR}/${draftId}/recipients/${recipientId}`, { name: bad }],
    [
      "templateData's value",
      "templateData.company",
      `POST ${SR}/templates/${templateId}/use`,
      { title: "T", recipients: [], templateData: { company: bad } },
    ],
    [
      "templateData's key",
      `templateData.${bad.replace(/[\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)}`,
      `POST ${SR}/templates/${templateId}/use`,
      { title: "T", recipients: [], templateData: { [bad]: "x" } },
    ],
    ["a template's name", "name", `PATCH ${T}/${templateId}`, { name: bad }],
    ["a webhook's URL", "url", "POST /api/v1/enterprise/webhooks", { url: `https://example.com/${bad}` }],
  ];

  it("is a 400 VALIDATION_FAILED naming the field and the code unit, and nothing is stored or changed", async () => {
    const before = await counts();
    const draft = (await call("GET", `${SR}/${draftId}`, { key })).body.data;
    const sent = (await call("GET", `${SR}/${sentId}`, { key })).body.data;
    const template = (await call("GET", `${T}/${templateId}`, { key })).body.data;
    const failures: string[] = [];
    for (const [bad, unit] of LONE) {
      for (const [what, field, route, json] of cases(bad)) {
        const [method, path] = route.split(" ") as [string, string];
        const r = await call(method, path, { key, json, ip: "203.0.113.77" });
        const named = (r.body?.errors ?? []).find((e: { field: string }) => e.field === field);
        if (
          r.status !== 400 ||
          r.body?.errorCode !== "VALIDATION_FAILED" ||
          !named?.message.includes(unit) ||
          !named.message.includes("well-formed Unicode")
        )
          failures.push(`${what} (${unit}): ${r.status} ${JSON.stringify(r.body)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await counts()).toEqual(before);
    expect((await call("GET", `${SR}/${draftId}`, { key })).body.data).toEqual(draft);
    expect((await call("GET", `${SR}/${sentId}`, { key })).body.data).toEqual(sent);
    expect((await call("GET", `${T}/${templateId}`, { key })).body.data).toEqual(template);
    const view = await call("GET", `/api/sign/${token}`, { ip: "203.0.113.77" });
    expect(view.body.data.drafts ?? []).toEqual([]);
  });

  it("is refused by the shared name rule too, where a name comes from a form rather than through the route wrapper", async () => {
    const invite = await inviteStaff(
      { id: UUID, orgId: UUID, email: "a@example.com", name: "A", role: "ADMIN", sessionId: UUID },
      { name: "Ann\ud800", email: "new.staff@example.com", role: "MEMBER" },
    ).catch((e: unknown) => e);
    expect(invite).toBeInstanceOf(AppError);
    expect(invite).toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "name", message: expect.stringContaining("U+D800") }],
    });
    for (const [bad, unit] of LONE) {
      const r = zRecipientName.safeParse(`Ann ${bad}`);
      expect(r.success).toBe(false);
      expect(r.error?.issues.map((i) => i.message).join(" ")).toContain(unit);
    }
  });

  it("takes text with surrogate pairs as it is: an emoji, a CJK extension B character", async () => {
    const text = "Sam 🙂 𠀋";
    const saved = await call("PUT", `/api/sign/${token}/draft`, {
      json: { values: [{ fieldId: signerText, text }] },
      ip: "203.0.113.78",
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const view = await call("GET", `/api/sign/${token}`, { ip: "203.0.113.78" });
    expect(view.body.data.drafts).toContainEqual(expect.objectContaining({ fieldId: signerText, text }));
    const reason = await call("POST", `${SR}/${sentId}/cancel`, { key, json: { reason: `Wrong file ${text}` } });
    expect(reason.status, JSON.stringify(reason.body)).toBe(200);
  });
});

describe("a value the database refuses as data", () => {
  /** A real refusal of the database in use, as drizzle throws it. */
  const refusal = async (query: ReturnType<typeof sql>) => {
    const db = await getDb();
    return db.execute(query).then(
      () => null,
      (e: unknown) => e,
    );
  };

  it("is a 400 INPUT_NOT_STORABLE with its SQLSTATE, never a 500", async () => {
    const thrown = [
      await refusal(sql`select ${JSON.stringify({ a: "a\ud800b" })}::jsonb`),
      await refusal(sql`select ${"not a uuid"}::uuid`),
      await refusal(sql`select ${"a\u0000b"}::text`),
      await refusal(sql`select ${"99999999999"}::integer`),
    ];
    for (const e of thrown) {
      expect(e).toBeInstanceOf(Error);
      const res = errorResponse(e);
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(body).toMatchObject({
        errorCode: "INPUT_NOT_STORABLE",
        data: null,
        details: { sqlstate: expect.stringMatching(/^22/) },
      });
      // The statement and its parameters stay in the server's log.
      expect(JSON.stringify(body)).not.toMatch(/select|uuid|99999/);
    }
  });

  it("leaves other failures of the database a 500", async () => {
    const e = await refusal(sql`select * from no_such_table`);
    expect(e).toBeInstanceOf(Error);
    expect(errorResponse(e).status).toBe(500);
  });
});
