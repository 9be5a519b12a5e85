import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/server/db";
import { signerCopies } from "@/lib/server/db/schema";
import { RETRY_AFTER_MS } from "@/lib/server/signing/signer-copy";
import { sha256Of } from "@/lib/server/blobs/store";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { anchorOverTextPdf } from "../support/anchor-fixtures";
import { createDraft } from "../support/drafts";
import { xobjectDag } from "../support/hostile-pdfs";
import { htmlToPdf, pdftotext, renderPage } from "../support/pdf-fixtures";
import { retrySealNow, sealJob } from "../support/sealing";
import { tokenOf } from "../support/signing";

// The signer is never shown anchor text. GET /api/sign/{token}/document serves the
// document with its anchor text removed by the seal's own step, made once per version and kept as a
// blob (signer_copies); the seal draws the values into that same copy. Staff still get the document
// as it is.

const SR = "/api/v1/enterprise/signature-requests";
const flat = (s: string) => s.replace(/\s+/g, " ");
const blobFile = (sha256: string) => path.join(process.env.DATA_DIR!, "blobs", sha256.slice(0, 2), sha256);

const html = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:"DejaVu Serif",serif;font-size:12pt}</style></head><body>
<h1>Consulting agreement</h1><p>The client agrees to the terms described below.</p>
<p>Client signature: {{s1|signature|160|50}} as agreed</p>
<p>Date: {{s1|date}} of signing</p>
<p>Thank you for your business.</p>
</body></html>`;

async function bytesOf(res: { raw: Response }): Promise<Uint8Array> {
  return new Uint8Array(await res.raw.arrayBuffer());
}

/** A draft of `pdf` with one signer whose fields come from the s1 anchors (or `fields` by coordinates), sent. */
async function sent(key: string, pdf: Uint8Array, email: string, fields?: object[]) {
  const d = await createDraft(key, pdf, "Consulting agreement");
  const s1 = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email, name: "Clara Client", order: 1 } })).body.data
    .id as string;
  const placed = fields
    ? await call("POST", `${SR}/${d.id}/fields`, { key, json: { fields: fields.map((f) => ({ ...f, recipientId: s1 })) } })
    : await call("POST", `${SR}/${d.id}/fields/anchors`, { key, json: { recipientId: s1, signerRef: "s1" } });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const draftPdf = await bytesOf(await call("GET", `${SR}/${d.id}/document`, { key }));
  expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
  await runDueJobs();
  return { id: d.id as string, token: await tokenOf(s1), sha256: d.document.sha256 as string, draftPdf };
}

async function copyRow(pdfSha256: string) {
  const db = await getDb();
  const [row] = await db.select().from(signerCopies).where(eq(signerCopies.pdfSha256, pdfSha256));
  return row;
}

/** The signer signs every field (typed signature); the seal job runs. */
async function signAndSeal(token: string) {
  const view = (await call("GET", `/api/sign/${token}`)).body.data;
  const values = (view.fields as { id: string; type: string }[])
    .filter((f) => f.type !== "DATE")
    .map((f) => ({ fieldId: f.id, typed: "Clara Client" }));
  const signed = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  await runDueJobs();
  return view.fields as { page: number; x: number; y: number; width: number; height: number }[];
}

describe("the signer's document", () => {
  let key: string;
  let pdf: Uint8Array;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
    pdf = await htmlToPdf(html);
  });

  it("has no anchor text but keeps the words around it; staff still get the anchors; the seal draws into that copy", async () => {
    const r = await sent(key, pdf, "copy@example.com");
    expect(flat(await pdftotext(r.draftPdf))).toContain("{{s1|signature|160|50}}");

    const served = await call("GET", `/api/sign/${r.token}/document`);
    expect(served.status).toBe(200);
    expect(served.raw.headers.get("content-type")).toBe("application/pdf");
    const shown = await bytesOf(served);
    const text = flat(await pdftotext(shown));
    expect(text).not.toContain("{{");
    expect(text).not.toContain("}}");
    for (const kept of [
      "Consulting agreement",
      "Client signature:",
      "as agreed",
      "Date:",
      "of signing",
      "Thank you for your business.",
    ])
      expect(text).toContain(kept);

    // Made once and remembered: the same bytes again, recorded under the version's SHA-256.
    const row = await copyRow(r.sha256);
    expect(row).toMatchObject({ sha256: sha256Of(shown), anchors: 2, refused: 0, failure: null });
    expect(Buffer.from(await bytesOf(await call("GET", `/api/sign/${r.token}/document`))).equals(Buffer.from(shown))).toBe(true);

    // Staff (the enterprise API) get the document as it was sent, anchors and all.
    const staff = await bytesOf(await call("GET", `${SR}/${r.id}/document`, { key }));
    expect(Buffer.from(staff).equals(Buffer.from(r.draftPdf))).toBe(true);
    expect(flat(await pdftotext(staff))).toContain("{{s1|date}}");

    // Sealed: the very copy with the values drawn in. Outside the fields' boxes and the sandbox line,
    // page 1 is pixel for pixel what the signer was shown.
    const fields = await signAndSeal(r.token);
    expect((await call("GET", `${SR}/${r.id}`, { key })).body.data.status).toBe("COMPLETED");
    const sealed = await bytesOf(await call("GET", `${SR}/${r.id}/document`, { key }));
    const sealedText = flat(await pdftotext(sealed));
    expect(sealedText).not.toContain("{{");
    expect(sealedText).toContain("Clara Client");
    // The certificate names the original only: the document sent is the original (not the copy).
    expect(sealedText).not.toContain("Document as sent for signing");
    expect(await copyRow(r.sha256)).toEqual(row);
    const [a, b] = [await renderPage(shown, 1), await renderPage(sealed, 1)];
    const inField = (x: number, y: number) =>
      y < 24 || fields.some((f) => x >= f.x - 2 && x <= f.x + f.width + 2 && y >= f.y - 2 && y <= f.y + f.height + 2);
    let differ = 0;
    for (let y = 0; y < a.height; y += 2)
      for (let x = 0; x < a.width; x += 2) if (!inField(x, y) && a.rgb(x, y).join() !== b.rgb(x, y).join()) differ++;
    expect(differ).toBe(0);
    // Once COMPLETED the link serves the sealed copy.
    expect(Buffer.from(await bytesOf(await call("GET", `/api/sign/${r.token}/document`))).equals(Buffer.from(sealed))).toBe(true);
  });

  it("a document nobody opened: the seal makes the copy itself and records it", async () => {
    const r = await sent(key, await htmlToPdf(html.replace("Thank you", "Unopened, thank you")), "unopened@example.com");
    expect(await copyRow(r.sha256)).toBeUndefined();
    await signAndSeal(r.token);
    expect((await call("GET", `${SR}/${r.id}`, { key })).body.data.status).toBe("COMPLETED");
    expect(await copyRow(r.sha256)).toMatchObject({ anchors: 2, refused: 0 });
    expect(flat(await pdftotext(await bytesOf(await call("GET", `${SR}/${r.id}/document`, { key }))))).not.toContain("{{");
  });

  it("a token drawn over other text is left, as the seal leaves it; the fair one is removed", async () => {
    const hostile = await anchorOverTextPdf();
    // Placing fields from these anchors is refused (ANCHOR_OVER_OTHER_TEXT): placed by coordinates instead.
    const r = await sent(key, hostile, "over@example.com", [
      { type: "SIGNATURE", page: 1, x: 300, y: 400, width: 150, height: 40 },
    ]);
    const shown = flat(await pdftotext(await bytesOf(await call("GET", `/api/sign/${r.token}/document`))));
    for (const kept of ["I do NOT accept", "Signature:", "here", "{{s1|date}}"]) expect(shown).toContain(kept);
    expect(shown).not.toContain("{{s1|signature}}");
    expect(await copyRow(r.sha256)).toMatchObject({ anchors: 2, refused: 1 });

    await signAndSeal(r.token);
    const sealed = flat(await pdftotext(await bytesOf(await call("GET", `${SR}/${r.id}/document`, { key }))));
    for (const kept of ["I do NOT accept", "{{s1|date}}"]) expect(sealed).toContain(kept);
    expect(sealed).not.toContain("{{s1|signature}}");
  });

  it("a document the engine refuses to rewrite is still served, as it is, without holding up the server", async () => {
    const r = await sent(key, await htmlToPdf(html.replace("Thank you", "Refused, thank you")), "refused@example.com");
    const original = fs.readFileSync(blobFile(r.sha256));
    // The stored bytes become a hostile PDF (a form XObject DAG, 10²⁰ runs) under the same name; its
    // text layer is the one stored at upload, so the engine is asked to remove the anchors from it.
    const hostile = xobjectDag(20, 10);
    fs.writeFileSync(blobFile(r.sha256), hostile);
    try {
      // The engine's refusal happens off the main thread; how long the event loop stalls meanwhile is measured
      // by `npm run bench` (responsiveness under hostile PDFs), not bounded here on a shared machine.
      const served = await call("GET", `/api/sign/${r.token}/document`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await bytesOf(served)).equals(hostile)).toBe(true);
      const failed = await copyRow(r.sha256);
      expect(failed).toMatchObject({ sha256: null, failure: expect.stringMatching(/^TOO_COMPLEX: /) });

      // Not tried again on every view: the next one serves the document at once, the failure as it was.
      expect((await call("GET", `/api/sign/${r.token}/document`)).status).toBe(200);
      expect(await copyRow(r.sha256)).toEqual(failed);

      // The seal tries for itself and is refused the same way (retried later, as before: TOO_COMPLEX).
      await signAndSeal(r.token);
      expect((await call("GET", `${SR}/${r.id}`, { key })).body.data.status).toBe("IN_PROGRESS");
      expect(await sealJob(r.id)).toMatchObject({ status: "QUEUED", attempts: 1 });
    } finally {
      fs.writeFileSync(blobFile(r.sha256), original);
    }
    // The document is whole again. Once RETRY_AFTER_MS has passed since the failure, the next view
    // makes the copy; the seal's next attempt draws into it and the request completes.
    const db = await getDb();
    await db
      .update(signerCopies)
      .set({ failedAt: new Date(Date.now() - RETRY_AFTER_MS - 1000) })
      .where(eq(signerCopies.pdfSha256, r.sha256));
    const shown = await bytesOf(await call("GET", `/api/sign/${r.token}/document`));
    expect(flat(await pdftotext(shown))).not.toContain("{{");
    const made = await copyRow(r.sha256);
    expect(made).toMatchObject({ sha256: sha256Of(shown), anchors: 2, refused: 0, failure: null, failedAt: null });
    await retrySealNow(r.id);
    expect((await call("GET", `${SR}/${r.id}`, { key })).body.data.status).toBe("COMPLETED");
    expect(await copyRow(r.sha256)).toEqual(made);
  });
});
