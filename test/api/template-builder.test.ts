import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { templates } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { simplePdf } from "../support/simple-pdf";
import { handBuiltDocx } from "../support/docx-fixtures";
import { findIn } from "../support/expect-helpers";
import { sentRequest, tokenFromOutbox } from "../support/signing";
import { sha256Of } from "@/lib/server/blobs/store";

// The API the template builder needs: the template's file, a rename, and "Save as template"
// from a request (its document as its recipients saw it, recipients as roles, fields on those roles).

const T = "/api/v1/enterprise/templates";
const SR = "/api/v1/enterprise/signature-requests";
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

type Role = { id: string; name: string; order: number; role: string; signerRef: string };
type TField = { roleName: string; type: string; page: number; x: number; y: number; width: number; height: number } & Record<
  string,
  unknown
>;

async function templateCount(orgId: string) {
  return (await (await getDb()).select({ id: templates.id }).from(templates).where(eq(templates.orgId, orgId))).length;
}

describe("the template's file and its name", () => {
  let key: string;
  let other: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    other = (await makeOrg()).sandboxKey;
  });

  it("serves the file as stored (a PDF in its one reading, a DOCX as uploaded), to its own organization only", async () => {
    const pdf = await simplePdf([{ text: "Lease" }]);
    const t = await call("POST", T, {
      key,
      form: { name: "Lease", file: { data: pdf, name: "l.pdf", type: "application/pdf" } },
    });
    expect(t.status).toBe(201);
    const got = await call("GET", `${T}/${t.body.data.id}/document`, { key });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("application/pdf");
    const bytes = new Uint8Array(await got.raw.arrayBuffer());
    expect(sha256Of(bytes)).toBe(t.body.data.sha256);
    expect(got.headers.get("etag")).toBe(`"${t.body.data.sha256}"`);

    const docx = handBuiltDocx();
    const d = await call("POST", T, { key, form: { name: "Letter", file: { data: docx, name: "x.docx", type: DOCX_TYPE } } });
    expect(d.status).toBe(201);
    const gotDocx = await call("GET", `${T}/${d.body.data.id}/document`, { key });
    expect(gotDocx.headers.get("content-type")).toBe(DOCX_TYPE);
    expect(sha256Of(new Uint8Array(await gotDocx.raw.arrayBuffer()))).toBe(sha256Of(docx));

    const foreign = await call("GET", `${T}/${t.body.data.id}/document`, { key: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("TEMPLATE_NOT_FOUND");
    expect((await call("GET", `${T}/not-a-uuid/document`, { key })).status).toBe(404);
  });

  it("renames a template; a bad name or another organization's template is refused and changes nothing", async () => {
    const t = await call("POST", T, {
      key,
      form: { name: "Old name", file: { data: await simplePdf(), name: "o.pdf", type: "application/pdf" } },
    });
    const id = t.body.data.id as string;
    const renamed = await call("PATCH", `${T}/${id}`, { key, json: { name: "  Master services agreement " } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ id, name: "Master services agreement", kind: "PDF" });

    for (const json of [
      { name: "" },
      { name: "a\nb" },
      { name: "x".repeat(201) },
      {},
      { name: "ok", kind: "DOCX" },
      { name: 7 },
    ]) {
      const r = await call("PATCH", `${T}/${id}`, { key, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
      // A key the operation does not take is named as such; the rest are invalid values.
      expect(r.body.errorCode).toBe("kind" in json ? "UNKNOWN_PARAMETER" : "VALIDATION_FAILED");
    }
    const foreign = await call("PATCH", `${T}/${id}`, { key: other, json: { name: "Stolen" } });
    expect(foreign.status).toBe(404);
    expect((await call("GET", `${T}/${id}`, { key })).body.data.name).toBe("Master services agreement");
  });
});

describe("save a request as a template", () => {
  let key: string;
  let orgId: string;
  let other: string;
  beforeAll(async () => {
    const org = await makeOrg();
    key = org.sandboxKey;
    orgId = org.orgId;
    other = (await makeOrg()).sandboxKey;
  });

  it("keeps the document as signers saw it, turns recipients into roles and keeps every field on its role", async () => {
    const pdf = await simplePdf([{ text: "Consulting agreement" }, { text: "Page two" }]);
    const { id, recipientIds } = await sentRequest(
      key,
      [
        { email: "ann.builder@example.com", name: "Ann Lee", order: 1 },
        { email: "bo.builder@example.com", name: "Bo Chen", order: 2 },
      ],
      { pdf },
    );
    const original = (await call("GET", `${SR}/${id}`, { key })).body.data;
    // Both sign, the request is sealed: the saved template still starts from the unsealed document.
    await runDueJobs();
    for (const email of ["ann.builder@example.com", "bo.builder@example.com"]) {
      const token = tokenFromOutbox(email)!;
      const view = (await call("GET", `/api/sign/${token}`)).body.data;
      const signed = await call("POST", `/api/sign/${token}/sign`, {
        json: {
          consent: true,
          values: view.fields.flatMap((f: { id: string; type: string }): { fieldId: string; typed?: string; text?: string }[] =>
            f.type === "SIGNATURE"
              ? [{ fieldId: f.id, typed: "Signed here" }]
              : f.type === "TEXT"
                ? [{ fieldId: f.id, text: "Partner" }]
                : [],
          ),
        },
      });
      expect(signed.status, JSON.stringify(signed.body)).toBe(200);
      await runDueJobs();
    }
    await runDueJobs();
    const done = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");
    expect(done.document.sha256).not.toBe(original.document.sha256);

    const saved = await call("POST", `${SR}/${id}/save-as-template`, { key, json: { name: "Consulting (template)" } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const tpl = saved.body.data;
    expect(tpl).toMatchObject({ name: "Consulting (template)", kind: "PDF", pageCount: 2, sha256: original.document.sha256 });
    expect(tpl.roles.map((r: Role) => [r.name, r.role, r.order, r.signerRef])).toEqual([
      ["Ann Lee", "SIGNER", 1, "s1"],
      ["Bo Chen", "SIGNER", 2, "s2"],
    ]);
    const byRecipient = (rid: string) =>
      original.fields
        .filter((f: { recipientId: string }) => f.recipientId === rid)
        .map((f: TField) => [f.type, f.page, f.x, f.y, f.width, f.height, f.label ?? null, f.maxLength ?? null])
        .sort();
    const byRole = (name: string) =>
      (tpl.fields as TField[])
        .filter((f) => f.roleName === name)
        .map((f) => [f.type, f.page, f.x, f.y, f.width, f.height, f.label ?? null, f.maxLength ?? null])
        .sort();
    expect(byRole("Ann Lee")).toEqual(byRecipient(recipientIds[0]));
    expect(byRole("Bo Chen")).toEqual(byRecipient(recipientIds[1]));
    expect(byRole("Ann Lee")).toHaveLength(3);

    // Used for two other people by role name: a draft with every field already placed, for the right person.
    const used = await call("POST", `${SR}/templates/${tpl.id}/use`, {
      key,
      json: {
        title: "Consulting for Cleo",
        recipients: [
          { roleName: "Bo Chen", email: "dan@example.com", name: "Dan" },
          { roleName: "Ann Lee", email: "cleo@example.com", name: "Cleo" },
        ],
      },
    });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const draft = used.body.data;
    const cleo = findIn(draft.recipients, (r: { email: string }) => r.email === "cleo@example.com", "Cleo");
    expect(cleo.order).toBe(1);
    expect(draft.fields.filter((f: { recipientId: string }) => f.recipientId === cleo.id)).toHaveLength(3);
    expect(draft.fields).toHaveLength(6);

    // The request is unchanged, and its audit trail says a template was made from it.
    const after = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(after.status).toBe("COMPLETED");
    expect(after.document.sha256).toBe(done.document.sha256);
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items;
    expect(audit.find((e: { type: string }) => e.type === "request.saved_as_template")?.data).toMatchObject({
      templateId: tpl.id,
      roles: 2,
      fields: 6,
    });
  });

  it("names roles uniquely, never a wrong sN, and keeps approvers, viewers and CCs with their orders", async () => {
    const d = await createDraft(key, undefined, "Names");
    for (const r of [
      { email: "a1@example.com", name: "Ann", order: 1 },
      { email: "a2@example.com", name: "ann", order: 1 },
      { email: "s2@example.com", name: "s2", order: 2, role: "APPROVER" },
      { email: "v@example.com", name: "Vera", order: 3, role: "VIEWER" },
      { email: "c@example.com", name: "Copy", role: "CC" },
    ]) {
      const res = await call("POST", `${SR}/${d.id}/recipients`, { key, json: r });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const saved = await call("POST", `${SR}/${d.id}/save-as-template`, { key });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data.name).toBe("Names");
    const roles = saved.body.data.roles as Role[];
    expect(new Set(roles.map((r) => r.name.toLowerCase())).size).toBe(5);
    expect(roles.find((r) => r.role === "APPROVER")).toMatchObject({ order: 2 });
    expect(roles.find((r) => r.role === "VIEWER")).toMatchObject({ name: "Vera", order: 3 });
    // "s2" sits where it would name another role than its own: renamed.
    for (const [i, r] of roles.entries()) {
      const m = /^s(\d+)$/i.exec(r.name);
      if (m) expect(Number(m[1])).toBe(i + 1);
    }
    // The names can be used as they are.
    const put = await call("PUT", `${T}/${saved.body.data.id}/roles`, {
      key,
      json: { roles: roles.map(({ id, name, order, role }) => ({ id, name, order, role })) },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });

  it("refuses another organization's request, a bad id and a bad body, and makes nothing", async () => {
    const d = await createDraft(key, undefined, "Mine");
    const before = await templateCount(orgId);
    const foreign = await call("POST", `${SR}/${d.id}/save-as-template`, { key: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("REQUEST_NOT_FOUND");
    expect((await call("POST", `${SR}/nope/save-as-template`, { key })).status).toBe(404);
    for (const json of [{ name: "" }, { name: "x".repeat(201) }, { name: "a\u0000b" }, { title: "x" }, []]) {
      const r = await call("POST", `${SR}/${d.id}/save-as-template`, { key, json });
      expect(r.status, JSON.stringify(json)).toBe(400);
    }
    const garbage = await call("POST", `${SR}/${d.id}/save-as-template`, {
      key,
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(garbage.status).toBe(400);
    expect(await templateCount(orgId)).toBe(before);
    expect((await call("GET", `${SR}/${d.id}/save-as-template`, { key })).status).toBe(405);
  });
});
