import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { fields } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { findIn } from "../support/expect-helpers";
import { PNG_1x1, tokenOf } from "../support/signing";

// A later recipient's page draws what the recipients who signed put on the documents (GET /api/sign/{token}:
// signedValues), read-only: their values only, never a draft of someone who has not signed, never a field the
// conditions hid; a drawn signature's image only through the link, only one the view lists.

const SR = "/api/v1/enterprise/signature-requests";
const tag = () => crypto.randomBytes(4).toString("hex");
const view = (token: string) => call("GET", `/api/sign/${token}`);
const image = (token: string, fieldId: string) => call("GET", `/api/sign/${token}/values/${fieldId}/image`);
const sign = (token: string, values: unknown) => call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });

type Shown = { id: string; signedBy: string; type: string; value: { kind: string; [k: string]: unknown } };

/**
 * A sent request: Ann, Bo and Dee sign in step 1, Cy in step 2 beside a viewer, Vi. Ann has one field of each
 * kind a later page draws, and a "Reason" the conditions hide once she ticks "Agree".
 */
async function sentRequest(key: string) {
  const d = await createDraft(key, undefined, "Earlier values");
  const add = async (json: Record<string, unknown>) => {
    const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body.data.id as string;
  };
  const ann = await add({ email: `ann-${tag()}@example.com`, name: "Ann Archer", order: 1 });
  const bo = await add({ email: `bo-${tag()}@example.com`, name: "Bo Brown", order: 1 });
  const dee = await add({ email: `dee-${tag()}@example.com`, name: "Dee Dale", order: 1 });
  const cy = await add({ email: `cy-${tag()}@example.com`, name: "Cy Clark", order: 2 });
  const vi = await add({ email: `vi-${tag()}@example.com`, name: "Vi Viewer", order: 2, role: "VIEWER" });
  const box = (y: number) => ({ page: 1, x: 300, y, width: 160, height: 20 });
  const tick = (x: number, y: number) => ({ page: 1, x, y, width: 14, height: 14 });
  const first = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      fields: [
        { type: "SIGNATURE", recipientId: ann, page: 1, x: 72, y: 300, width: 180, height: 50, label: "Signature" },
        { type: "INITIAL", recipientId: ann, page: 1, x: 72, y: 360, width: 60, height: 30, label: "Initials" },
        { type: "TEXT", recipientId: ann, ...box(100), label: "Company" },
        { type: "CHECKBOX", recipientId: ann, ...tick(300, 130), label: "Agree" },
        { type: "RADIO", recipientId: ann, ...tick(300, 160), group: "Plan", option: "Basic" },
        { type: "RADIO", recipientId: ann, ...tick(340, 160), group: "Plan", option: "Pro" },
        { type: "DATE", recipientId: ann, ...box(400), label: "Date" },
        { type: "TEXT", recipientId: bo, ...box(500), label: "Bo's words" },
        { type: "SIGNATURE", recipientId: bo, page: 1, x: 72, y: 500, width: 180, height: 50, label: "Bo's signature" },
        { type: "TEXT", recipientId: dee, ...box(550), label: "Dee's words" },
        { type: "TEXT", recipientId: cy, ...box(600), label: "Reference" },
      ],
    },
  });
  if (first.status !== 201) throw new Error(JSON.stringify(first.body));
  const placed = await (await getDb()).select().from(fields).where(eq(fields.requestId, d.id));
  const agree = findIn(placed, (x) => x.label === "Agree", "the field Agree");
  const reason = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      type: "TEXT",
      recipientId: ann,
      ...box(450),
      label: "Reason",
      required: false,
      conditions: { all: [{ fieldId: agree.id, op: "equals", value: false }] },
    },
  });
  if (reason.status !== 201) throw new Error(JSON.stringify(reason.body));
  const sent = await call("POST", `${SR}/${d.id}/send`, { key });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  await runDueJobs();
  const rows = await (await getDb()).select().from(fields).where(eq(fields.requestId, d.id));
  const f = (label: string) => findIn(rows, (x) => x.label === label || x.option === label, `the field ${label}`).id;
  return { id: d.id as string, ann, bo, dee, cy, vi, f };
}

/** Everything Ann gives to sign: she ticks Agree, which hides Reason. */
const annSigns = (f: (label: string) => string) => [
  { fieldId: f("Signature"), image: PNG_1x1 },
  { fieldId: f("Initials"), typed: "AA" },
  { fieldId: f("Company"), text: "Archer & Co" },
  { fieldId: f("Agree"), checked: true },
  { fieldId: f("Basic"), checked: false },
  { fieldId: f("Pro"), checked: true },
];

const shownOf = async (token: string) => {
  const r = await view(token);
  expect(r.status).toBe(200);
  return r.body.data.signedValues as Shown[];
};

/**
 * A sent request: Ann Archer signs at step 1, Cy Clark (with `cyAuthentication`, if any) at step 2, one signature
 * field each; its field rows.
 */
async function annThenCy(key: string, title: string, cyAuthentication?: Record<string, unknown>) {
  const d = await createDraft(key, undefined, title);
  const add = async (json: Record<string, unknown>) => {
    const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json });
    expect(r.status).toBe(201);
    return r.body.data.id as string;
  };
  const ann = await add({ email: `a-${tag()}@example.com`, name: "Ann Archer", order: 1 });
  const cy = await add({
    email: `c-${tag()}@example.com`,
    name: "Cy Clark",
    order: 2,
    ...(cyAuthentication && { authentication: cyAuthentication }),
  });
  const made = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      fields: [
        { type: "SIGNATURE", recipientId: ann, page: 1, x: 72, y: 300, width: 180, height: 50 },
        { type: "SIGNATURE", recipientId: cy, page: 1, x: 72, y: 400, width: 180, height: 50 },
      ],
    },
  });
  expect(made.status).toBe(201);
  expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
  await runDueJobs();
  const rows = await (await getDb()).select().from(fields).where(eq(fields.requestId, d.id));
  return { ann, cy, rows };
}

describe("what the recipients who signed put on the documents, on a later recipient's page", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("a later step's page carries step 1's values and its signature image; a co-signer's draft and a hidden field's value never", async () => {
    const { ann, bo, dee, cy, vi, f } = await sentRequest(key);
    const tAnn = await tokenOf(ann);
    const tBo = await tokenOf(bo);
    const tDee = await tokenOf(dee);
    const tCy = await tokenOf(cy);
    const tVi = await tokenOf(vi);
    // Nobody signed yet: nothing to draw for anyone.
    expect(await shownOf(tDee)).toEqual([]);

    // Bo saves a draft (text and a drawn signature), then Ann signs.
    const saved = await call("PUT", `/api/sign/${tBo}/draft`, {
      json: {
        values: [
          { fieldId: f("Bo's words"), text: "bo-draft-secret" },
          { fieldId: f("Bo's signature"), image: PNG_1x1 },
        ],
      },
    });
    expect(saved.status).toBe(200);
    const signed = await sign(tAnn, annSigns(f));
    expect(signed.status).toBe(200);
    // A value stored for the hidden field anyway (as a damaged or older record might hold): still never shown.
    await (
      await getDb()
    )
      .update(fields)
      .set({ value: { kind: "text", text: "hidden-reason-secret" } })
      .where(eq(fields.id, f("Reason")));

    // Dee, of the same step, opens after Ann signed: Ann's values, nothing of Bo (who has not signed).
    const forDee = await shownOf(tDee);
    const deeJson = JSON.stringify(forDee);
    expect(deeJson).not.toContain("bo-draft-secret");
    expect(deeJson).not.toContain("hidden-reason-secret");
    expect(forDee.some((v) => v.id === f("Bo's words") || v.id === f("Bo's signature") || v.id === f("Reason"))).toBe(false);
    expect(forDee.every((v) => v.signedBy === "Ann Archer")).toBe(true);
    const byId = (list: Shown[], id: string) => findIn(list, (v) => v.id === id, `the value of ${id}`);
    const sig = byId(forDee, f("Signature"));
    expect(sig).toMatchObject({ type: "SIGNATURE", value: { kind: "image", imageId: f("Signature") } });
    // The page's box and what it shows; no recipient id, address or image hash.
    expect(Object.keys(sig).sort()).toEqual(
      ["documentId", "fontSize", "height", "id", "label", "page", "signedBy", "type", "value", "width", "x", "y"].sort(),
    );
    expect(Object.keys(sig.value).sort()).toEqual(["imageId", "kind"]);
    expect(byId(forDee, f("Initials")).value).toEqual({ kind: "typed", text: "AA" });
    expect(byId(forDee, f("Company")).value).toEqual({ kind: "text", text: "Archer & Co" });
    expect(byId(forDee, f("Agree")).value).toEqual({ kind: "check", checked: true });
    expect(byId(forDee, f("Basic")).value).toEqual({ kind: "choice", selected: false, option: "Basic" });
    expect(byId(forDee, f("Pro")).value).toEqual({ kind: "choice", selected: true, option: "Pro" });
    expect(byId(forDee, f("Date")).value).toMatchObject({ kind: "date", text: expect.any(String) });
    // Bo's draft image is not served either: his field is not signed.
    const boImage = await image(tDee, f("Bo's signature"));
    expect(boImage.status).toBe(404);
    expect(boImage.body.errorCode).toBe("FIELD_NOT_FOUND");
    // Cy's turn has not come (step 2): nothing yet, not even Ann's image.
    expect(await shownOf(tCy)).toEqual([]);
    expect((await image(tCy, f("Signature"))).status).toBe(404);

    // Bo and Dee sign: step 2 is invited.
    expect(
      (
        await sign(tBo, [
          { fieldId: f("Bo's words"), text: "Bo signed this" },
          { fieldId: f("Bo's signature"), typed: "Bo" },
        ])
      ).status,
    ).toBe(200);
    expect((await sign(tDee, [{ fieldId: f("Dee's words"), text: "Dee signed this" }])).status).toBe(200);
    await runDueJobs();
    const forCy = await shownOf(tCy);
    expect(new Set(forCy.map((v) => v.signedBy))).toEqual(new Set(["Ann Archer", "Bo Brown", "Dee Dale"]));
    expect(byId(forCy, f("Bo's words")).value).toEqual({ kind: "text", text: "Bo signed this" });
    expect(byId(forCy, f("Bo's signature")).value).toEqual({ kind: "typed", text: "Bo" });
    expect(JSON.stringify(forCy)).not.toContain("hidden-reason-secret");
    expect(JSON.stringify(forCy)).not.toContain("bo-draft-secret");
    expect(forCy.some((v) => v.id === f("Reason") || v.id === f("Reference"))).toBe(false);
    // A viewer of step 2 is shown them too: the sealed copy they are sent carries them.
    expect((await shownOf(tVi)).map((v) => v.id).sort()).toEqual(forCy.map((v) => v.id).sort());

    // Step 1's drawn signature, through Cy's link: the stored image, with its type, size and nosniff.
    const got = await image(tCy, f("Signature"));
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
    expect(got.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = new Uint8Array(await got.raw.arrayBuffer());
    expect(got.headers.get("content-length")).toBe(String(bytes.byteLength));
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Not an image (a text field, a typed signature), the hidden field, Cy's own unsigned field, not an id: 404.
    for (const id of [f("Company"), f("Bo's signature"), f("Reason"), f("Reference"), "not-a-field"]) {
      const r = await image(tCy, id);
      expect(r.status, id).toBe(404);
      expect(r.body.errorCode, id).toBe("FIELD_NOT_FOUND");
    }
  });

  it("another request's signature image is a 404 through this link, though its own link serves it", async () => {
    const one = await sentRequest(key);
    const other = await sentRequest(key);
    const tAnnOne = await tokenOf(one.ann);
    const tDeeOne = await tokenOf(one.dee);
    const tAnnOther = await tokenOf(other.ann);
    const tDeeOther = await tokenOf(other.dee);
    for (const [t, f] of [
      [tAnnOne, one.f],
      [tAnnOther, other.f],
    ] as const)
      expect((await sign(t, annSigns(f))).status).toBe(200);
    expect((await image(tDeeOther, other.f("Signature"))).status).toBe(200);
    const foreign = await image(tDeeOne, other.f("Signature"));
    expect(foreign.status).toBe(404);
    expect(foreign.body.errorCode).toBe("FIELD_NOT_FOUND");
    expect((await shownOf(tDeeOne)).some((v) => v.id === other.f("Signature"))).toBe(false);
  });

  it("a completed request's view draws nothing over the sealed pages, and serves no image", async () => {
    const { ann, cy, rows } = await annThenCy(key, "Completed");
    const tAnn = await tokenOf(ann);
    const tCy = await tokenOf(cy);
    const of = (r: string) => findIn(rows, (x) => x.recipientId === r, "a signature field").id;
    expect((await sign(tAnn, [{ fieldId: of(ann), image: PNG_1x1 }])).status).toBe(200);
    await runDueJobs();
    expect((await shownOf(tCy)).map((v) => v.id)).toEqual([of(ann)]);
    expect((await sign(tCy, [{ fieldId: of(cy), typed: "Cy" }])).status).toBe(200);
    await runDueJobs();
    const done = await view(tCy);
    expect(done.body.data.request.status).toBe("COMPLETED");
    expect(done.body.data.signedValues).toEqual([]);
    expect((await image(tCy, of(ann))).status).toBe(404);
  });

  it("a link that asks for a code serves no earlier value and no image before the code is given", async () => {
    const { ann, cy, rows } = await annThenCy(key, "Coded", { method: "ACCESS_CODE", accessCode: "green-hill-17" });
    const annField = findIn(rows, (x) => x.recipientId === ann, "Ann's signature").id;
    expect((await sign(await tokenOf(ann), [{ fieldId: annField, image: PNG_1x1 }])).status).toBe(200);
    await runDueJobs();
    const tCy = await tokenOf(cy);
    const blocked = await image(tCy, annField);
    expect(blocked.status).toBe(401);
    expect(blocked.body.details?.reason).toBe("AUTHENTICATION_REQUIRED");
    expect((await view(tCy)).status).toBe(401);
    const verified = await call("POST", `/api/sign/${tCy}/authentication`, { json: { code: "green-hill-17" } });
    expect(verified.status).toBe(200);
    const cookie = verified.headers.get("set-cookie")!.split(";")[0]!;
    const opened = await call("GET", `/api/sign/${tCy}`, { headers: { cookie } });
    expect((opened.body.data.signedValues as Shown[]).map((v) => v.id)).toEqual([annField]);
    const got = await call("GET", `/api/sign/${tCy}/values/${annField}/image`, { headers: { cookie } });
    expect(got.status).toBe(200);
    expect(got.headers.get("content-type")).toBe("image/png");
  });
});
