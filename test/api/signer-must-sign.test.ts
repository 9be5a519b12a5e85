import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { bulkSends, fields, signatureRequests, templateFields } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { simplePdf } from "../support/simple-pdf";
import { tokenOf } from "../support/signing";
import { itemAt } from "../support/expect-helpers";

// A signer always signs: a SIGNER's signatures cannot all be conditional or optional (refused when fields are
// saved, at send, on a template and when one is used), a signer of checkboxes alone is not sent, and a request
// already in flight with such a signer does not complete without a mark.

const SR = "/api/v1/enterprise/signature-requests";
const T = "/api/v1/enterprise/templates";
type Field = { id: string; type: string; [k: string]: unknown };

const box = (recipientId: string, y: number) => ({ recipientId, page: 1, x: 72, y, width: 150, height: 30 });
const tick = (recipientId: string, y: number) => ({
  ...box(recipientId, y),
  type: "CHECKBOX",
  width: 14,
  height: 14,
  label: "I want to sign",
  required: false,
});

async function draftFor(key: string, people: { email: string; name: string; role?: string }[]) {
  const d = await createDraft(key, undefined, "Must sign");
  const ids: string[] = [];
  for (const p of people) {
    const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json: { order: 1, ...p } });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    ids.push(r.body.data.id);
  }
  return { id: d.id as string, ids };
}

async function place(key: string, id: string, list: Record<string, unknown>[]): Promise<Field[]> {
  const r = await call("POST", `${SR}/${id}/fields`, { key, json: { fields: list } });
  if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  return r.body.data.fields;
}

const fieldsOf = async (key: string, id: string): Promise<Field[]> =>
  (await call("GET", `${SR}/${id}`, { key })).body.data.fields;
const statusOf = async (key: string, id: string) => (await call("GET", `${SR}/${id}`, { key })).body.data.status;
const requestCount = async (orgId: string) =>
  (await (await getDb()).select({ id: signatureRequests.id }).from(signatureRequests).where(eq(signatureRequests.orgId, orgId)))
    .length;

describe("a signer always signs", () => {
  let key: string;
  let orgId: string;
  beforeAll(async () => {
    const org = await makeOrg();
    key = org.sandboxKey;
    orgId = org.orgId;
  });

  it("refuses a signer's only signature made conditional on an optional checkbox, or optional, when fields are saved: 422 naming the signer and the field, nothing changed", async () => {
    const { id, ids } = await draftFor(key, [{ email: "ann@example.com", name: "Ann" }]);
    const [ann] = ids as [string];
    const [box1, sig] = await place(key, id, [tick(ann, 100), { ...box(ann, 300), type: "SIGNATURE", label: "Sign here" }]);
    const before = await fieldsOf(key, id);

    // Placing a second signature that is conditional is fine: the first one is sure.
    const extra = await call("POST", `${SR}/${id}/fields`, {
      key,
      json: { ...box(ann, 400), type: "SIGNATURE", conditions: { all: [{ fieldId: box1!.id, op: "filled" }] } },
    });
    expect(extra.status, JSON.stringify(extra.body)).toBe(201);
    const extraId = itemAt(extra.body.data.fields as Field[], 0, "fields").id;

    // Making the sure one conditional (or optional) leaves Ann signatures she may all leave out.
    const conditional = await call("PATCH", `${SR}/${id}/fields/${sig!.id}`, {
      key,
      json: { conditions: { all: [{ fieldId: box1!.id, op: "filled" }] } },
    });
    expect(conditional.status).toBe(422);
    expect(conditional.body.errorCode).toBe("FORM_RULES_INVALID");
    expect(conditional.body.message).toMatch(/A signer always signs: "Sign here" is shown only when its rules hold/);
    expect(conditional.body.message).toContain("Ann (ann@example.com)");
    expect(conditional.body.errors).toEqual(
      expect.arrayContaining([{ field: "conditions", message: expect.stringContaining('"Sign here"') }]),
    );
    expect(conditional.body.details?.fields).toEqual(expect.arrayContaining([sig!.id, extraId]));
    const optional = await call("PATCH", `${SR}/${id}/fields/${sig!.id}`, { key, json: { required: false } });
    expect(optional.status).toBe(422);
    expect(optional.body.errorCode).toBe("FORM_RULES_INVALID");
    expect(optional.body.errors).toEqual(
      expect.arrayContaining([{ field: "required", message: expect.stringMatching(/"Sign here" is optional/) }]),
    );
    // Removing the sure one, or turning it into a TEXT, leaves only the conditional one.
    const removed = await call("DELETE", `${SR}/${id}/fields/${sig!.id}`, { key });
    expect(removed.status).toBe(409);
    expect(removed.body.errorCode).toBe("FIELD_IN_USE");
    expect(removed.body.message).toMatch(/^Removing this would leave a signer no signature that is always shown and required/);
    expect(removed.body.details).toEqual({ fieldId: sig!.id, unsignedBy: [extraId] });
    const retyped = await call("PATCH", `${SR}/${id}/fields/${sig!.id}`, { key, json: { type: "TEXT" } });
    expect(retyped.status).toBe(422);
    expect(await fieldsOf(key, id)).toEqual([...before, expect.objectContaining({ id: extraId })]);

    // A first signature placed conditional or optional is refused, named by its place in the body.
    const { id: id2, ids: ids2 } = await draftFor(key, [{ email: "bob@example.com", name: "Bob" }]);
    const [bob] = ids2 as [string];
    const [bobBox] = await place(key, id2, [tick(bob, 100)]);
    const cond = await call("POST", `${SR}/${id2}/fields`, {
      key,
      json: {
        fields: [
          { ...box(bob, 200), type: "TEXT", label: "Note", required: false },
          { ...box(bob, 300), type: "SIGNATURE", conditions: { all: [{ fieldId: bobBox!.id, op: "filled" }] } },
        ],
      },
    });
    expect(cond.status).toBe(422);
    expect(cond.body).toMatchObject({ errorCode: "FORM_RULES_INVALID", details: { fields: [] } });
    expect(cond.body.errors).toEqual([
      { field: "fields.1.conditions", message: expect.stringContaining("Bob (bob@example.com)") },
    ]);
    const opt = await call("POST", `${SR}/${id2}/fields`, {
      key,
      json: { ...box(bob, 300), type: "SIGNATURE", required: false },
    });
    expect(opt.status).toBe(422);
    expect(opt.body.errors).toEqual([{ field: "required", message: expect.stringMatching(/is optional \(required: false\)/) }]);
    expect(await fieldsOf(key, id2)).toEqual([expect.objectContaining({ id: bobBox!.id })]);
  });

  it("refuses at send a draft whose signer's signatures may all be left out (saved before the rule), and a signer of checkboxes alone; the request stays DRAFT", async () => {
    const { id, ids } = await draftFor(key, [{ email: "cara@example.com", name: "Cara" }]);
    const [cara] = ids as [string];
    const [b, sig] = await place(key, id, [tick(cara, 100), { ...box(cara, 300), type: "SIGNATURE" }]);
    // As a draft saved before the rule holds it: the only signature shown when the optional box is ticked.
    const db = await getDb();
    await db
      .update(fields)
      .set({ conditions: { all: [{ fieldId: b!.id, op: "filled" }] } })
      .where(eq(fields.id, sig!.id));
    const sent = await call("POST", `${SR}/${id}/send`, { key });
    expect(sent.status).toBe(422);
    expect(sent.body).toMatchObject({ errorCode: "FORM_RULES_INVALID", details: { fields: [sig!.id] } });
    expect(sent.body.message).toMatch(
      /A signer always signs: "signature" is shown only when its rules hold.*Cara \(cara@example\.com\)/,
    );
    await db.update(fields).set({ conditions: null, required: false }).where(eq(fields.id, sig!.id));
    const optional = await call("POST", `${SR}/${id}/send`, { key });
    expect(optional.status).toBe(422);
    expect(optional.body.errors).toEqual([{ field: "required", message: expect.stringMatching(/is optional/) }]);
    expect(await statusOf(key, id)).toBe("DRAFT");

    // Checkboxes (and a TEXT) but no signature: nothing to sign.
    const { id: id2, ids: ids2 } = await draftFor(key, [
      { email: "dan@example.com", name: "Dan" },
      { email: "eve@example.com", name: "Eve" },
    ]);
    const [dan, eve] = ids2 as [string, string];
    await place(key, id2, [
      tick(dan, 100),
      { ...box(dan, 200), type: "TEXT", label: "Note" },
      { ...box(eve, 300), type: "SIGNATURE" },
    ]);
    const none = await call("POST", `${SR}/${id2}/send`, { key });
    expect(none.status).toBe(422);
    expect(none.body.errorCode).toBe("SIGNER_WITHOUT_FIELDS");
    expect(none.body.message).toMatch(/A signer always signs: Dan \(dan@example\.com\) has no SIGNATURE field/);
    expect(none.body.details).toEqual({
      signersWithoutSignature: [{ id: dan, email: "dan@example.com", name: "Dan" }],
    });
    expect(await statusOf(key, id2)).toBe("DRAFT");
    await place(key, id2, [{ ...box(dan, 400), type: "SIGNATURE" }]);
    expect((await call("POST", `${SR}/${id2}/send`, { key })).status).toBe(200);
  });

  it("sends a signer whose fields are the spec's INITIAL, DATE and TEXT only, as the spec makes them (no SIGNATURE, no rules)", async () => {
    const { id, ids } = await draftFor(key, [{ email: "fay@example.com", name: "Fay" }]);
    const [fay] = ids as [string];
    await place(key, id, [
      { ...box(fay, 100), type: "TEXT", label: "Reference", required: false },
      { ...box(fay, 200), type: "DATE" },
      { ...box(fay, 300), type: "INITIAL" },
    ]);
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
  });

  it("an APPROVER signs nothing and has no fields: approving is the act", async () => {
    const { id, ids } = await draftFor(key, [
      { email: "gus@example.com", name: "Gus" },
      { email: "hal@example.com", name: "Hal", role: "APPROVER" },
    ]);
    const [gus, hal] = ids as [string, string];
    const forApprover = await call("POST", `${SR}/${id}/fields`, { key, json: { ...box(hal, 100), type: "SIGNATURE" } });
    expect(forApprover.status).toBe(422);
    await place(key, id, [{ ...box(gus, 300), type: "SIGNATURE" }]);
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const approved = await call("POST", `/api/sign/${await tokenOf(hal)}/approve`, { json: { consent: true } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  });

  it("judges it again at signing: a request in flight whose only signature was made conditional or optional before the rule does not complete without a mark (422 naming the field, nothing recorded)", async () => {
    const { id, ids } = await draftFor(key, [{ email: "ivy@example.com", name: "Ivy" }]);
    const [ivy] = ids as [string];
    const [b, sig] = await place(key, id, [tick(ivy, 100), { ...box(ivy, 300), type: "SIGNATURE", label: "Ivy signs" }]);
    expect((await call("POST", `${SR}/${id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    // As a request sent before the rule holds it.
    const db = await getDb();
    await db
      .update(fields)
      .set({ conditions: { all: [{ fieldId: b!.id, op: "filled" }] } })
      .where(eq(fields.id, sig!.id));
    const token = await tokenOf(ivy);
    const sign = (values: Record<string, unknown>[]) =>
      call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });

    const bare = await sign([]);
    expect(bare.status).toBe(422);
    expect(bare.body.errorCode).toBe("FIELD_VALUES_INVALID");
    expect(bare.body.errors).toEqual([
      { field: sig!.id, message: 'A signer always signs: sign "Ivy signs" (it is shown when its rules hold)' },
    ]);
    // Unticked with a typed mark: the signature is hidden, so it takes no value, and none is left.
    const hidden = await sign([{ fieldId: sig!.id, typed: "Ivy" }]);
    expect(hidden.status).toBe(422);
    expect(hidden.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: sig!.id })]));
    // Optional instead: still a mark is needed.
    await db.update(fields).set({ conditions: null, required: false }).where(eq(fields.id, sig!.id));
    const optional = await sign([{ fieldId: b!.id, checked: true }]);
    expect(optional.status).toBe(422);
    expect(optional.body.errors).toEqual([{ field: sig!.id, message: 'A signer always signs: sign "Ivy signs"' }]);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    expect(view.request?.status ?? (await statusOf(key, id))).toBe("IN_PROGRESS");
    expect((await fieldsOf(key, id)).every((f) => f.value == null)).toBe(true);
    const rec = itemAt((await call("GET", `${SR}/${id}`, { key })).body.data.recipients as { status: string }[], 0, "recipients");
    expect(rec.status).not.toBe("SIGNED");

    // With a mark it completes.
    const ok = await sign([{ fieldId: sig!.id, typed: "Ivy" }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await runDueJobs();
    expect(await statusOf(key, id)).toBe("COMPLETED");
  });

  it("a template: a role's only signature made conditional or optional is refused when saved; a template saved so before the rule is refused when used and bulk sent, no draft made", async () => {
    const tplRes = await call("POST", T, {
      key,
      form: { name: "Must sign", file: { data: await simplePdf([{ text: "Terms" }]), name: "t.pdf", type: "application/pdf" } },
    });
    expect(tplRes.status, JSON.stringify(tplRes.body)).toBe(201);
    const tpl = tplRes.body.data.id as string;
    const roles = await call("PUT", `${T}/${tpl}/roles`, { key, json: { roles: [{ name: "Client" }, { name: "Witness" }] } });
    expect(roles.status, JSON.stringify(roles.body)).toBe(200);
    const placed = await call("POST", `${T}/${tpl}/fields`, {
      key,
      json: {
        fields: [
          {
            type: "CHECKBOX",
            roleName: "Client",
            page: 1,
            x: 72,
            y: 100,
            width: 14,
            height: 14,
            label: "Opt in",
            required: false,
          },
          { type: "SIGNATURE", roleName: "Client", page: 1, x: 72, y: 300, width: 150, height: 40 },
        ],
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [tBox, tSig] = placed.body.data.fields as Field[];
    const before = (await call("GET", `${T}/${tpl}`, { key })).body.data.fields;

    const conditional = await call("PATCH", `${T}/${tpl}/fields/${tSig!.id}`, {
      key,
      json: { conditions: { all: [{ fieldId: tBox!.id, op: "filled" }] } },
    });
    expect(conditional.status).toBe(422);
    expect(conditional.body.errorCode).toBe("FORM_RULES_INVALID");
    expect(conditional.body.message).toMatch(/none of role Client's signatures is always shown and required/);
    const optional = await call("PATCH", `${T}/${tpl}/fields/${tSig!.id}`, { key, json: { required: false } });
    expect(optional.status).toBe(422);
    const second = await call("POST", `${T}/${tpl}/fields`, {
      key,
      json: { type: "SIGNATURE", roleName: "Witness", page: 1, x: 300, y: 300, width: 150, height: 40, required: false },
    });
    expect(second.status).toBe(422);
    expect(second.body.message).toMatch(/role Witness's/);
    expect((await call("GET", `${T}/${tpl}`, { key })).body.data.fields).toEqual(before);

    // Saved so before the rule: using it, or bulk sending it, is refused and makes no draft.
    await (
      await getDb()
    )
      .update(templateFields)
      .set({ conditions: { all: [{ fieldId: tBox!.id, op: "filled" }] } })
      .where(eq(templateFields.id, tSig!.id));
    const count = await requestCount(orgId);
    const used = await call("POST", `${SR}/templates/${tpl}/use`, {
      key,
      json: { title: "From it", recipients: [{ roleName: "Client", email: "jo@example.com", name: "Jo" }] },
    });
    expect(used.status).toBe(422);
    expect(used.body.errorCode).toBe("FORM_RULES_INVALID");
    expect(used.body.message).toMatch(
      /A signer always signs: "signature" is shown only when its rules hold.*Jo \(jo@example\.com\)/,
    );
    expect(await requestCount(orgId)).toBe(count);
    const bulk = await call("POST", `${T}/${tpl}/bulk-send`, {
      key,
      json: {
        rows: [{ "Client.name": "Jo", "Client.email": "jo@example.com", "Witness.name": "W", "Witness.email": "w@example.com" }],
      },
    });
    expect(bulk.status).toBe(422);
    expect(bulk.body.errorCode).toBe("FORM_RULES_INVALID");
    expect(bulk.body.message).toMatch(/role Client's/);
    const bulks = await (await getDb()).select().from(bulkSends).where(eq(bulkSends.templateId, tpl));
    expect(bulks).toEqual([]);
    expect(await requestCount(orgId)).toBe(count);
  });
});
