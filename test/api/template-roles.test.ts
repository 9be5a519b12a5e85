import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { signatureRequests } from "@/lib/server/db/schema";
import { officeConverter } from "@/lib/server/convert/converter";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { simplePdf } from "../support/simple-pdf";
import { handBuiltDocx } from "../support/docx-fixtures";
import { findIn } from "../support/expect-helpers";

// Roles on templates, fields by coordinates on a PDF template, use by role, bulk send by role.

afterAll(async () => {
  // Uploading a DOCX warms LibreOffice up in the background: let that finish before stopping it.
  for (
    let i = 0;
    i < 300 &&
    officeConverter()
      .status()
      .slots.some((x) => x.busy);
    i++
  )
    await new Promise((r) => setTimeout(r, 100)); // between a bounded poll's tries
  officeConverter().shutdown();
});

const T = "/api/v1/enterprise/templates";
const SR = "/api/v1/enterprise/signature-requests";
const B = "/api/v1/enterprise/bulk-sends";
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

type Role = { id: string; name: string; order: number; role: string; signerRef: string };
type TField = {
  id: string;
  roleId: string;
  roleName: string;
  signerRef: string;
  type: string;
  page: number;
  x: number;
  y: number;
};

async function pdfTemplate(key: string, pages: { text?: string }[] = [{ text: "Agreement, no anchors" }]) {
  const r = await call("POST", T, {
    key,
    form: { name: "Agreement", file: { data: await simplePdf(pages), name: "agreement.pdf", type: "application/pdf" } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data as unknown as { id: string; roles: Role[]; pages: { width: number; height: number }[] };
}

async function docxTemplate(key: string) {
  const r = await call("POST", T, {
    key,
    form: { name: "Letter", file: { data: handBuiltDocx(), name: "l.docx", type: DOCX_TYPE } },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.id as string;
}

const rolesOf = async (key: string, id: string) => (await call("GET", `${T}/${id}/roles`, { key })).body.data.roles as Role[];
const fieldsOf = async (key: string, id: string) => (await call("GET", `${T}/${id}`, { key })).body.data.fields as TField[];
const putRoles = (key: string, id: string, roles: unknown) => call("PUT", `${T}/${id}/roles`, { key, json: { roles } });
const requestCount = async (orgId: string) =>
  (await (await getDb()).select({ id: signatureRequests.id }).from(signatureRequests).where(eq(signatureRequests.orgId, orgId)))
    .length;

/** One field of every type for a role, each in its own spot on page 1. */
function everyType(roleName: string) {
  const at = (i: number) => ({ page: 1, x: 40 + (i % 3) * 180, y: 80 + Math.floor(i / 3) * 60, width: 150, height: 30 });
  return [
    { type: "SIGNATURE", roleName, ...at(0) },
    { type: "INITIAL", roleName, ...at(1) },
    { type: "DATE", roleName, ...at(2) },
    { type: "TEXT", roleName, ...at(3), label: "Company", maxLength: 80, required: false },
    { type: "CHECKBOX", roleName, ...at(4), width: 20, height: 20, defaultValue: "true" },
    { type: "RADIO", roleName, ...at(5), width: 16, height: 16, group: "plan", options: ["Basic", "Pro"] },
    { type: "DROPDOWN", roleName, ...at(6), options: ["EUR", "USD"], defaultValue: "EUR" },
    { type: "NUMBER", roleName, ...at(7), min: 0, max: 100, decimals: 2 },
    { type: "NAME", roleName, ...at(8) },
    { type: "EMAIL", roleName, ...at(9) },
  ];
}

describe("roles on a template", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("a template gets s1…sN from its anchors; one without anchors has none", async () => {
    const anchored = await pdfTemplate(key, [{ text: "Sign: {{s1|signature|120|40}}" }, { text: "Countersign: {{s2|date}}" }]);
    expect(anchored.roles.map((r) => [r.name, r.order, r.role, r.signerRef])).toEqual([
      ["s1", 1, "SIGNER", "s1"],
      ["s2", 2, "SIGNER", "s2"],
    ]);
    expect(await rolesOf(key, anchored.id)).toEqual(anchored.roles);
    expect((await pdfTemplate(key)).roles).toEqual([]);
    const listed = (await call("GET", `${T}?limit=5`, { key })).body.data.items as { id: string; roles: Role[] }[];
    expect(findIn(listed, (t) => t.id === anchored.id).roles).toHaveLength(2);
  });

  it("PUT replaces them whole; a role kept by id (renamed) or by name keeps its fields wherever it moves", async () => {
    const tpl = await pdfTemplate(key);
    const put = await putRoles(key, tpl.id, [{ name: " Client " }, { name: "Company", order: 1 }, { name: "Legal", role: "CC" }]);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const roles = put.body.data.roles as Role[];
    expect(roles.map((r) => [r.name, r.order, r.role, r.signerRef])).toEqual([
      ["Client", 1, "SIGNER", "s1"],
      ["Company", 1, "SIGNER", "s2"],
      ["Legal", 3, "CC", "s3"],
    ]);
    expect((await call("GET", `${T}/${tpl.id}`, { key })).body.data.roles).toEqual(roles);
    const [client, company, legal] = roles as [Role, Role, Role];
    const f = await call("POST", `${T}/${tpl.id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "client", page: 1, x: 72, y: 600, width: 150, height: 40 },
    });
    expect(f.status, JSON.stringify(f.body)).toBe(201);

    // Renamed (by id) and moved second; Company kept by its name in another case, moved first; Legal dropped.
    const again = await putRoles(key, tpl.id, [{ name: "COMPANY" }, { id: client.id, name: "Customer", order: 2 }]);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect((again.body.data.roles as Role[]).map((r) => [r.id, r.name, r.order, r.signerRef])).toEqual([
      [company.id, "COMPANY", 1, "s1"],
      [client.id, "Customer", 2, "s2"],
    ]);
    expect((await fieldsOf(key, tpl.id)).map((x) => [x.roleId, x.roleName, x.signerRef])).toEqual([
      [client.id, "Customer", "s2"],
    ]);
    expect((await rolesOf(key, tpl.id)).some((r) => r.id === legal.id)).toBe(false);

    // Swapping two names by id is fine (names stay unique at every step).
    const swapped = await putRoles(key, tpl.id, [
      { id: company.id, name: "Customer" },
      { id: client.id, name: "COMPANY" },
    ]);
    expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
    expect((await fieldsOf(key, tpl.id))[0]).toMatchObject({ roleId: client.id, roleName: "COMPANY" });
  });

  it("a role that has fields cannot be dropped or stop being a SIGNER: 422 naming it, nothing changed", async () => {
    const tpl = await pdfTemplate(key);
    await putRoles(key, tpl.id, [{ name: "Client" }, { name: "Company" }]);
    await call("POST", `${T}/${tpl.id}/fields`, {
      key,
      json: { type: "DATE", roleName: "Company", page: 1, x: 72, y: 500, width: 120, height: 20 },
    });
    const before = await rolesOf(key, tpl.id);
    const drop = await putRoles(key, tpl.id, [{ name: "Client" }]);
    expect(drop.status).toBe(422);
    expect(drop.body.errorCode).toBe("TEMPLATE_ROLE_HAS_FIELDS");
    expect(drop.body.message).toMatch(/Company has 1 field/);
    expect(drop.body.details?.roles).toEqual([expect.objectContaining({ name: "Company", fields: 1 })]);
    const cc = await putRoles(key, tpl.id, [{ name: "Client" }, { name: "Company", role: "CC" }]);
    expect(cc.status).toBe(422);
    expect(cc.body.errorCode).toBe("TEMPLATE_ROLE_HAS_FIELDS");
    expect(await rolesOf(key, tpl.id)).toEqual(before);
    // Dropping every role without fields is fine.
    expect((await putRoles(key, tpl.id, [{ name: "Company" }])).status).toBe(200);
  });

  it("malformed role lists are a 400 and change nothing", async () => {
    const tpl = await pdfTemplate(key);
    await putRoles(key, tpl.id, [{ name: "Client" }]);
    const before = await rolesOf(key, tpl.id);
    const bad: [unknown, RegExp][] = [
      [[{ name: "Client" }, { name: "CLIENT" }], /given twice/],
      [[{ name: "   " }], /must not be empty/],
      [[{ name: "x".repeat(101) }], /at most 100/],
      [[{ name: "Line\nbreak" }], /control characters/],
      [[{ name: "Tab\there" }], /control characters/],
      [[{ name: "s2" }], /can only name role 2/],
      [[{ name: "A", role: "OWNER" }], /role must be/],
      [[{ name: "A", order: 0 }], /order/],
      [[{ name: "A", order: 1.5 }], /order/],
      [[{ name: "A", colour: "red" }], /./],
      [[{ name: 42 }], /./],
      [Array.from({ length: 51 }, (_, i) => ({ name: `Role ${i}` })), /at most 50 roles/],
      ["Client", /roles is a list/],
      [null, /roles is a list/],
    ];
    for (const [roles, message] of bad) {
      const r = await putRoles(key, tpl.id, roles);
      expect(r.status, JSON.stringify(roles).slice(0, 80)).toBe(400);
      expect(r.body.message).toMatch(message);
    }
    const huge = await call("PUT", `${T}/${tpl.id}/roles`, {
      key,
      json: { roles: Array.from({ length: 100_000 }, (_, i) => ({ name: `R${i}` })) },
    });
    expect([400, 413]).toContain(huge.status);
    const unknownId = await putRoles(key, tpl.id, [{ id: "3f1c0a52-8d3b-4f0e-9d61-0a4c7f1b2e11", name: "Client" }]);
    expect(unknownId.status).toBe(422);
    expect(unknownId.body.errorCode).toBe("TEMPLATE_ROLE_NOT_FOUND");
    expect(await rolesOf(key, tpl.id)).toEqual(before);
  });

  it("another organization's template, or a production key, is a 404 for roles and fields", async () => {
    const tpl = await pdfTemplate(key);
    await putRoles(key, tpl.id, [{ name: "Client" }]);
    const field = await call("POST", `${T}/${tpl.id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 600, width: 150, height: 40 },
    });
    const fieldId = field.body.data.fields[0]?.id as string;
    const other = await makeOrg({ plan: "ENTERPRISE", production: true });
    for (const k of [other.sandboxKey, other.productionKey!]) {
      expect((await call("GET", `${T}/${tpl.id}/roles`, { key: k })).status).toBe(404);
      expect((await putRoles(k, tpl.id, [{ name: "Mine" }])).status).toBe(404);
      const add = await call("POST", `${T}/${tpl.id}/fields`, {
        key: k,
        json: { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 600, width: 150, height: 40 },
      });
      expect(add.status).toBe(404);
      expect((await call("PATCH", `${T}/${tpl.id}/fields/${fieldId}`, { key: k, json: { x: 10 } })).status).toBe(404);
      expect((await call("DELETE", `${T}/${tpl.id}/fields/${fieldId}`, { key: k })).status).toBe(404);
    }
    // A field of another template is not this template's.
    const second = await pdfTemplate(key);
    expect((await call("PATCH", `${T}/${second.id}/fields/${fieldId}`, { key, json: { x: 10 } })).status).toBe(404);
    expect((await call("DELETE", `${T}/${second.id}/fields/${fieldId}`, { key })).status).toBe(404);
    expect((await call("DELETE", `${T}/${tpl.id}/fields/not-a-uuid`, { key })).status).toBe(404);
    expect(await rolesOf(key, tpl.id)).toEqual([expect.objectContaining({ name: "Client" })]);
    expect(await fieldsOf(key, tpl.id)).toHaveLength(1);
  });
});

describe("fields by coordinates on a PDF template", () => {
  let key: string;
  let tpl: Awaited<ReturnType<typeof pdfTemplate>>;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    tpl = await pdfTemplate(key);
    const r = await putRoles(key, tpl.id, [{ name: "Client" }, { name: "Company" }, { name: "Copy", role: "CC" }]);
    expect(r.status).toBe(200);
  });

  it("stores every field type for a role (by name or sN), listed in the record with roleName", async () => {
    const r = await call("POST", `${T}/${tpl.id}/fields`, { key, json: { fields: everyType("Client") } });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const fields = r.body.data.fields as (TField & { options: string[] | null; option: string | null })[];
    // The RADIO with two options is two buttons.
    expect(fields).toHaveLength(11);
    expect(new Set(fields.map((f) => f.type))).toEqual(new Set(everyType("x").map((f) => f.type)));
    expect(fields.every((f) => f.roleName === "Client" && f.signerRef === "s1")).toBe(true);
    expect(fields.filter((f) => f.type === "RADIO").map((f) => [f.option, f.options])).toEqual([
      ["Basic", ["Basic", "Pro"]],
      ["Pro", ["Basic", "Pro"]],
    ]);
    const single = await call("POST", `${T}/${tpl.id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "s2", page: 1, x: 300, y: 650, width: 150, height: 40 },
    });
    expect(single.status, JSON.stringify(single.body)).toBe(201);
    expect(single.body.data.fields[0]).toMatchObject({ roleName: "Company", signerRef: "s2", x: 300, y: 650 });
    expect(await fieldsOf(key, tpl.id)).toHaveLength(12);
  });

  it("PATCH moves a field and changes its role; DELETE removes it", async () => {
    const made = await call("POST", `${T}/${tpl.id}/fields`, {
      key,
      json: { type: "TEXT", roleName: "Client", page: 1, x: 72, y: 700, width: 100, height: 20 },
    });
    const id = made.body.data.fields[0]?.id as string;
    const moved = await call("PATCH", `${T}/${tpl.id}/fields/${id}`, { key, json: { x: 80, roleName: "company", label: "Ref" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ id, x: 80, y: 700, roleName: "Company", label: "Ref", type: "TEXT" });
    for (const [patch, status] of [
      [{ x: 600 }, 422],
      [{ page: 2 }, 422],
      [{ roleName: "Nobody" }, 422],
      [{ roleName: "Copy" }, 422],
      [{ type: "DROPDOWN" }, 400],
      [{}, 400],
      [{ x: -1 }, 400],
    ] as const) {
      const r = await call("PATCH", `${T}/${tpl.id}/fields/${id}`, { key, json: patch });
      expect(r.status, JSON.stringify(patch)).toBe(status);
    }
    expect(findIn(await fieldsOf(key, tpl.id), (f) => f.id === id)).toMatchObject({ x: 80, roleName: "Company" });
    const del = await call("DELETE", `${T}/${tpl.id}/fields/${id}`, { key });
    expect(del.body.data).toEqual({ id, deleted: true });
    expect((await fieldsOf(key, tpl.id)).some((f) => f.id === id)).toBe(false);
    expect((await call("DELETE", `${T}/${tpl.id}/fields/${id}`, { key })).status).toBe(404);
  });

  it("bad fields are a clear 4xx and store nothing", async () => {
    const before = (await fieldsOf(key, tpl.id)).length;
    const ok = { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 600, width: 150, height: 40 };
    const cases: [unknown, number, string | RegExp][] = [
      [{ fields: [ok, { ...ok, roleName: "Nobody" }] }, 422, "TEMPLATE_ROLE_NOT_FOUND"],
      [{ ...ok, x: 500, width: 300 }, 422, /does not lie inside page 1/],
      [{ ...ok, page: 3 }, 422, /Page 3 does not exist/],
      [{ fields: [ok, { ...ok, roleName: "Copy" }] }, 422, /Copy is CC; only a SIGNER has fields/],
      [{ ...ok, roleName: undefined, recipientId: "s1" }, 400, /Unknown parameter "recipientId"/],
      [{ ...ok, type: "STAMP" }, 400, /type must be one of/],
      [{ ...ok, type: "DROPDOWN" }, 400, /DROPDOWN needs options/],
      [{ ...ok, type: "RADIO", group: "g", option: "a", options: ["a"] }, 400, /not both/],
      [{ ...ok, x: "left" }, 400, /./],
      [{ ...ok, roleName: "x".repeat(101) }, 400, /at most 100/],
      [{ fields: [] }, 400, /./],
      [{ fields: "all" }, 400, /./],
      [{ fields: Array.from({ length: 1001 }, () => ok) }, 400, /./],
      [[ok], 400, /./],
    ];
    for (const [json, status, expected] of cases) {
      const r = await call("POST", `${T}/${tpl.id}/fields`, { key, json });
      expect(r.status, JSON.stringify(json).slice(0, 120)).toBe(status);
      if (typeof expected === "string") expect(r.body.errorCode).toBe(expected);
      else expect(r.body.message).toMatch(expected);
    }
    const unknown = await call("POST", `${T}/${tpl.id}/fields`, { key, json: { ...ok, roleName: "Nobody" } });
    expect(unknown.body.message).toMatch(/no role "Nobody"; its roles are Client \(s1\), Company \(s2\), Copy \(s3\)/);
    const radio = {
      type: "RADIO",
      roleName: "Client",
      page: 1,
      x: 400,
      y: 400,
      width: 16,
      height: 16,
      group: "plan",
      option: "Pro",
    };
    const clash = await call("POST", `${T}/${tpl.id}/fields`, { key, json: radio });
    expect(clash.status).toBe(422);
    expect(clash.body.message).toMatch(/already has a button for option "Pro"/);
    expect(await fieldsOf(key, tpl.id)).toHaveLength(before);
  });

  it("a DOCX template places its fields by anchors: 422 saying so", async () => {
    const docx = await docxTemplate(key);
    const r = await call("POST", `${T}/${docx}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "s1", page: 1, x: 72, y: 600, width: 150, height: 40 },
    });
    expect(r.status).toBe(422);
    expect(r.body.errorCode).toBe("TEMPLATE_NOT_PDF");
    expect(r.body.message).toMatch(/DOCX.*anchors/);
    expect((await call("GET", `${T}/${docx}`, { key })).body.data.fields).toEqual([]);
  });

  it("/fields/anchored maps sN to the N-th role and makes the missing roles s2…sN", async () => {
    const t = await pdfTemplate(key, [{ text: "Sign at [[HERE]] please" }]);
    await putRoles(key, t.id, [{ name: "Client" }]);
    const r = await call("POST", `${T}/${t.id}/fields/anchored`, {
      key,
      json: {
        fields: [
          { anchorKey: "[[HERE]]", type: "SIGNATURE", recipientId: "s1", width: 100, height: 30 },
          { anchorKey: "[[HERE]]", type: "DATE", recipientId: "s3", yOffset: 40, width: 100, height: 20 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect((r.body.data.fields as TField[]).map((f) => [f.roleName, f.signerRef])).toEqual([
      ["Client", "s1"],
      ["s3", "s3"],
    ]);
    expect((await rolesOf(key, t.id)).map((x) => [x.name, x.order])).toEqual([
      ["Client", 1],
      ["s2", 2],
      ["s3", 3],
    ]);
  });
});

describe("use by role", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let key: string;
  let tplId: string;
  beforeAll(async () => {
    org = await makeOrg();
    key = org.sandboxKey;
    tplId = (await pdfTemplate(key)).id;
    await putRoles(key, tplId, [{ name: "Client" }, { name: "Company", order: 2 }, { name: "Copy", role: "CC", order: 3 }]);
    const r = await call("POST", `${T}/${tplId}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 600, width: 150, height: 40 },
          { type: "DATE", roleName: "Client", page: 1, x: 72, y: 660, width: 120, height: 20 },
          { type: "SIGNATURE", roleName: "Company", page: 1, x: 300, y: 600, width: 150, height: 40 },
          { type: "TEXT", roleName: "Company", page: 1, x: 300, y: 660, width: 150, height: 20 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  });

  const byRecipient = (draft: { recipients: { id: string; email: string }[]; fields: { recipientId: string; type: string }[] }) =>
    Object.fromEntries(
      draft.recipients.map((rec) => [
        rec.email,
        draft.fields
          .filter((f) => f.recipientId === rec.id)
          .map((f) => f.type)
          .sort(),
      ]),
    );

  it("by role name (any order, any case, or sN): each field goes to its role's recipient, role and order from the role", async () => {
    const r = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: {
        title: "By name",
        recipients: [
          { roleName: "copy", email: "copy@example.com", name: "Copy" },
          { roleName: "s2", email: "company@example.com", name: "Company" },
          { roleName: "Client", email: "client@example.com", name: "Client" },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const draft = r.body.data;
    expect(draft.recipients.map((x: { email: string; role: string; order: number }) => [x.email, x.role, x.order])).toEqual([
      ["client@example.com", "SIGNER", 1],
      ["company@example.com", "SIGNER", 2],
      ["copy@example.com", "CC", 3],
    ]);
    expect(byRecipient(draft)).toEqual({
      "client@example.com": ["DATE", "SIGNATURE"],
      "company@example.com": ["SIGNATURE", "TEXT"],
      "copy@example.com": [],
    });
    const sent = await call("POST", `${SR}/${draft.id}/send`, { key });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });

  it("by position (the spec's form): the first takes s1, …; role and order given override the role's", async () => {
    const r = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: {
        title: "By position",
        recipients: [
          { email: "a@example.com", name: "A", order: 2 },
          { email: "b@example.com", name: "B", order: 1 },
        ],
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(byRecipient(r.body.data)).toEqual({ "a@example.com": ["DATE", "SIGNATURE"], "b@example.com": ["SIGNATURE", "TEXT"] });
    expect(r.body.data.recipients.map((x: { email: string; order: number }) => [x.email, x.order])).toEqual([
      ["b@example.com", 1],
      ["a@example.com", 2],
    ]);
  });

  it("a role with fields left without a recipient, an unknown role, a role taken twice: 422, nothing made", async () => {
    const before = await requestCount(org.orgId);
    const missing = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: { title: "x", recipients: [{ roleName: "Client", email: "c@example.com", name: "C" }] },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errorCode).toBe("TEMPLATE_RECIPIENTS_MISSING");
    expect(missing.body.details).toMatchObject({ roles: ["Company"], signerRefsWithoutRecipient: ["s2"] });
    const short = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: { title: "x", recipients: [{ email: "c@example.com", name: "C" }] },
    });
    expect(short.status).toBe(422);
    expect(short.body.message).toMatch(/Company \(s2\)/);
    const unknown = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: {
        title: "x",
        recipients: [
          { roleName: "Client", email: "c@example.com", name: "C" },
          { roleName: "Boss", email: "b@example.com", name: "B" },
        ],
      },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errorCode).toBe("TEMPLATE_ROLE_NOT_FOUND");
    expect(unknown.body.details?.roleName).toEqual(["Boss"]);
    const twice = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: {
        title: "x",
        recipients: [
          { roleName: "Client", email: "c@example.com", name: "C" },
          { roleName: "s1", email: "d@example.com", name: "D" },
          { roleName: "Company", email: "e@example.com", name: "E" },
        ],
      },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errorCode).toBe("TEMPLATE_ROLE_TAKEN");
    const mixed = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: {
        title: "x",
        recipients: [
          { roleName: "Client", email: "c@example.com", name: "C" },
          { email: "e@example.com", name: "E" },
        ],
      },
    });
    expect(mixed.status).toBe(400);
    const badRole = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: { title: "x", recipients: [{ roleName: "Client", email: "c@example.com", name: "C", role: "BOSS" }] },
    });
    expect(badRole.status).toBe(400);
    const ccWithFields = await call("POST", `${SR}/templates/${tplId}/use`, {
      key,
      json: {
        title: "x",
        recipients: [
          { roleName: "Client", email: "c@example.com", name: "C", role: "CC" },
          { roleName: "Company", email: "e@example.com", name: "E" },
        ],
      },
    });
    expect(ccWithFields.status).toBe(422);
    expect(await requestCount(org.orgId)).toBe(before);
  });
});

describe("bulk send with role-named columns", () => {
  it("takes Client.email beside s2.email, any case; the header names the roles", async () => {
    const org = await makeOrg();
    const key = org.sandboxKey;
    const tpl = await pdfTemplate(key);
    await putRoles(key, tpl.id, [{ name: "Client" }, { name: "Company", order: 2 }]);
    await call("POST", `${T}/${tpl.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 600, width: 150, height: 40 },
          { type: "SIGNATURE", roleName: "Company", page: 1, x: 300, y: 600, width: 150, height: 40 },
        ],
      },
    });
    const csv = (text: string) => ({ file: { data: new TextEncoder().encode(text), name: "rows.csv", type: "text/csv" } });
    const dry = await call("POST", `${T}/${tpl.id}/bulk-send?dryRun=true`, {
      key,
      form: csv("client.NAME,Client.email,s2.name,COMPANY.email,title\nAnn,ann@example.com,Co,co@example.com,Deal 1\n"),
    });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.data.columns.required).toEqual(["Client.name", "Client.email", "Company.name", "Company.email"]);
    expect(dry.body.data.preview[0]?.data).toMatchObject({ "Client.name": "Ann", "Company.email": "co@example.com" });

    const wrong = await call("POST", `${T}/${tpl.id}/bulk-send`, {
      key,
      form: csv("Client.name,Client.email,Boss.name,Boss.email\nAnn,ann@example.com,B,b@example.com\n"),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toMatchObject({
      missing: ["Company.name", "Company.email"],
      unknown: ["Boss.name", "Boss.email"],
    });
    const twice = await call("POST", `${T}/${tpl.id}/bulk-send`, {
      key,
      form: csv("Client.name,Client.email,s1.email,Company.name,Company.email\nA,a@example.com,a@example.com,C,c@example.com\n"),
    });
    expect(twice.status).toBe(422);
    expect(twice.body.details?.duplicates).toEqual(["Client.email"]);

    const r = await call("POST", `${T}/${tpl.id}/bulk-send`, {
      key,
      form: csv(
        "Client.name,Client.email,Company.name,Company.email\nAnn,ann@example.com,Co,co@example.com\nBea,,Co,co2@example.com\n",
      ),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(r.body.data.errors).toEqual([{ row: 2, errors: [{ field: "Client.email", message: "Client.email is required" }] }]);
    const json = await call("POST", `${T}/${tpl.id}/bulk-send`, {
      key,
      json: {
        rows: [{ "s1.name": "Cid", "s1.email": "cid@example.com", "company.name": "Co", "Company.email": "co3@example.com" }],
      },
    });
    expect(json.status, JSON.stringify(json.body)).toBe(202);
    await runDueJobs(50);

    for (const [id, client, company] of [
      [r.body.data.id, "ann@example.com", "co@example.com"],
      [json.body.data.id, "cid@example.com", "co3@example.com"],
    ] as const) {
      const b = await call("GET", `${B}/${id}`, { key });
      const row = findIn(b.body.data.rows as { status: string; requestId: string | null }[], (x) => x.status === "SENT");
      const req = (await call("GET", `${SR}/${row.requestId}`, { key })).body.data;
      expect(req.status).toBe("IN_PROGRESS");
      expect(req.recipients.map((x: { email: string; order: number }) => [x.email, x.order])).toEqual([
        [client, 1],
        [company, 2],
      ]);
      const fieldOf = (email: string) =>
        req.fields.filter(
          (f: { recipientId: string }) =>
            f.recipientId === findIn(req.recipients, (x: { email: string }) => x.email === email).id,
        );
      expect(fieldOf(client)).toEqual([expect.objectContaining({ type: "SIGNATURE", x: 72 })]);
      expect(fieldOf(company)).toEqual([expect.objectContaining({ type: "SIGNATURE", x: 300 })]);
    }
  });
});

describe("any body sent to the role and template field endpoints", () => {
  it("is answered with a 2xx or a 4xx, never a 5xx", async () => {
    const key = (await makeOrg()).sandboxKey;
    const tpl = await pdfTemplate(key);
    await putRoles(key, tpl.id, [{ name: "Client" }, { name: "Copy", role: "CC" }]);
    const made = await call("POST", `${T}/${tpl.id}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 600, width: 150, height: 40 },
    });
    const fieldId = made.body.data.fields[0]?.id as string;
    const scalar = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.integer({ min: -5, max: 2000 }),
      fc.double({ noNaN: false }),
      fc.boolean(),
      fc.constant(null),
      fc.constantFrom(
        "Client",
        "client",
        "s1",
        "s2",
        "s99",
        "Copy",
        "SIGNER",
        "CC",
        "RADIO",
        "DROPDOWN",
        "SIGNATURE",
        "a@example.com",
      ),
    );
    const keys = [
      "name",
      "roleName",
      "role",
      "order",
      "id",
      "type",
      "page",
      "x",
      "y",
      "width",
      "height",
      "group",
      "option",
      "options",
      "email",
    ];
    const flat = fc.dictionary(fc.constantFrom(...keys), fc.oneof(scalar, fc.array(scalar, { maxLength: 3 })), { maxKeys: 8 });
    const body = fc.oneof(
      flat,
      fc.record({ roles: fc.oneof(fc.array(flat, { maxLength: 4 }), scalar) }),
      fc.record({ fields: fc.oneof(fc.array(flat, { maxLength: 4 }), scalar) }),
      fc.record({ title: fc.constant("x"), recipients: fc.array(flat, { maxLength: 4 }) }),
      scalar,
    );
    const endpoints: [string, string][] = [
      ["PUT", `${T}/${tpl.id}/roles`],
      ["POST", `${T}/${tpl.id}/fields`],
      ["PATCH", `${T}/${tpl.id}/fields/${fieldId}`],
      ["POST", `${SR}/templates/${tpl.id}/use`],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...endpoints), body, async ([method, url], json) => {
        const r = await call(method, url, { key, json });
        expect(r.status, `${method} ${url} ${JSON.stringify(json)}: ${r.body?.message}`).toBeLessThan(500);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS || 300) },
    );
  });
});
