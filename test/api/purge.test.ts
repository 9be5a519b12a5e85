import { parseStoredFieldValue } from "@/lib/schemas/signing";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, inArray, isNull, or, sql } from "drizzle-orm";
import { blobs } from "@/lib/server/blobs/store";
import { getDb } from "@/lib/server/db";
import {
  auditEvents,
  documentVersions,
  fields,
  jobs,
  mailLog,
  purgeRuns,
  recipients,
  signatureRequests,
  signerCopies,
  textLayers,
  webhookDeliveries,
} from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { listPurgeRuns } from "@/lib/server/purge/list-purge-runs";
import { purgeSandbox, purgeSandboxIfDue } from "@/lib/server/purge/purge-sandbox";
import { call, makeOrg } from "../support/api";
import { pngChunk } from "../support/docx-fixtures";
import { createDraft } from "../support/drafts";
import { sentRequest, tokenFromOutbox, tokenOf } from "../support/signing";
import { simplePdf } from "../support/simple-pdf";
import { firstOf } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";
const DAY = 24 * 60 * 60_000;
// The purge's clock, set ten years back: on a shared PostgreSQL server, records other test runs left
// (days or months old) are newer than anything this clock purges; only the requests aged below are older.
const clock = new Date(Date.now() - 3650 * DAY);
const purge = () => purgeSandbox({ now: clock });

const blobFile = (sha: string) => path.join(process.env.DATA_DIR!, "blobs", sha.slice(0, 2), sha);
const outboxFile = (id: string) => path.join(process.env.DATA_DIR!, "outbox", `${id}.eml`);
const unique = <T>(xs: (T | null | undefined)[]) => [...new Set(xs.filter((x): x is T => x != null))];
const tag = () => crypto.randomBytes(4).toString("hex");

/** A real PNG of one random colour: a signature or stamp image no other test shares. */
function png(): string {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(4, 0);
  ihdr.writeUInt32BE(2, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const rgba = crypto.randomBytes(4);
  const row = Buffer.concat([Buffer.from([0]), rgba, rgba, rgba, rgba]);
  const bytes = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", zlib.deflateSync(Buffer.concat([row, row]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${bytes.toString("base64")}`;
}

/** Every blob a request's records point at: versions, their text layers and signers' copies, signature and stamp images. */
async function blobsOf(requestId: string): Promise<string[]> {
  const db = await getDb();
  const versions = (
    await db.select({ s: documentVersions.sha256 }).from(documentVersions).where(eq(documentVersions.requestId, requestId))
  ).map((v) => v.s);
  const layers = versions.length ? await db.select().from(textLayers).where(inArray(textLayers.pdfSha256, versions)) : [];
  const copies = versions.length ? await db.select().from(signerCopies).where(inArray(signerCopies.pdfSha256, versions)) : [];
  const values = await db.select({ v: fields.value }).from(fields).where(eq(fields.requestId, requestId));
  const events = await db.select({ d: auditEvents.data }).from(auditEvents).where(eq(auditEvents.requestId, requestId));
  return unique([
    ...versions,
    ...layers.flatMap((l) => [l.pdfSha256, l.layerSha256]),
    ...copies.map((c) => c.sha256),
    ...values.map((v) => {
      const value = parseStoredFieldValue(v.v);
      return value?.kind === "image" ? value.sha256 : undefined;
    }),
    ...events.map((e) => e.d.imageSha256 as string | undefined),
  ]);
}

/** Rows that hang off a request, by table (the purge's counts' names). */
async function rowsOf(requestId: string) {
  const db = await getDb();
  const count = async (q: Promise<unknown[]>) => (await q).length;
  const recipientIds = (await db.select({ id: recipients.id }).from(recipients).where(eq(recipients.requestId, requestId))).map(
    (r) => r.id,
  );
  const deliveryIds = (
    await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.payload}->'data'->>'id' = ${requestId}`)
  ).map((d) => d.id);
  const named = [sql`${jobs.payload}->>'requestId' = ${requestId}`];
  if (recipientIds.length) named.push(inArray(sql`${jobs.payload}->>'recipientId'`, recipientIds));
  if (deliveryIds.length) named.push(inArray(sql`${jobs.payload}->>'deliveryId'`, deliveryIds));
  return {
    requests: await count(db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId))),
    recipients: recipientIds.length,
    fields: await count(db.select().from(fields).where(eq(fields.requestId, requestId))),
    events: await count(db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId))),
    mails: await count(db.select().from(mailLog).where(eq(mailLog.requestId, requestId))),
    webhookDeliveries: deliveryIds.length,
    documentVersions: await count(db.select().from(documentVersions).where(eq(documentVersions.requestId, requestId))),
    jobs: await count(
      db
        .select()
        .from(jobs)
        .where(or(...named)),
    ),
  };
}

/** Makes a request `days` older than the purge's clock, and the blobs it uses written long ago (as they would be). */
async function age(requestId: string, days: number) {
  const db = await getDb();
  await db
    .update(signatureRequests)
    .set({ createdAt: new Date(clock.getTime() - days * DAY) })
    .where(eq(signatureRequests.id, requestId));
  const then = new Date(Date.now() - days * DAY);
  for (const sha of await blobsOf(requestId)) fs.utimesSync(blobFile(sha), then, then);
}

const mailIdsOf = async (requestId: string) =>
  (await (await getDb()).select({ id: mailLog.id }).from(mailLog).where(eq(mailLog.requestId, requestId))).map((m) => m.id);

describe("the sandbox purge", () => {
  let org: Awaited<ReturnType<typeof makeOrg>>;
  let hooks: http.Server;
  beforeAll(async () => {
    org = await makeOrg({ plan: "ENTERPRISE", production: true });
    // Webhook endpoints in both environments, so that both have deliveries to keep or purge.
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    hooks = http.createServer((req, res) => req.resume().on("end", () => res.end()));
    await new Promise<void>((r) => hooks.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hooks`;
    for (const key of [org.sandboxKey, org.productionKey!])
      expect((await call("POST", "/api/v1/enterprise/webhooks", { key, json: { url } })).status).toBe(201);
  });
  afterAll(() => {
    hooks.close();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
  });

  it("deletes an old sandbox request with everything it holds and the blobs only it used; keeps fresh and production data", async () => {
    const key = org.sandboxKey;
    // The old sandbox request: a stamped image (a second version, the image named in an audit
    // event), a signer, fields, an invitation mail in the outbox, webhook deliveries.
    const old = await createDraft(key, await simplePdf([{ text: `Old agreement ${tag()} {{logo}}` }]), "Old");
    const stamped = await call("POST", `${SR}/${old.id}/fields/anchors/image`, {
      key,
      form: {
        anchorKey: "{{logo}}",
        width: "60",
        height: "30",
        image: { data: Buffer.from(png().replace(/^data:[^,]*,/, ""), "base64"), name: "logo.png", type: "image/png" },
      },
    });
    expect(stamped.status).toBe(200);
    const signer = (
      await call("POST", `${SR}/${old.id}/recipients`, {
        key,
        json: { email: `old-${tag()}@example.com`, name: "Olga Old", order: 1 },
      })
    ).body.data;
    expect(
      (
        await call("POST", `${SR}/${old.id}/fields`, {
          key,
          json: { fields: [{ type: "SIGNATURE", recipientId: signer.id, page: 1, x: 72, y: 300, width: 180, height: 50 }] },
        })
      ).status,
    ).toBe(201);
    expect((await call("POST", `${SR}/${old.id}/send`, { key })).status).toBe(200);

    // The same PDF uploaded twice: to an old draft (purged) and to a fresh one (kept).
    const shared = await simplePdf([{ text: `Shared ${tag()}` }]);
    const oldTwin = await createDraft(key, shared, "Old twin");
    const fresh = await createDraft(key, shared, "Fresh twin");
    const freshDoc = await simplePdf([{ text: `Fresh ${tag()}` }]);
    const fresh2 = await createDraft(key, freshDoc, "Fresh");
    // An old production request, sent (mail, webhook deliveries).
    const prod = await sentRequest(org.productionKey!, [{ email: `prod-${tag()}@example.com`, name: "Paul Prod", order: 1 }], {
      pdf: await simplePdf([{ text: `Production ${tag()}` }]),
    });
    await runDueJobs();
    // Olga opens the document: the signers' copy (the stamped {{logo}}'s text removed) is made and kept.
    expect((await call("GET", `/api/sign/${await tokenOf(signer.id)}/document`)).status).toBe(200);
    const oldSha = (await call("GET", `${SR}/${old.id}`, { key })).body.data.document.sha256;
    const [oldCopy] = await (await getDb()).select().from(signerCopies).where(eq(signerCopies.pdfSha256, oldSha));
    expect(oldCopy?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(oldCopy?.sha256).not.toBe(oldSha);

    const oldBlobs = await blobsOf(old.id);
    expect(oldBlobs).toContain(oldCopy?.sha256);
    expect(oldBlobs.length).toBeGreaterThanOrEqual(5); // 2 versions, their text layers, the signers' copy, the stamp image
    const oldMails = await mailIdsOf(old.id);
    expect(oldMails).toHaveLength(1);
    expect(fs.existsSync(outboxFile(firstOf(oldMails, "old mails")))).toBe(true);
    const prodBlobs = await blobsOf(prod.id);
    const prodMails = await mailIdsOf(prod.id);
    const sharedBlobs = await blobsOf(fresh.id);
    const oldRows = await rowsOf(old.id);
    const twinRows = await rowsOf(oldTwin.id);
    const prodRows = await rowsOf(prod.id);
    expect(oldRows).toMatchObject({ requests: 1, recipients: 1, fields: 1, mails: 1, documentVersions: 2 });
    expect(oldRows.webhookDeliveries).toBeGreaterThanOrEqual(1);
    expect(oldRows.jobs).toBe(1 + oldRows.webhookDeliveries); // the invitation, one per delivery
    expect(prodRows.webhookDeliveries).toBeGreaterThanOrEqual(1);

    await age(old.id, 40);
    await age(oldTwin.id, 31);
    await age(prod.id, 400);
    await age(fresh2.id, 29);

    const first = await purge();
    expect(first.ran).toBe(true);
    if (!first.ran) return;
    const run = first.run;
    expect(run.requests).toBe(2);
    expect(run.cutoff).toBe(new Date(clock.getTime() - 30 * DAY).toISOString());
    expect(run.finishedAt).toBeTruthy();
    expect(run.error).toBeNull();

    // Nothing of the old requests is left, in any table.
    for (const id of [old.id, oldTwin.id]) {
      expect(await rowsOf(id)).toEqual({
        requests: 0,
        recipients: 0,
        fields: 0,
        events: 0,
        mails: 0,
        webhookDeliveries: 0,
        documentVersions: 0,
        jobs: 0,
      });
    }
    expect((await call("GET", `${SR}/${old.id}`, { key })).status).toBe(404);
    // The counts are what there was.
    expect(run.counts).toMatchObject({
      recipients: oldRows.recipients + twinRows.recipients,
      fields: oldRows.fields + twinRows.fields,
      events: oldRows.events + twinRows.events,
      mails: oldRows.mails,
      webhookDeliveries: oldRows.webhookDeliveries,
      documentVersions: oldRows.documentVersions + twinRows.documentVersions,
      jobs: oldRows.jobs + twinRows.jobs,
      textLayers: 2,
      outboxFiles: 1,
    });
    // Its blobs are gone from the store, its mail from the outbox; the shared PDF (and its layer) stays.
    expect(run.blobs).toBe(oldBlobs.length);
    for (const sha of oldBlobs) expect(fs.existsSync(blobFile(sha)), sha).toBe(false);
    expect(fs.existsSync(outboxFile(firstOf(oldMails, "old mails")))).toBe(false);
    for (const sha of sharedBlobs) expect(fs.existsSync(blobFile(sha)), sha).toBe(true);

    // The fresh sandbox requests are untouched.
    const kept = await call("GET", `${SR}/${fresh.id}/document`, { key });
    expect(kept.status).toBe(200);
    const keptSha = crypto
      .createHash("sha256")
      .update(Buffer.from(await kept.raw.arrayBuffer()))
      .digest("hex");
    expect(keptSha).toBe(fresh.document.sha256);
    expect((await call("GET", `${SR}/${fresh2.id}`, { key })).status).toBe(200);
    // The production request, far older, is untouched: rows, blobs, mails.
    expect(await rowsOf(prod.id)).toEqual(prodRows);
    expect((await call("GET", `${SR}/${prod.id}`, { key: org.productionKey! })).body.data.status).toBe("IN_PROGRESS");
    for (const sha of prodBlobs) expect(fs.existsSync(blobFile(sha)), sha).toBe(true);
    for (const id of prodMails) expect(fs.existsSync(outboxFile(id))).toBe(true);

    // A second run finds nothing.
    const second = await purge();
    expect(second.ran && second.run).toMatchObject({ requests: 0, blobs: 0, error: null });
    if (second.ran) expect(Object.values(second.run.counts).every((n) => n === 0)).toBe(true);

    // Both runs are recorded, newest first.
    const runs = await listPurgeRuns();
    expect(runs[0]).toEqual(second.ran && second.run);
    expect(runs[1]).toEqual(run);
    const row = firstOf(await (await getDb()).select().from(purgeRuns).where(eq(purgeRuns.id, run.id)), "purge run");
    expect(row).toMatchObject({ requests: 2, blobs: oldBlobs.length });
    expect(row.counts.events).toBe(oldRows.events + twinRows.events);
  });

  it("purges a sealed (COMPLETED) request completely: signature image, sealed PDF, completion mails", async () => {
    const key = org.sandboxKey;
    const email = `sealed-${tag()}@example.com`;
    const req = await sentRequest(key, [{ email, name: "Sam Sealed", order: 1 }], {
      pdf: await simplePdf([{ text: `To seal ${tag()}` }]),
    });
    await runDueJobs();
    const token = tokenFromOutbox(email)!;
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = view.fields
      .filter((f: { type: string }) => f.type !== "DATE")
      .map((f: { id: string; type: string }) =>
        f.type === "TEXT" ? { fieldId: f.id, text: "Director" } : { fieldId: f.id, image: png() },
      );
    expect((await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } })).status).toBe(200);
    await runDueJobs(); // seal
    await runDueJobs(); // completion mails
    const done = (await call("GET", `${SR}/${req.id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");

    const used = await blobsOf(req.id);
    const db = await getDb();
    const image = (await db.select({ v: fields.value }).from(fields).where(eq(fields.requestId, req.id)))
      .map((f) => parseStoredFieldValue(f.v))
      .flatMap((v) => (v?.kind === "image" ? [v.sha256] : []))[0];
    expect(image).toBeTruthy();
    expect(used).toContain(image!);
    expect(used).toContain(done.document.sha256); // the sealed PDF
    const mails = await mailIdsOf(req.id);
    expect(mails.length).toBe(2); // invitation, completed (with the sealed PDF attached)
    const rows = await rowsOf(req.id);

    await age(req.id, 45);
    const out = await purge();
    expect(out.ran && out.run).toMatchObject({ requests: 1, blobs: used.length, error: null });
    if (out.ran)
      expect(out.run.counts).toMatchObject({
        recipients: 1,
        fields: rows.fields,
        events: rows.events,
        mails: 2,
        documentVersions: 2,
        outboxFiles: 2,
      });
    expect(await rowsOf(req.id)).toEqual({
      requests: 0,
      recipients: 0,
      fields: 0,
      events: 0,
      mails: 0,
      webhookDeliveries: 0,
      documentVersions: 0,
      jobs: 0,
    });
    for (const sha of used) expect(fs.existsSync(blobFile(sha)), sha).toBe(false);
    for (const id of mails) expect(fs.existsSync(outboxFile(id))).toBe(false);
    // The signing link now names nothing.
    expect((await call("GET", `/api/sign/${token}`)).status).toBe(404);
  });

  it("purges what a signer attached on the way: the upload, the text layer read from it, and both blobs", async () => {
    const key = org.sandboxKey;
    const d = await createDraft(key, await simplePdf([{ text: `Attach ${tag()}` }]), "Attached then purged");
    const rid = (
      await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: `att-${tag()}@example.com`, name: "Al Attach" } })
    ).body.data.id as string;
    const placed = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: rid, page: 1, x: 72, y: 200, width: 150, height: 40 },
          { type: "FILE", recipientId: rid, page: 1, x: 72, y: 100, width: 200, height: 24, label: "Proof" },
        ],
      },
    });
    expect(placed.status).toBe(201);
    const fileField = (placed.body.data.fields as { id: string; type: string }[]).find((f) => f.type === "FILE")!.id;
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(rid);
    const up = await call("POST", `/api/sign/${token}/files`, {
      form: { fieldId: fileField, file: { data: await simplePdf([{ text: `Proof ${tag()}` }]), name: "proof.pdf" } },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const sha = up.body.data.sha256 as string;
    const db = await getDb();
    const layer = firstOf(await db.select().from(textLayers).where(eq(textLayers.pdfSha256, sha)), "the upload's text layer");

    await age(d.id, 45);
    const then = new Date(Date.now() - 45 * DAY);
    for (const s of [sha, layer.layerSha256]) fs.utimesSync(blobFile(s), then, then);
    const out = await purge();
    expect(out.ran && out.run.error).toBeNull();
    expect(await db.select().from(textLayers).where(eq(textLayers.pdfSha256, sha))).toEqual([]);
    expect(fs.existsSync(blobFile(sha))).toBe(false);
    expect(fs.existsSync(blobFile(layer.layerSha256))).toBe(false);
  });

  it("keeps a blob written again meanwhile (another upload of the same bytes) and looks at it again later", async () => {
    const key = org.sandboxKey;
    const recorded = await simplePdf([{ text: `Uploaded again ${tag()}` }]);
    const abandoned = await simplePdf([{ text: `Upload abandoned ${tag()}` }]);
    const a = await createDraft(key, recorded, "A");
    const b = await createDraft(key, abandoned, "B");
    // What is stored of an upload is its one reading (lib/pdf/canonical.ts): the same bytes for the same file.
    const shaA = a.document.sha256 as string;
    const shaB = b.document.sha256 as string;
    const [storedA, storedB] = [await blobs().get(shaA), await blobs().get(shaB)];
    await age(a.id, 40);
    await age(b.id, 40);
    // Other instances are mid-upload of the same two files: written, not recorded yet.
    await blobs().put(storedA);
    await blobs().put(storedB);

    const out = await purgeSandbox({ now: clock, batchSize: 1 }); // one request per transaction
    expect(out.ran && out.run).toMatchObject({ requests: 2, counts: { documentVersions: 2 } });
    expect(fs.existsSync(blobFile(shaA))).toBe(true);
    expect(fs.existsSync(blobFile(shaB))).toBe(true);
    // One upload is recorded; the other never is.
    const again = await createDraft(key, recorded, "A again");
    const db = await getDb();
    const later = await db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = 'purge-blobs' and ${jobs.status} = 'QUEUED' and ${jobs.payload}->'sha256s' ? ${shaB}`);
    expect(later).toHaveLength(1);
    const deferred = firstOf(later, "deferred purge job");
    expect(deferred.runAt.getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);

    // An hour on, the deferred look: the recorded blob stays, the abandoned one goes (counted on the run).
    const hourAgo = new Date(Date.now() - 2 * 60 * 60_000);
    fs.utimesSync(blobFile(shaA), hourAgo, hourAgo);
    fs.utimesSync(blobFile(shaB), hourAgo, hourAgo);
    await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, deferred.id));
    await runDueJobs();
    expect(fs.existsSync(blobFile(shaA))).toBe(true);
    expect(fs.existsSync(blobFile(shaB))).toBe(false);
    expect((await call("GET", `${SR}/${again.id}/document`, { key })).status).toBe(200);
    const row = firstOf(
      await db
        .select()
        .from(purgeRuns)
        .where(eq(purgeRuns.id, out.ran ? out.run.id : "")),
      "purge run",
    );
    expect(row.blobs).toBe((out.ran ? out.run.blobs : 0) + 1);
  });

  it("runs once at a time across instances, and the scheduler at most once per PURGE_INTERVAL_MINUTES", async () => {
    const db = await getDb();
    // Two at once: one claims the run; the other finds it going on, or (on a loaded machine, where the first
    // can finish before the second asks) runs after it. Never two runs unfinished at once: see below.
    const both = await Promise.all([purge(), purge()]);
    expect(both.filter((o) => o.ran).length).toBeGreaterThanOrEqual(1);
    for (const o of both.filter((o) => !o.ran)) expect(o).toEqual({ ran: false, reason: "running" });
    expect(await db.select().from(purgeRuns).where(isNull(purgeRuns.finishedAt))).toEqual([]);

    // Another instance's run going on (its row unfinished) keeps every other out…
    const other = firstOf(await db.insert(purgeRuns).values({ cutoff: clock }).returning(), "purge run");
    expect(await purge()).toEqual({ ran: false, reason: "running" });
    // …until it is older than the lease: its instance stopped. The next run says so on its row.
    await db
      .update(purgeRuns)
      .set({ startedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(purgeRuns.id, other.id));
    expect((await purge()).ran).toBe(true);
    const stopped = firstOf(await db.select().from(purgeRuns).where(eq(purgeRuns.id, other.id)), "purge run");
    expect(stopped.finishedAt).toBeTruthy();
    expect(stopped.error).toMatch(/Interrupted/);

    // The scheduler: not due while a run started within the interval (any instance's), due after it.
    expect(await purgeSandboxIfDue()).toEqual({ ran: false, reason: "not-due" });
    await db.update(purgeRuns).set({ startedAt: sql`${purgeRuns.startedAt} - interval '61 minutes'` });
    const due = await purgeSandboxIfDue();
    expect(due.ran).toBe(true);
    expect(await purgeSandboxIfDue()).toEqual({ ran: false, reason: "not-due" });
    // The interval is the setting's: runs a second old are recent under the default hour, past under 0.001
    // minutes (60 ms). Aged in the database, whose clock decides, rather than waited for.
    await db.update(purgeRuns).set({ startedAt: sql`${purgeRuns.startedAt} - interval '1 second'` });
    expect(await purgeSandboxIfDue()).toEqual({ ran: false, reason: "not-due" });
    process.env.PURGE_INTERVAL_MINUTES = "0.001";
    try {
      expect((await purgeSandboxIfDue()).ran).toBe(true);
    } finally {
      delete process.env.PURGE_INTERVAL_MINUTES;
    }
  });
});
