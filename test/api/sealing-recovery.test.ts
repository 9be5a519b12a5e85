import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { getDb } from "@/lib/server/db";
import { fields, jobs, signatureRequests, webhookDeliveries } from "@/lib/server/db/schema";
import { blobs } from "@/lib/server/blobs/store";
import { runDueJobs } from "@/lib/server/worker/worker";
import { sweepExpired } from "@/lib/server/requests/expire-requests";
import { sweepStrandedSeals } from "@/lib/server/signing/sweep-stranded-seals";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { pdftotextWords } from "../support/pdf-fixtures";
import { pdfsig } from "../support/seal-fixtures";
import { PNG_1x1, sentRequest, tokenOf } from "../support/signing";
import { simplePdf } from "../support/simple-pdf";
import { pngChunk } from "../support/docx-fixtures";
import { findIn, firstOf } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";

async function sealJobs(requestId: string) {
  const db = await getDb();
  return db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, "seal"), sql`${jobs.payload}->>'requestId' = ${requestId}`));
}

/** The signers whose turn it is sign (signature image, TEXT values as given, else "Director"). */
async function signAll(key: string, id: string, texts: Record<string, string> = {}) {
  await runDueJobs(); // invitations: the signers whose turn it is become SENT
  const req = (await call("GET", `${SR}/${id}`, { key })).body.data;
  for (const r of req.recipients.filter(
    (x: { role: string; status: string }) => x.role === "SIGNER" && (x.status === "SENT" || x.status === "VIEWED"),
  )) {
    const token = await tokenOf(r.id);
    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = view.fields
      .filter((f: { type: string }) => f.type !== "DATE")
      .map((f: { id: string; type: string; label: string | null }) =>
        f.type === "TEXT" ? { fieldId: f.id, text: texts[f.label ?? ""] ?? "Director" } : { fieldId: f.id, image: PNG_1x1 },
      );
    const res = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
}

const blobFile = (sha256: string) => path.join(process.env.DATA_DIR!, "blobs", sha256.slice(0, 2), sha256);

/** A webhook receiver on loopback (WEBHOOK_ALLOW_PRIVATE lets deliveries reach it). */
function receiver() {
  const got: { type: string; data: Record<string, unknown> }[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      got.push(JSON.parse(body));
      res.end();
    });
  });
  return { got, server, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}

describe("sealing never strands a request", () => {
  const rx = receiver();
  beforeAll(async () => {
    await new Promise<void>((r) => rx.server.listen(0, "127.0.0.1", r));
  });
  afterAll(() => {
    rx.server.close();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
  });

  it("a crop box larger than the media box: fields are checked against the box the seal draws in, and the seal draws there", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.setCropBox(-20, -30, 700, 900); // [-20 -30 680 870]: larger than the media box on every side
    page.drawText("A page whose crop box is larger than its media box", { x: 72, y: 720, size: 12, font });
    const pdf = await doc.save();

    const key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key, pdf, "Crop box");
    // Upload measures the page as it is displayed and sealed: crop box ∩ media box.
    expect(d.document.pages[0]).toEqual({ width: 612, height: 792 });
    const signer = (
      await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "edge@example.com", name: "Edge Signer" } })
    ).body.data;

    // Near the edge of the crop box, but off the displayed page: refused, naming the field.
    const off = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: { fields: [{ type: "SIGNATURE", recipientId: signer.id, page: 1, x: 500, y: 820, width: 150, height: 40 }] },
    });
    expect(off.status).toBe(422);
    expect(off.body.errors).toEqual([{ field: "x", message: expect.stringContaining("612 × 792") }]);

    // At the displayed page's bottom-right corner, overhanging by rounding noise (0.3 pt): accepted.
    const placed = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: signer.id, page: 1, x: 612 - 160 + 0.3, y: 792 - 50 + 0.3, width: 160, height: 50 },
          { type: "TEXT", recipientId: signer.id, page: 1, x: 300, y: 600, width: 200, height: 30, label: "Edge" },
        ],
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await signAll(key, d.id, { Edge: "EDGEVALUE" });
    await runDueJobs(); // seal
    const done = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(done).toMatchObject({ status: "COMPLETED", sealError: null });

    const sealed = new Uint8Array(await (await call("GET", `${SR}/${d.id}/document`, { key })).raw.arrayBuffer());
    expect(await pdfsig(sealed)).toContain("Signature is Valid.");
    // The value is where the API placed its field, on the page poppler displays.
    const word = (await pdftotextWords(sealed)).find((w) => w.page === 1 && w.text === "EDGEVALUE")!;
    expect(word).toBeTruthy();
    expect(word.xMin).toBeGreaterThanOrEqual(299);
    expect(word.xMin).toBeLessThan(302);
    expect(word.yMin).toBeGreaterThanOrEqual(600);
    expect(word.yMax).toBeLessThanOrEqual(630);
  });

  it("a seal that fails for good shows sealError, fires seal_failed and is audited; reseal then completes it", async () => {
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const key = (await makeOrg()).sandboxKey;
    const hook = await call("POST", "/api/v1/enterprise/webhooks", {
      key,
      json: { url: rx.url(), events: ["signature_request.seal_failed", "signature_request.completed"] },
    });
    expect(hook.status).toBe(201);
    // A document of its own: its blob is damaged below, and blobs are shared by content.
    const pdf = await simplePdf([{ text: `Seal failure ${Math.random()}` }]);
    const { id } = await sentRequest(key, [{ email: "fail@example.com", name: "Fay Fail", order: 1 }], { pdf });
    const sha = (await call("GET", `${SR}/${id}`, { key })).body.data.document.sha256;
    const original = fs.readFileSync(blobFile(sha));
    await signAll(key, id);
    const db = await getDb();
    try {
      fs.rmSync(blobFile(sha)); // the document is missing from the store: a fault a retry may outlive
      const job = firstOf(await sealJobs(id), "seal job");
      await db.update(jobs).set({ maxAttempts: 2 }).where(eq(jobs.id, job.id));

      await runDueJobs(); // first attempt fails: retried later, nothing shown yet
      let [j] = await sealJobs(id);
      expect(j).toMatchObject({ status: "QUEUED", attempts: 1 });
      expect((await call("GET", `${SR}/${id}`, { key })).body.data).toMatchObject({ status: "IN_PROGRESS", sealError: null });
      const signer = firstOf((await call("GET", `${SR}/${id}`, { key })).body.data.recipients, "recipients");
      const signerView = (await call("GET", `/api/sign/${await tokenOf(signer.id)}`)).body.data;
      expect(signerView).toMatchObject({ everyoneSigned: true, request: { status: "IN_PROGRESS" } });

      await db
        .update(jobs)
        .set({ runAt: new Date(Date.now() - 1000) })
        .where(eq(jobs.id, job.id));
      await runDueJobs(); // the last attempt fails: the request says so, and the webhook goes out
      [j] = await sealJobs(id);
      expect(j).toMatchObject({ status: "FAILED", attempts: 2 });
    } finally {
      fs.writeFileSync(blobFile(sha), original);
    }

    const failed = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(failed.status).toBe("IN_PROGRESS");
    expect(failed.sealError).toEqual({
      code: "SEAL_FAILED",
      message: expect.stringMatching(/^Sealing failed 2 times.*Use reseal/),
      failedAt: expect.any(String),
    });
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items;
    expect(audit.find((e: { type: string }) => e.type === "request.seal_failed")).toMatchObject({
      actor: "system",
      data: { code: "SEAL_FAILED", attempts: 2 },
    });
    const hookMsg = rx.got.find((g) => g.type === "signature_request.seal_failed" && g.data.id === id)!;
    expect(hookMsg.data).toMatchObject({
      status: "IN_PROGRESS",
      sealError: { code: "SEAL_FAILED", failedAt: failed.sealError.failedAt },
    });
    const deliveries = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.body.data.id));
    expect(deliveries.filter((x) => x.eventType === "signature_request.seal_failed")).toMatchObject([{ status: "DELIVERED" }]);

    // A request marked seal-failed waits for a person: the sweeper leaves it alone.
    await sweepStrandedSeals();
    expect((await sealJobs(id)).filter((x) => x.status === "QUEUED")).toHaveLength(0);

    // The cause is gone (the blob is back): reseal. The error stays until a seal succeeds; no job is doubled.
    const r1 = await call("POST", `${SR}/${id}/reseal`, { key });
    expect(r1.status).toBe(202);
    expect(r1.body.data).toMatchObject({ id, status: "IN_PROGRESS", sealError: { code: "SEAL_FAILED" } });
    expect((await call("POST", `${SR}/${id}/reseal`, { key })).status).toBe(202);
    expect((await sealJobs(id)).filter((x) => x.status === "QUEUED")).toHaveLength(1);
    const requested = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items.filter(
      (e: { type: string }) => e.type === "request.reseal_requested",
    );
    expect(requested.map((e) => e.data.alreadyQueued)).toEqual([false, true]);

    await runDueJobs(); // seal, then the completion mails and webhook
    const done = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(done).toMatchObject({ status: "COMPLETED", sealError: null, document: { version: 2 } });
    const sealed = new Uint8Array(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());
    expect(await pdfsig(sealed)).toContain("Signature is Valid.");
    expect(rx.got.some((g) => g.type === "signature_request.completed" && g.data.id === id)).toBe(true);
    const row = firstOf(await db.select().from(signatureRequests).where(eq(signatureRequests.id, id)), "signature request");
    expect([row.sealErrorCode, row.sealErrorMessage, row.sealFailedAt]).toEqual([null, null, null]);
  });

  it("a signer's image the seal cannot use hands that signer their turn back; they sign again and it seals", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { id } = await sentRequest(key, [
      { email: "good.image@example.com", name: "Gus Good", order: 1 },
      { email: "bad.image@example.com", name: "Bea Bad", order: 1 },
    ]);
    await signAll(key, id);
    const db = await getDb();
    const req = (await call("GET", `${SR}/${id}`, { key })).body.data;
    const recs = req.recipients as { id: string; name: string }[];
    const bea = findIn(recs, (r) => r.name === "Bea Bad", "Bea");
    const gus = findIn(recs, (r) => r.name === "Gus Good", "Gus");
    // What a submission made before images were decoded could leave: well-formed chunks, an impossible colour type.
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(4, 0);
    ihdr.writeUInt32BE(4, 4);
    ihdr.set([8, 5, 0, 0, 0], 8);
    const bad = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", zlib.deflateSync(Buffer.alloc(4 * 17))),
      pngChunk("IEND", Buffer.alloc(0)),
    ]);
    const { sha256 } = await blobs().put(new Uint8Array(bad));
    const sig = firstOf(
      await db
        .select()
        .from(fields)
        .where(and(eq(fields.recipientId, bea.id), eq(fields.type, "SIGNATURE"))),
      "Bea's signature field",
    );
    await db
      .update(fields)
      .set({ value: { kind: "image", sha256, mime: "image/png" } })
      .where(eq(fields.id, sig.id));

    await runDueJobs(); // the seal fails on Bea's image
    const after = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(after.status).toBe("IN_PROGRESS");
    expect(after.sealError).toMatchObject({ code: "SIGNER_VALUE_REJECTED", message: expect.stringMatching(/Bea Bad/) });
    const status = (rid: string) => findIn(after.recipients as { id: string; status: string }[], (r) => r.id === rid).status;
    expect([status(bea.id), status(gus.id)]).toEqual(["VIEWED", "SIGNED"]);
    // Bea is mailed her link again; Gus is not.
    const mails = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items as { to: string; kind: string }[];
    expect(mails.filter((m) => m.kind === "reminder").map((m) => m.to)).toEqual(["Bea Bad <bad.image@example.com>"]);
    const beaFields = await db.select().from(fields).where(eq(fields.recipientId, bea.id));
    expect(beaFields.every((f) => f.value === null)).toBe(true);
    const events = (await call("GET", `${SR}/${id}/audit`, { key })).body.data;
    expect(JSON.stringify(events)).toContain("recipient.signature_returned");

    await signAll(key, id); // Bea signs again (Gus is not asked)
    await runDueJobs();
    const done = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");
    expect(done.sealError).toBeNull();
  });

  it("a document the engine refuses fails for good at the first attempt, with the engine's reason", async () => {
    const key = (await makeOrg()).sandboxKey;
    const pdf = await simplePdf([{ text: `Not a PDF any more ${Math.random()}` }]);
    const { id } = await sentRequest(key, [{ email: "nopdf@example.com", name: "Nia Nopdf", order: 1 }], { pdf });
    const sha = (await call("GET", `${SR}/${id}`, { key })).body.data.document.sha256;
    const original = fs.readFileSync(blobFile(sha));
    await signAll(key, id);
    try {
      fs.writeFileSync(blobFile(sha), "this is not a PDF any more");
      await runDueJobs();
      expect(await sealJobs(id)).toMatchObject([{ status: "FAILED", attempts: 1 }]);
    } finally {
      fs.writeFileSync(blobFile(sha), original);
    }
    const failed = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(failed).toMatchObject({
      status: "IN_PROGRESS",
      sealError: { code: "NOT_PDF", message: expect.stringMatching(/not a PDF/) },
    });
  });

  it("reseal: 409 on a DRAFT, while a signer has not signed, and on a COMPLETED request; 404 for another environment or organization", async () => {
    const org = await makeOrg({ plan: "ENTERPRISE", production: true });
    const key = org.sandboxKey;
    const draft = await createDraft(key);
    const onDraft = await call("POST", `${SR}/${draft.id}/reseal`, { key });
    expect(onDraft.status).toBe(409);
    expect(onDraft.body).toMatchObject({ errorCode: "REQUEST_NOT_SENT", details: { status: "DRAFT" } });

    const { id } = await sentRequest(key, [
      { email: "one@example.com", name: "One", order: 1 },
      { email: "two@example.com", name: "Two", order: 2 },
    ]);
    const waiting = await call("POST", `${SR}/${id}/reseal`, { key });
    expect(waiting.status).toBe(409);
    expect(waiting.body.errorCode).toBe("REQUEST_NOT_FULLY_SIGNED");
    expect(waiting.body.details?.unsigned).toHaveLength(2);

    expect((await call("POST", `${SR}/${id}/reseal`, { key: org.productionKey })).status).toBe(404);
    expect((await call("POST", `${SR}/${id}/reseal`, { key: (await makeOrg()).sandboxKey })).status).toBe(404);

    await signAll(key, id); // One signs, then Two is invited
    await signAll(key, id);
    await runDueJobs();
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("COMPLETED");
    const onCompleted = await call("POST", `${SR}/${id}/reseal`, { key });
    expect(onCompleted.status).toBe(409);
    expect(onCompleted.body).toMatchObject({ errorCode: "REQUEST_COMPLETED", details: { status: "COMPLETED" } });
    expect((await call("GET", `${SR}/${id}/reseal`, { key })).status).toBe(405);
  });

  it("the sweeper requeues the seal of a fully signed request whose seal job was lost, once; it completes", async () => {
    const key = (await makeOrg()).sandboxKey;
    const { id } = await sentRequest(key, [{ email: "lost@example.com", name: "Lou Lost", order: 1 }]);
    await signAll(key, id);
    const db = await getDb();
    await db.delete(jobs).where(and(eq(jobs.type, "seal"), sql`${jobs.payload}->>'requestId' = ${id}`));
    await runDueJobs();
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("IN_PROGRESS");

    // Fully signed, it waits for its seal: it does not expire meanwhile.
    await db
      .update(signatureRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signatureRequests.id, id));
    await sweepExpired();
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("IN_PROGRESS");

    expect((await sweepStrandedSeals()).requeued).toBeGreaterThanOrEqual(1);
    await sweepStrandedSeals(); // its job is pending now: not queued twice
    expect(await sealJobs(id)).toMatchObject([{ status: "QUEUED" }]);
    const audit = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items;
    expect(audit.filter((e: { type: string }) => e.type === "request.seal_requeued")).toHaveLength(1);

    await runDueJobs();
    expect((await call("GET", `${SR}/${id}`, { key })).body.data).toMatchObject({ status: "COMPLETED", sealError: null });
    await sweepStrandedSeals();
    expect(await sealJobs(id)).toMatchObject([{ status: "DONE" }]);
  });
});
