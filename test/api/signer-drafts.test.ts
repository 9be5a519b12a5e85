import crypto from "node:crypto";
import zlib from "node:zlib";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { fields, signatureRequests, signerDrafts } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { purgeSandbox } from "@/lib/server/purge/purge-sandbox";
import { sweepExpired } from "@/lib/server/requests/expire-requests";
import { call, makeOrg } from "../support/api";
import { pngChunk } from "../support/docx-fixtures";
import { createDraft } from "../support/drafts";
import { findIn } from "../support/expect-helpers";
import { PNG_1x1, tokenOf } from "../support/signing";

// What a signer enters is saved as they fill it (PUT /api/sign/{token}/draft) and served back by the
// signer's view, only to them and only while they may sign; it is not a signature.

const SR = "/api/v1/enterprise/signature-requests";
const tag = () => crypto.randomBytes(4).toString("hex");
const view = (token: string, ip = "203.0.113.20") => call("GET", `/api/sign/${token}`, { ip });
const save = (token: string, values: unknown, ip = "203.0.113.20") =>
  call("PUT", `/api/sign/${token}/draft`, { json: { values }, ip });
const sign = (token: string, values: unknown) => call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });

type Draft = { fieldId: string; text?: string; checked?: boolean; typed?: string; image?: string; savedAt: string };

/** The saved values of a recipient, as stored. */
const draftRows = async (recipientId: string) =>
  (await getDb()).select().from(signerDrafts).where(eq(signerDrafts.recipientId, recipientId));

/**
 * A sent request: Ada (order 1) with one field of each kind a signer fills, Ben (order 1) with a TEXT,
 * Cy (order 2) with a TEXT. Returns the ids and each field's id by its label.
 */
async function sentRequest(key: string, opts: { adaAuth?: { method: string; accessCode?: string } } = {}) {
  const d = await createDraft(key, undefined, "Drafts");
  const add = async (json: Record<string, unknown>) => {
    const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body.data.id as string;
  };
  const ada = await add({ email: `ada-${tag()}@example.com`, name: "Ada Lovelace", order: 1, authentication: opts.adaAuth });
  const ben = await add({ email: `ben-${tag()}@example.com`, name: "Ben Other", order: 1 });
  const cy = await add({ email: `cy-${tag()}@example.com`, name: "Cy Later", order: 2 });
  const box = (y: number) => ({ page: 1, x: 300, y, width: 160, height: 20 });
  const res = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      fields: [
        { type: "TEXT", recipientId: ada, ...box(100), label: "Job title", maxLength: 20 },
        { type: "NAME", recipientId: ada, ...box(130), label: "Full name" },
        { type: "CHECKBOX", recipientId: ada, page: 1, x: 300, y: 160, width: 14, height: 14, label: "Terms" },
        { type: "RADIO", recipientId: ada, page: 1, x: 300, y: 190, width: 14, height: 14, group: "Plan", option: "Basic" },
        { type: "RADIO", recipientId: ada, page: 1, x: 340, y: 190, width: 14, height: 14, group: "Plan", option: "Pro" },
        { type: "DROPDOWN", recipientId: ada, ...box(220), label: "Colour", options: ["Red", "Green"] },
        { type: "NUMBER", recipientId: ada, ...box(250), label: "Seats" },
        { type: "SIGNATURE", recipientId: ada, page: 1, x: 72, y: 300, width: 180, height: 50, label: "Signature" },
        { type: "INITIAL", recipientId: ada, page: 1, x: 72, y: 360, width: 60, height: 30, label: "Initials" },
        { type: "DATE", recipientId: ada, ...box(400), label: "Date" },
        { type: "TEXT", recipientId: ben, ...box(500), label: "Company" },
        { type: "TEXT", recipientId: cy, ...box(600), label: "Reference" },
      ],
    },
  });
  if (res.status !== 201) throw new Error(JSON.stringify(res.body));
  const sent = await call("POST", `${SR}/${d.id}/send`, { key });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  await runDueJobs(); // invited: SENT
  const rows = await (await getDb()).select().from(fields).where(eq(fields.requestId, d.id));
  const byLabel = (label: string) =>
    findIn(rows, (f) => f.label === label || f.option === label, `the field ${label}`).id as string;
  const f = Object.fromEntries(
    [
      "Job title",
      "Full name",
      "Terms",
      "Basic",
      "Pro",
      "Colour",
      "Seats",
      "Signature",
      "Initials",
      "Date",
      "Company",
      "Reference",
    ].map((l) => [l, byLabel(l)]),
  );
  return { id: d.id as string, ada, ben, cy, f };
}

/** Everything Ada must give to sign. */
const adaSigns = (f: Record<string, string>, title = "Engineer") => [
  { fieldId: f["Job title"], text: title },
  { fieldId: f["Full name"], text: "Ada Lovelace" },
  { fieldId: f.Terms, checked: true },
  { fieldId: f.Basic, checked: false },
  { fieldId: f.Pro, checked: true },
  { fieldId: f.Colour, text: "Green" },
  { fieldId: f.Seats, text: "12" },
  { fieldId: f.Signature, image: PNG_1x1 },
  { fieldId: f.Initials, typed: "AL" },
];

/** A PNG whose header claims `width` × `height` (the judge refuses it from the header alone). */
function claimedPng(width: number, height: number): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(16))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

describe("the values a signer saves as they fill the fields", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("are served back on reload and on another device, as given; nothing is signed by them", async () => {
    const { id, ada, f } = await sentRequest(key);
    const t = await tokenOf(ada);
    const first = await view(t);
    expect(first.status).toBe(200);
    expect(first.body.data.drafts).toEqual([]);
    const auditBefore = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items.map((e: { type: string }) => e.type);

    const saved = await save(t, [
      { fieldId: f["Job title"], text: "Chief engineer" },
      { fieldId: f["Full name"], text: "" },
      { fieldId: f.Terms, checked: true },
      { fieldId: f.Basic, checked: false },
      { fieldId: f.Pro, checked: true },
      { fieldId: f.Colour, text: "Green" },
      { fieldId: f.Seats, text: "12,5" },
      { fieldId: f.Signature, image: PNG_1x1 },
      { fieldId: f.Initials, typed: "A. L." },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ saved: 9, cleared: 0 });
    expect(Date.parse(saved.body.data.savedAt)).not.toBeNaN();

    // A reload, from another address without any cookie (another device): every value as it was given.
    const again = await view(t, "198.51.100.9");
    const drafts = again.body.data.drafts as Draft[];
    const of = (id: string) => findIn(drafts, (d) => d.fieldId === id, `the saved value of ${id}`);
    expect(drafts).toHaveLength(9);
    expect(of(f["Job title"]!)).toMatchObject({ text: "Chief engineer", savedAt: saved.body.data.savedAt });
    expect(of(f["Full name"]!).text).toBe(""); // emptied by the signer: not the recipient's name again
    expect(of(f.Terms!).checked).toBe(true);
    expect(of(f.Basic!).checked).toBe(false);
    expect(of(f.Pro!).checked).toBe(true);
    expect(of(f.Colour!).text).toBe("Green");
    expect(of(f.Seats!).text).toBe("12,5"); // as typed: read as a number only when signing
    expect(of(f.Signature!).image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    expect(of(f.Initials!).typed).toBe("A. L.");
    expect(drafts.some((d) => d.fieldId === f.Date)).toBe(false);

    // Not a signature: no value in the fields, the recipient still VIEWED, no event, the request unchanged.
    const db = await getDb();
    const values = await db.select({ v: fields.value }).from(fields).where(eq(fields.requestId, id));
    expect(values.every((r) => r.v === null)).toBe(true);
    const req = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(req.status).toBe("IN_PROGRESS");
    expect(req.recipients.find((r: { id: string }) => r.id === ada)?.status).toBe("VIEWED");
    const auditAfter = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items.map((e: { type: string }) => e.type);
    expect(auditAfter).toEqual(auditBefore);
    // The image is kept with the saved value, not in the blob store as a signature's is.
    const sigRow = findIn(await draftRows(ada), (r) => r.fieldId === f.Signature, "the saved signature");
    expect(sigRow.value).toMatchObject({ mime: "image/png" });
    expect(JSON.stringify(sigRow.value)).not.toContain("sha256");
    // Signing takes every value again: the saved ones count for nothing there.
    const empty = await sign(t, []);
    expect(empty.status).toBe(422);
    expect(empty.body.errorCode).toBe("FIELD_VALUES_INVALID");
    expect((await db.select().from(signatureRequests).where(eq(signatureRequests.id, id)))[0]?.status).toBe("IN_PROGRESS");

    // A later save replaces its fields' values; an entry without a value removes one; choosing another
    // button of a RADIO group removes the one chosen before.
    const changed = await save(t, [
      { fieldId: f["Job title"], text: "CTO" },
      { fieldId: f.Initials },
      { fieldId: f.Basic, checked: true },
    ]);
    expect(changed.body.data).toMatchObject({ saved: 2, cleared: 1 });
    const after = (await view(t)).body.data.drafts as Draft[];
    expect(after.find((d) => d.fieldId === f["Job title"])?.text).toBe("CTO");
    expect(after.find((d) => d.fieldId === f.Initials)).toBeUndefined();
    expect(after.find((d) => d.fieldId === f.Basic)?.checked).toBe(true);
    expect(after.find((d) => d.fieldId === f.Pro)).toBeUndefined();
    expect(after.find((d) => d.fieldId === f.Terms)?.checked).toBe(true);
  });

  it("only the recipient's own fields, each with a value of its kind: anything wrong is a 4xx and nothing is saved", async () => {
    const { ada, ben, f } = await sentRequest(key);
    const t = await tokenOf(ada);
    expect((await save(t, [{ fieldId: f["Job title"], text: "Before" }])).status).toBe(200);
    const refused: [string, unknown, number, string?][] = [
      [
        "another recipient's field",
        [
          { fieldId: f["Job title"], text: "X" },
          { fieldId: f.Company, text: "Y" },
        ],
        422,
      ],
      ["a later recipient's field", [{ fieldId: f.Reference, text: "Y" }], 422],
      ["an unknown field", [{ fieldId: "00000000-0000-4000-8000-000000000000", text: "Y" }], 422],
      ["text for a checkbox", [{ fieldId: f.Terms, text: "yes" }], 422],
      ["a tick for a text", [{ fieldId: f["Job title"], checked: true }], 422],
      ["two kinds at once", [{ fieldId: f.Signature, typed: "Ada", image: PNG_1x1 }], 422],
      ["a DATE", [{ fieldId: f.Date, text: "2026-01-01" }], 422],
      [
        "a field twice",
        [
          { fieldId: f["Job title"], text: "A" },
          { fieldId: f["Job title"], text: "B" },
        ],
        422,
      ],
      ["not an option", [{ fieldId: f.Colour, text: "Purple" }], 422],
      ["over maxLength", [{ fieldId: f["Job title"], text: "x".repeat(21) }], 422],
      [
        "two buttons of a group",
        [
          { fieldId: f.Basic, checked: true },
          { fieldId: f.Pro, checked: true },
        ],
        422,
      ],
      ["an image for a text", [{ fieldId: f["Job title"], image: PNG_1x1 }], 422],
      ["an image that is no data: URL", [{ fieldId: f.Signature, image: "hello" }], 400, "SIGNATURE_IMAGE_INVALID"],
      ["an image that is no PNG or JPEG", [{ fieldId: f.Signature, image: "data:image/png;base64,aGVsbG8=" }], 415],
      ["an image too large", [{ fieldId: f.Signature, image: claimedPng(5000, 1) }], 422, "SIGNATURE_IMAGE_TOO_LARGE"],
      ["a typed mark too long", [{ fieldId: f.Initials, typed: "x".repeat(201) }], 400],
      ["no values", [], 400],
      ["an unknown key", [{ fieldId: f["Job title"], text: "A", value: "B" }], 400],
    ];
    for (const [what, values, status, code] of refused) {
      const r = await save(t, values);
      expect(r.status, what).toBe(status);
      if (code) expect(r.body.errorCode, what).toBe(code);
      if (status === 422 && !code) expect(r.body.errors.length, what).toBeGreaterThan(0);
    }
    // A body over the JSON limit, one that is not JSON, and another media type.
    const big = await call("PUT", `/api/sign/${t}/draft`, {
      json: { values: [{ fieldId: f.Signature, image: `data:image/png;base64,${"A".repeat(1_200_000)}` }] },
    });
    expect(big.status).toBe(413);
    const broken = await call("PUT", `/api/sign/${t}/draft`, { body: "{", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    const form = await call("PUT", `/api/sign/${t}/draft`, { body: "values=1", headers: { "content-type": "text/plain" } });
    expect(form.status).toBe(415);

    // Nothing of it was saved, for Ada or for Ben; Ben's own save is his alone.
    const kept = (await view(t)).body.data.drafts as Draft[];
    expect(kept.map((d) => [d.fieldId, d.text])).toEqual([[f["Job title"], "Before"]]);
    expect(await draftRows(ben)).toEqual([]);
    const tb = await tokenOf(ben);
    expect((await save(tb, [{ fieldId: f.Company, text: "Ben & Co" }])).status).toBe(200);
    expect(((await view(t)).body.data.drafts as Draft[]).some((d) => d.fieldId === f.Company)).toBe(false);
    expect(((await view(tb)).body.data.drafts as Draft[]).map((d) => d.text)).toEqual(["Ben & Co"]);
  });

  it("only while the recipient may sign: not their turn, signed, declined, cancelled, expired, without their code", async () => {
    const { id, ada, ben, cy, f } = await sentRequest(key);
    const [ta, tb, tc] = [await tokenOf(ada), await tokenOf(ben), await tokenOf(cy)];
    // Not their turn yet.
    const early = await save(tc, [{ fieldId: f.Reference, text: "R-1" }]);
    expect(early.status).toBe(409);
    expect(early.body.errorCode).toBe("RECIPIENT_NOT_YOUR_TURN");
    expect(await draftRows(cy)).toEqual([]);
    expect((await view(tc)).body.data.drafts).toEqual([]);
    // An unknown link.
    expect((await save(crypto.randomBytes(32).toString("base64url"), [{ fieldId: f.Reference, text: "R" }])).status).toBe(404);

    // Signed: nothing more is saved.
    expect((await sign(ta, adaSigns(f))).status).toBe(200);
    const signed = await save(ta, [{ fieldId: f["Job title"], text: "Later" }]);
    expect(signed.status).toBe(409);
    expect(signed.body.errorCode).toBe("RECIPIENT_ALREADY_SIGNED");
    // Ben declines: the request is DECLINED and every link of it answers 410.
    expect((await save(tb, [{ fieldId: f.Company, text: "Ben & Co" }])).status).toBe(200);
    expect((await call("POST", `/api/sign/${tb}/decline`, { json: { reason: "Not mine" } })).status).toBe(200);
    expect((await save(tb, [{ fieldId: f.Company, text: "Again" }])).status).toBe(410);
    expect((await view(tb)).status).toBe(410);
    expect(await draftRows(ben)).toEqual([]);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("DECLINED");

    // Cancelled: the saved values are no longer served (the link answers 410) and no more are taken.
    const c = await sentRequest(key);
    const tcAda = await tokenOf(c.ada);
    expect((await save(tcAda, [{ fieldId: c.f["Job title"], text: "Saved" }])).status).toBe(200);
    expect((await call("POST", `${SR}/${c.id}/cancel`, { key })).status).toBe(200);
    // Gone with the cancellation, in its transaction: no backup taken later carries them.
    expect(await draftRows(c.ada)).toEqual([]);
    expect((await view(tcAda)).status).toBe(410);
    expect((await save(tcAda, [{ fieldId: c.f["Job title"], text: "More" }])).status).toBe(410);

    // Expired: the same.
    const e = await sentRequest(key);
    const te = await tokenOf(e.ada);
    expect((await save(te, [{ fieldId: e.f["Job title"], text: "Saved" }])).status).toBe(200);
    await (
      await getDb()
    )
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureRequests.id, e.id));
    expect((await sweepExpired()).expired).toBeGreaterThanOrEqual(1);
    expect(await draftRows(e.ada)).toEqual([]);
    expect((await view(te)).status).toBe(410);
    expect((await save(te, [{ fieldId: e.f["Job title"], text: "More" }])).status).toBe(410);

    // A link that asks for a code: nothing without the signer session.
    const g = await sentRequest(key, { adaAuth: { method: "ACCESS_CODE", accessCode: "open sesame" } });
    const gated = await save(await tokenOf(g.ada), [{ fieldId: g.f["Job title"], text: "X" }]);
    expect(gated.status).toBe(401);
    expect(await draftRows(g.ada)).toEqual([]);
  });

  it("are dropped once the signer signs, declines or their link is replaced (and the request is cancelled or expires, above); the signature holds what was signed", async () => {
    const { ada, ben, f } = await sentRequest(key);
    const ta = await tokenOf(ada);
    expect((await save(await tokenOf(ben), [{ fieldId: f.Company, text: "Ben's own" }])).status).toBe(200);
    expect(
      (
        await save(ta, [
          { fieldId: f["Job title"], text: "Draft title" },
          { fieldId: f.Signature, image: PNG_1x1 },
        ])
      ).status,
    ).toBe(200);
    expect(await draftRows(ada)).toHaveLength(2);
    expect((await sign(ta, adaSigns(f, "Signed title"))).status).toBe(200);
    expect(await draftRows(ada)).toEqual([]);
    const after = await view(ta);
    expect(after.status).toBe(200);
    expect(after.body.data).toMatchObject({ recipient: { status: "SIGNED" }, drafts: [] });
    const [title] = await (await getDb()).select({ v: fields.value }).from(fields).where(eq(fields.id, f["Job title"]!));
    expect(title!.v).toEqual({ kind: "text", text: "Signed title" });
    // Only hers: Ben, still to sign, keeps what he saved.
    expect((await draftRows(ben)).map((r) => r.value)).toEqual([{ text: "Ben's own" }]);

    // A decline ends the request: every recipient's saved values go, not only the decliner's.
    const d = await sentRequest(key);
    expect((await save(await tokenOf(d.ada), [{ fieldId: d.f["Job title"], text: "Ada's" }])).status).toBe(200);
    const tb = await tokenOf(d.ben);
    expect((await save(tb, [{ fieldId: d.f.Company, text: "Ben & Co" }])).status).toBe(200);
    expect((await call("POST", `/api/sign/${tb}/decline`, { json: { reason: "No" } })).status).toBe(200);
    expect(await draftRows(d.ada)).toEqual([]);
    expect(await draftRows(d.ben)).toEqual([]);

    // A correction replaces the link: what was entered through the old one is not shown through the new one.
    const c = await sentRequest(key);
    const old = await tokenOf(c.ada);
    expect((await save(old, [{ fieldId: c.f["Job title"], text: "Not Ada" }])).status).toBe(200);
    const corrected = await call("POST", `${SR}/${c.id}/recipients/${c.ada}/correct`, {
      key,
      json: { email: `ada-right-${tag()}@example.com` },
    });
    expect(corrected.status).toBe(200);
    expect(await draftRows(c.ada)).toEqual([]);
    expect((await save(old, [{ fieldId: c.f["Job title"], text: "Again" }])).status).toBe(410);
    const fresh = await tokenOf(c.ada);
    expect(fresh).not.toBe(old);
    expect((await view(fresh)).body.data.drafts).toEqual([]);
  });

  it("the sandbox purge deletes them with their request", async () => {
    const { id, ada, f } = await sentRequest(key);
    expect((await save(await tokenOf(ada), [{ fieldId: f["Job title"], text: "Purged" }])).status).toBe(200);
    // The purge's clock ten years back, the request older still: nothing else in this database is that old.
    const clock = new Date(Date.now() - 3650 * 24 * 60 * 60_000);
    await (
      await getDb()
    )
      .update(signatureRequests)
      .set({ createdAt: new Date(clock.getTime() - 40 * 24 * 60 * 60_000) })
      .where(eq(signatureRequests.id, id));
    const run = await purgeSandbox({ now: clock });
    expect(run.ran).toBe(true);
    if (run.ran) expect(run.run.counts).toMatchObject({ signerDrafts: 1 });
    expect(
      await (
        await getDb()
      )
        .select()
        .from(signerDrafts)
        .where(and(eq(signerDrafts.recipientId, ada))),
    ).toEqual([]);
  });
});

describe("saving counts in the signing link's own rate limit", () => {
  const saved = process.env.SIGN_RATE_LIMIT_TOKEN;
  afterEach(() => {
    process.env.SIGN_RATE_LIMIT_TOKEN = saved;
  });

  it("shares the link's bucket with its other endpoints: over it, 429 with Retry-After and nothing saved", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { ada, f } = await sentRequest(key);
    const t = await tokenOf(ada);
    process.env.SIGN_RATE_LIMIT_TOKEN = "3";
    expect((await view(t)).status).toBe(200);
    expect((await save(t, [{ fieldId: f["Job title"], text: "One" }])).status).toBe(200);
    expect((await save(t, [{ fieldId: f["Job title"], text: "Two" }])).status).toBe(200);
    const limited = await save(t, [{ fieldId: f["Job title"], text: "Three" }]);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/this signing link/);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    process.env.SIGN_RATE_LIMIT_TOKEN = saved;
    const [row] = await draftRows(ada);
    expect(row?.value).toEqual({ text: "Two" });
  });
});
