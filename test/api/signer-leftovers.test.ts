import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import {
  embedLinks,
  fields,
  jobs,
  signatureRequests,
  signerDrafts,
  signerFiles,
  signerSessions,
  textLayers,
} from "@/lib/server/db/schema";
import { blobs } from "@/lib/server/blobs/store";
import { enqueue } from "@/lib/server/jobs/queue";
import { runDueJobs } from "@/lib/server/worker/worker";
import { openEmbedLink } from "@/lib/server/signing/embed-links";
import { call, makeOrg, type CallOptions } from "../support/api";
import { createDraft, draftWithSigners, sendDraft } from "../support/drafts";
import { findIn } from "../support/expect-helpers";
import { sealedDocument } from "../support/sealing";
import { simplePdf } from "../support/simple-pdf";
import { tokenOf } from "../support/signing";

// What a signer leaves behind while it is their turn (values saved on the way, files uploaded and not
// kept, the session their code opened) has a budget and an end: an upload is judged by the form as it
// stands (a hidden FILE field takes none), a link and a request hold at most their byte budgets, and
// every end of a turn (sign, decline, cancel, expiry, correction) drops the rest in its transaction.

const SR = "/api/v1/enterprise/signature-requests";
const MB = 1024 * 1024;
const CODE = "amber-fox-17";
const tag = () => crypto.randomBytes(4).toString("hex");
const blobFile = (sha: string) => path.join(process.env.DATA_DIR!, "blobs", sha.slice(0, 2), sha);

/** A real PNG of w × h pixels whose colours start at `seed`, its first pixel random: no other test's file. */
function pngOf(w: number, h: number, seed = 0): Uint8Array {
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set([(i + seed) % 256, (i * 7 + seed) % 256, (seed * 13) % 256, 255], i * 4);
  png.data.set([...crypto.randomBytes(3), 255], 0);
  return new Uint8Array(PNG.sync.write(png));
}

/** A cookie jar: the signer session's cookie, sent back on later calls. */
class Browser {
  cookie: string | null = null;
  opts(extra: CallOptions = {}): CallOptions {
    return { ...extra, headers: { ...(this.cookie ? { cookie: this.cookie } : {}), ...extra.headers } };
  }
}

/**
 * A sent request. Ann (order 1): a SIGNATURE, a TEXT "Passport number", a CHECKBOX "Has ID", a FILE "ID scan"
 * shown only when Has ID is ticked, and a FILE "Other papers" always shown. Ben (order 1, in parallel): a
 * SIGNATURE and a FILE. Cy (order 2): a FILE shown when Ann ticked Has ID, another when she did not.
 */
async function sentRequest(key: string, opts: { annCode?: boolean } = {}) {
  const d = await createDraft(key, undefined, "Leftovers");
  const add = async (json: Record<string, unknown>) => {
    const r = await call("POST", `${SR}/${d.id}/recipients`, { key, json });
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
    return r.body.data.id as string;
  };
  const ann = await add({
    email: `ann-${tag()}@example.com`,
    name: "Ann Leftover",
    order: 1,
    ...(opts.annCode && { authentication: { method: "ACCESS_CODE", accessCode: CODE } }),
  });
  const ben = await add({ email: `ben-${tag()}@example.com`, name: "Ben Leftover", order: 1 });
  const cy = await add({ email: `cy-${tag()}@example.com`, name: "Cy Leftover", order: 2 });
  const box = (y: number, x = 300) => ({ page: 1, x, y, width: 160, height: 20 });
  const base = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      fields: [
        { type: "SIGNATURE", recipientId: ann, page: 1, x: 72, y: 100, width: 150, height: 40 },
        { type: "TEXT", recipientId: ann, ...box(100), label: "Passport number", required: false },
        { type: "CHECKBOX", recipientId: ann, page: 1, x: 300, y: 130, width: 14, height: 14, label: "Has ID", required: false },
        { type: "FILE", recipientId: ann, ...box(160), label: "Other papers", multiple: true, required: false },
        { type: "SIGNATURE", recipientId: ben, page: 1, x: 72, y: 300, width: 150, height: 40 },
        { type: "FILE", recipientId: ben, ...box(300), label: "Ben's file", multiple: true, required: false },
        { type: "SIGNATURE", recipientId: cy, page: 1, x: 72, y: 500, width: 150, height: 40 },
      ],
    },
  });
  if (base.status !== 201) throw new Error(JSON.stringify(base.body));
  const hasId = findIn(base.body.data.fields as { id: string; label: string }[], (f) => f.label === "Has ID").id;
  const when = (value: boolean) => ({ all: [{ fieldId: hasId, op: "equals", value }] });
  const conditional = await call("POST", `${SR}/${d.id}/fields`, {
    key,
    json: {
      fields: [
        { type: "FILE", recipientId: ann, ...box(190), label: "ID scan", multiple: true, conditions: when(true) },
        { type: "FILE", recipientId: cy, ...box(500), label: "Cy's ID copy", required: false, conditions: when(true) },
        { type: "FILE", recipientId: cy, ...box(530), label: "Cy's other proof", required: false, conditions: when(false) },
      ],
    },
  });
  if (conditional.status !== 201) throw new Error(JSON.stringify(conditional.body));
  const sent = await call("POST", `${SR}/${d.id}/send`, { key });
  if (sent.status !== 200) throw new Error(JSON.stringify(sent.body));
  await runDueJobs(); // invited: SENT
  const rows = await (await getDb()).select().from(fields).where(eq(fields.requestId, d.id));
  const f = (label: string) => findIn(rows, (x) => x.label === label, `the field ${label}`).id;
  return {
    id: d.id as string,
    ann,
    ben,
    cy,
    f: {
      annSig: rows.find((x) => x.recipientId === ann && x.type === "SIGNATURE")!.id,
      benSig: rows.find((x) => x.recipientId === ben && x.type === "SIGNATURE")!.id,
      cySig: rows.find((x) => x.recipientId === cy && x.type === "SIGNATURE")!.id,
      passport: f("Passport number"),
      hasId,
      papers: f("Other papers"),
      idScan: f("ID scan"),
      benFile: f("Ben's file"),
      cyId: f("Cy's ID copy"),
      cyOther: f("Cy's other proof"),
    },
  };
}

const upload = (token: string, fieldId: string, data: Uint8Array, name = "scan.png", b?: Browser) =>
  call(
    "POST",
    `/api/sign/${token}/files`,
    (b ?? new Browser()).opts({ form: { fieldId, file: { data, name, type: "image/png" } } }),
  );
const save = (token: string, values: unknown, b?: Browser) =>
  call("PUT", `/api/sign/${token}/draft`, (b ?? new Browser()).opts({ json: { values } }));
const sign = (token: string, values: unknown, b?: Browser) =>
  call("POST", `/api/sign/${token}/sign`, (b ?? new Browser()).opts({ json: { consent: true, values } }));

/** Opens Ann's gated link with her code: the browser holds the session cookie. */
async function verified(token: string): Promise<Browser> {
  const b = new Browser();
  const res = await call("POST", `/api/sign/${token}/authentication`, { json: { code: CODE } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  b.cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  return b;
}

/** What a recipient left behind, as stored. */
async function leftovers(recipientId: string) {
  const db = await getDb();
  return {
    drafts: (await db.select().from(signerDrafts).where(eq(signerDrafts.recipientId, recipientId))).length,
    files: (await db.select().from(signerFiles).where(eq(signerFiles.recipientId, recipientId))).map((x) => x.id),
    sessions: (await db.select().from(signerSessions).where(eq(signerSessions.recipientId, recipientId))).length,
  };
}

/** The queued purge-blobs jobs that name this blob. */
async function releasesOf(sha: string) {
  return (await getDb())
    .select()
    .from(jobs)
    .where(sql`${jobs.type} = 'purge-blobs' and ${jobs.status} = 'QUEUED' and ${jobs.payload}->'sha256s' ? ${sha}`);
}

/** Runs the releases of these blobs now, as if the grace period were over (the blobs aged, the jobs due). */
async function releaseNow(shas: string[]) {
  const db = await getDb();
  const hourAgo = new Date(Date.now() - 2 * 60 * 60_000);
  for (const sha of shas) if (fs.existsSync(blobFile(sha))) fs.utimesSync(blobFile(sha), hourAgo, hourAgo);
  for (const sha of shas)
    for (const j of await releasesOf(sha)) await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, j.id));
  await runDueJobs();
}

/** pdfdetach's list of a PDF's embedded files. */
function pdfdetachList(pdf: Uint8Array): string {
  const file = path.join(os.tmpdir(), `signet-leftovers-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdfdetach", ["-list", file], { encoding: "utf8" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("signer uploads: judged by the form as it stands, within budgets", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });
  const env = { signer: process.env.SIGNER_UPLOADS_MAX_MB, request: process.env.REQUEST_UPLOADS_MAX_MB };
  afterEach(() => {
    for (const [name, v] of [
      ["SIGNER_UPLOADS_MAX_MB", env.signer],
      ["REQUEST_UPLOADS_MAX_MB", env.request],
    ] as const)
      if (v === undefined) delete process.env[name];
      else process.env[name] = v;
  });

  it("refuses a file for a FILE field its conditions hide, given the signer's saved values and earlier signers' (409 FIELD_HIDDEN, nothing kept)", async () => {
    const r = await sentRequest(key);
    const [ta, tb, tc] = [await tokenOf(r.ann), await tokenOf(r.ben), await tokenOf(r.cy)];
    const png = pngOf(24, 24, 1);
    // Has ID is not ticked: ID scan is hidden, whatever the page shows.
    const hidden = await upload(ta, r.f.idScan, png);
    expect(hidden.status, JSON.stringify(hidden.body)).toBe(409);
    expect(hidden.body).toMatchObject({ errorCode: "FIELD_HIDDEN", data: null, details: { fieldId: r.f.idScan } });
    expect(hidden.body.message).toMatch(/ID scan is hidden by its conditions/);
    expect((await leftovers(r.ann)).files).toEqual([]);
    // Thirty tries keep nothing either.
    for (let i = 0; i < 30; i++) expect((await upload(ta, r.f.idScan, pngOf(8, 8, i))).status).toBe(409);
    expect((await leftovers(r.ann)).files).toEqual([]);
    // Saved ticked: shown, the file is taken; saved unticked again: hidden again.
    expect((await save(ta, [{ fieldId: r.f.hasId, checked: true }])).status).toBe(200);
    const shown = await upload(ta, r.f.idScan, png);
    expect(shown.status, JSON.stringify(shown.body)).toBe(201);
    expect((await save(ta, [{ fieldId: r.f.hasId, checked: false }])).status).toBe(200);
    expect((await upload(ta, r.f.idScan, png)).body.errorCode).toBe("FIELD_HIDDEN");
    // A field without conditions takes files whatever was saved.
    expect((await upload(ta, r.f.papers, png)).status).toBe(201);

    // Ann signs with Has ID ticked and her scan; Ben signs: Cy's turn. His fields read her signed value.
    const annSigned = await sign(ta, [
      { fieldId: r.f.annSig, typed: "Ann Leftover" },
      { fieldId: r.f.hasId, checked: true },
      { fieldId: r.f.idScan, files: [shown.body.data.id] },
    ]);
    expect(annSigned.status, JSON.stringify(annSigned.body)).toBe(200);
    expect((await sign(tb, [{ fieldId: r.f.benSig, typed: "Ben Leftover" }])).status).toBe(200);
    await runDueJobs();
    expect((await upload(tc, r.f.cyOther, png)).body.errorCode).toBe("FIELD_HIDDEN");
    expect((await upload(tc, r.f.cyId, png)).status).toBe(201);
  });

  it("holds at most SIGNER_UPLOADS_MAX_MB per link and REQUEST_UPLOADS_MAX_MB per request, kept or not yet released (413 naming the budget)", async () => {
    const r = await sentRequest(key);
    const [ta, tb] = [await tokenOf(r.ann), await tokenOf(r.ben)];
    const kept = await upload(ta, r.f.papers, pngOf(40, 40, 2), "kept.png");
    const dropped = await upload(ta, r.f.papers, pngOf(160, 160, 3), "dropped.png");
    expect(kept.status).toBe(201);
    expect(dropped.status).toBe(201);
    const held = (kept.body.data.size as number) + (dropped.body.data.size as number);
    const tiny = pngOf(4, 4, 4);
    // The budgets just above what is held: a file of more than 10 bytes passes either.
    const limitMb = (held + 10) / MB;
    const limitBytes = Math.floor(limitMb * MB);
    process.env.SIGNER_UPLOADS_MAX_MB = String(limitMb);
    const mine = await upload(ta, r.f.papers, tiny);
    expect(mine.status, JSON.stringify(mine.body)).toBe(413);
    expect(mine.body).toMatchObject({
      errorCode: "SIGNER_UPLOADS_OVER_BUDGET",
      data: null,
      details: { limitBytes, heldBytes: held, fileBytes: tiny.length },
    });
    expect(mine.body.message).toMatch(/this signing link are limited to 0\.\d MB/);
    // Ben holds nothing of his own: his link's budget is not reached, the request's is.
    process.env.REQUEST_UPLOADS_MAX_MB = String(limitMb);
    const his = await upload(tb, r.f.benFile, tiny);
    expect(his.status, JSON.stringify(his.body)).toBe(413);
    expect(his.body).toMatchObject({
      errorCode: "REQUEST_UPLOADS_OVER_BUDGET",
      details: { limitBytes, heldBytes: held, fileBytes: tiny.length },
    });
    expect(his.body.message).toMatch(/this request's signers together are limited to/);
    expect((await leftovers(r.ann)).files).toHaveLength(2);
    expect((await leftovers(r.ben)).files).toHaveLength(0);

    // Ann signs keeping one: the other is released from the budget at once, the kept one still counts.
    const signed = await sign(ta, [
      { fieldId: r.f.annSig, typed: "Ann Leftover" },
      { fieldId: r.f.papers, files: [kept.body.data.id] },
    ]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect((await upload(tb, r.f.benFile, tiny)).status).toBe(201);
    const big = await upload(tb, r.f.benFile, pngOf(160, 160, 5));
    expect(big.status).toBe(413);
    expect(big.body.errorCode).toBe("REQUEST_UPLOADS_OVER_BUDGET");
  });

  it("releases the uploads a signature did not keep when the turn ends; the kept ones are sealed into the PDF", async () => {
    const r = await sentRequest(key);
    const [ta, tb, tc] = [await tokenOf(r.ann), await tokenOf(r.ben), await tokenOf(r.cy)];
    const keep = await upload(ta, r.f.papers, pngOf(30, 30, 6), "keep.png");
    const pdf = await simplePdf([{ text: `Not kept ${tag()}` }]);
    const drop = await call("POST", `/api/sign/${ta}/files`, {
      form: { fieldId: r.f.papers, file: { data: pdf, name: "draft.pdf", type: "application/pdf" } },
    });
    expect(keep.status).toBe(201);
    expect(drop.status, JSON.stringify(drop.body)).toBe(201);
    const [keptSha, droppedSha] = [keep.body.data.sha256 as string, drop.body.data.sha256 as string];
    const db = await getDb();
    const [layer] = await db.select().from(textLayers).where(eq(textLayers.pdfSha256, droppedSha));
    expect(layer, "the uploaded PDF's text layer").toBeDefined();

    const signed = await sign(ta, [
      { fieldId: r.f.annSig, typed: "Ann Leftover" },
      { fieldId: r.f.papers, files: [keep.body.data.id] },
    ]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // In the same transaction: the row of the file not kept is gone, its release queued for after the grace period.
    expect((await leftovers(r.ann)).files).toEqual([keep.body.data.id]);
    expect(await db.select().from(textLayers).where(eq(textLayers.pdfSha256, droppedSha))).toEqual([]);
    const [release] = await releasesOf(droppedSha);
    expect(release, "the release of the file not kept").toBeDefined();
    expect(release!.runAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    expect((release!.payload as { sha256s: string[] }).sha256s).toContain(layer!.layerSha256);
    expect(await releasesOf(keptSha)).toEqual([]);
    // An hour on: the bytes not kept are gone from the store, the kept ones stay.
    await releaseNow([droppedSha, layer!.layerSha256]);
    expect(await blobs().has(droppedSha)).toBe(false);
    expect(await blobs().has(layer!.layerSha256)).toBe(false);
    expect(await blobs().has(keptSha)).toBe(true);

    // Nothing else is lost: the kept file is in the sealed PDF.
    expect((await sign(tb, [{ fieldId: r.f.benSig, typed: "Ben Leftover" }])).status).toBe(200);
    await runDueJobs();
    expect((await sign(tc, [{ fieldId: r.f.cySig, typed: "Cy Leftover" }])).status).toBe(200);
    await runDueJobs();
    const record = (await call("GET", `${SR}/${r.id}`, { key })).body.data;
    expect(record.status).toBe("COMPLETED");
    expect(record.attachments.map((a: { sha256: string }) => a.sha256)).toEqual([keptSha]);
    const list = pdfdetachList(await sealedDocument(key, r.id));
    expect(list).toMatch(/1 embedded files/);
    expect(list).toContain("keep.png");
  });
});

describe("what a signer left behind ends with the turn, in the state machine's transaction", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  /** Ann (gated) opens her link, saves a passport number and ticks Has ID, uploads a scan; Ben saves a value. */
  async function filledIn() {
    const r = await sentRequest(key, { annCode: true });
    const [ta, tb] = [await tokenOf(r.ann), await tokenOf(r.ben)];
    const b = await verified(ta);
    const saved = await save(
      ta,
      [
        { fieldId: r.f.passport, text: "P1234567" },
        { fieldId: r.f.hasId, checked: true },
      ],
      b,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const up = await upload(ta, r.f.idScan, pngOf(20, 20, 7), "passport.png", b);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const his = await upload(tb, r.f.benFile, pngOf(12, 12, 8));
    expect(his.status).toBe(201);
    expect((await save(tb, [{ fieldId: r.f.benFile, files: [his.body.data.id] }])).status).toBe(200);
    expect(await leftovers(r.ann)).toMatchObject({ drafts: 2, files: [up.body.data.id], sessions: 1 });
    return { ...r, ta, tb, b, sha: up.body.data.sha256 as string };
  }

  it("the sender cancels: every recipient's drafts, uploads and sessions go, and the uploads' blobs are released", async () => {
    const r = await filledIn();
    expect((await call("POST", `${SR}/${r.id}/cancel`, { key })).status).toBe(200);
    expect(await leftovers(r.ann)).toEqual({ drafts: 0, files: [], sessions: 0 });
    expect(await leftovers(r.ben)).toEqual({ drafts: 0, files: [], sessions: 0 });
    expect(await releasesOf(r.sha)).toHaveLength(1);
    await releaseNow([r.sha]);
    expect(await blobs().has(r.sha)).toBe(false);
  });

  it("the request expires (the expiry job): the same", async () => {
    const r = await filledIn();
    const db = await getDb();
    await db
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureRequests.id, r.id));
    await enqueue(db, "sweep", {});
    await runDueJobs();
    const [row] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, r.id));
    expect(row!.status).toBe("EXPIRED");
    expect(await leftovers(r.ann)).toEqual({ drafts: 0, files: [], sessions: 0 });
    expect((await leftovers(r.ben)).files).toEqual([]);
    expect(await releasesOf(r.sha)).toHaveLength(1);
  });

  it("the recipient is corrected: theirs go (the new link starts empty), the others' stay", async () => {
    const r = await filledIn();
    const corrected = await call("POST", `${SR}/${r.id}/recipients/${r.ann}/correct`, {
      key,
      json: { email: `ann-right-${tag()}@example.com` },
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(await leftovers(r.ann)).toEqual({ drafts: 0, files: [], sessions: 0 });
    expect((await leftovers(r.ben)).files).toHaveLength(1);
    expect(await releasesOf(r.sha)).toHaveLength(1);
  });

  it("the signer signs: their session ends with their drafts; a co-signer still signing keeps theirs; a decline ends everyone's", async () => {
    const r = await filledIn();
    const signed = await sign(
      r.ta,
      [
        { fieldId: r.f.annSig, typed: "Ann Leftover" },
        { fieldId: r.f.hasId, checked: true },
        { fieldId: r.f.passport, text: "P1234567" },
      ],
      r.b,
    );
    // ID scan is shown and required: without a file the signature is refused, and nothing ends.
    expect(signed.status).toBe(422);
    expect(await leftovers(r.ann)).toMatchObject({ drafts: 2, sessions: 1 });
    const ok = await sign(
      r.ta,
      [
        { fieldId: r.f.annSig, typed: "Ann Leftover" },
        { fieldId: r.f.hasId, checked: true },
        { fieldId: r.f.idScan, files: (await leftovers(r.ann)).files },
      ],
      r.b,
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // The kept scan stays (it is in the record); drafts and the session are gone.
    expect(await leftovers(r.ann)).toMatchObject({ drafts: 0, sessions: 0 });
    expect((await leftovers(r.ann)).files).toHaveLength(1);
    expect(await releasesOf(r.sha)).toEqual([]);
    // The session's cookie opens nothing now.
    expect((await call("GET", `/api/sign/${r.ta}`, r.b.opts())).status).toBe(401);
    expect((await leftovers(r.ben)).drafts).toBe(1);
    expect((await leftovers(r.ben)).files).toHaveLength(1);

    // Ben declines: his leftovers go with the request's end; Ann's kept file stays in the record.
    expect((await call("POST", `/api/sign/${r.tb}/decline`, { json: { reason: "Not now" } })).status).toBe(200);
    expect(await leftovers(r.ben)).toEqual({ drafts: 0, files: [], sessions: 0 });
    expect((await leftovers(r.ann)).files).toHaveLength(1);
    const db = await getDb();
    const kept = await db
      .select()
      .from(signerFiles)
      .where(and(eq(signerFiles.requestId, r.id), eq(signerFiles.sha256, r.sha)));
    expect(kept).toHaveLength(1);
  });
});

describe("an EMBEDDED signer's signing URLs and page sessions end with the turn too", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  const urlToken = async (id: string, recipientId: string) => {
    const res = await call("POST", `${SR}/${id}/recipients/${recipientId}/signing-url`, { key });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return /\/sign\/embed\/([A-Za-z0-9_-]{43})$/.exec(res.body.data.url as string)![1]!;
  };
  const linksOf = async (recipientId: string) =>
    (await getDb()).select().from(embedLinks).where(eq(embedLinks.recipientId, recipientId));

  it("signing ends the signer's page session and unopened URLs (a co-signer's stay); cancelling ends the rest", async () => {
    const d = await draftWithSigners(
      key,
      [
        { email: `emma-${tag()}@example.com`, name: "Emma Embedded", delivery: "EMBEDDED" },
        { email: `eli-${tag()}@example.com`, name: "Eli Embedded", delivery: "EMBEDDED" },
      ] as const,
      "Embedded leftovers",
    );
    await sendDraft(key, d.id);
    await runDueJobs();
    const [emma, eli] = d.recipientIds;
    const mine = (await openEmbedLink(await urlToken(d.id, emma)))!;
    const unopened = await urlToken(d.id, emma);
    const theirs = (await openEmbedLink(await urlToken(d.id, eli)))!;
    expect(mine.recipientId).toBe(emma);
    const rows = await (await getDb()).select().from(fields).where(eq(fields.requestId, d.id));
    const sigOf = (rid: string) => findIn(rows, (f) => f.recipientId === rid && f.type === "SIGNATURE").id;
    expect((await save(mine.sessionToken, [{ fieldId: sigOf(emma), typed: "Emma" }])).status).toBe(200);
    expect(await linksOf(emma)).toHaveLength(2);

    const signed = await sign(mine.sessionToken, [{ fieldId: sigOf(emma), typed: "Emma Embedded" }]);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    // In the signature's transaction: the page's token opens nothing now, nor does the URL not yet opened.
    expect(await linksOf(emma)).toEqual([]);
    expect((await call("GET", `/api/sign/${mine.sessionToken}`)).status).toBe(404);
    expect((await call("GET", `/api/sign/${mine.sessionToken}/document`)).status).toBe(404);
    expect(await openEmbedLink(unopened)).toBeNull();
    expect((await leftovers(emma)).drafts).toBe(0);
    // Eli, signing in the same step, keeps his page.
    expect((await call("GET", `/api/sign/${theirs.sessionToken}`)).status).toBe(200);
    expect(await linksOf(eli)).toHaveLength(1);

    // The sender cancels: Eli's page session ends with the request.
    const unopenedToo = await urlToken(d.id, eli);
    expect((await call("POST", `${SR}/${d.id}/cancel`, { key })).status).toBe(200);
    expect(await linksOf(eli)).toEqual([]);
    expect((await call("GET", `/api/sign/${theirs.sessionToken}`)).status).toBe(404);
    expect(await openEmbedLink(unopenedToo)).toBeNull();
  });
});
