import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { signerFiles } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { objectStreamBomb } from "../support/hostile-pdfs";
import { pdfsig } from "../support/seal-fixtures";
import { certificateLines, sealedDocument } from "../support/sealing";
import { simplePdf } from "../support/simple-pdf";
import { tokenOf } from "../support/signing";

// Files a signer attaches to FILE fields: judged by their bytes (a wrong kind 415, too large 413, a bomb
// refused by the engine, another signer's file not theirs), nothing kept of a refusal; the kept files are
// embedded in the sealed PDF under its signature, listed on its certificate with their SHA-256.

const SR = "/api/v1/enterprise/signature-requests";
const sha = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

/** A real PNG of w × h pixels, a colour gradient (so that re-encoding has something to keep). */
function pngOf(w: number, h: number): Uint8Array {
  const png = new PNG({ width: w, height: h });
  for (let i = 0; i < w * h; i++) png.data.set([i % 256, (i * 7) % 256, 128, 255], i * 4);
  return new Uint8Array(PNG.sync.write(png));
}

/** pdfdetach's list of a PDF's embedded files ("1: name" lines). */
function pdfdetachList(pdf: Uint8Array): string {
  const file = path.join(os.tmpdir(), `signet-detach-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdfdetach", ["-list", file], { encoding: "utf8" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The bytes of embedded file `n` (1-based), as pdfdetach saves them. */
function pdfdetachSave(pdf: Uint8Array, n: number): Uint8Array {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-detach-"));
  const file = path.join(dir, "in.pdf");
  fs.writeFileSync(file, pdf);
  try {
    execFileSync("pdfdetach", ["-save", String(n), "-o", path.join(dir, "out"), file]);
    return new Uint8Array(fs.readFileSync(path.join(dir, "out")));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("signer attachments", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("takes a PNG and a PDF by their bytes, refuses what is not taken, and seals both files into the PDF", async () => {
    // A webhook receiver: the signed and completed events name the files.
    const received: { type: string; data: Record<string, unknown> }[] = [];
    const rx = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        received.push(JSON.parse(body) as { type: string; data: Record<string, unknown> });
        res.end("ok");
      });
    });
    await new Promise<void>((r) => rx.listen(0, "127.0.0.1", r));
    process.env.WEBHOOK_ALLOW_PRIVATE = "1";
    const hook = await call("POST", "/api/v1/enterprise/webhooks", {
      key,
      json: {
        url: `http://127.0.0.1:${(rx.address() as AddressInfo).port}/hooks`,
        events: ["signature_request.signed", "signature_request.completed"],
      },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    const d = await createDraft(key, undefined, "Attachments");
    const ann = (
      await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "ann.a@example.com", name: "Ann Attach" } })
    ).body.data.id;
    const bob = (
      await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "bob.b@example.com", name: "Bob Attach", order: 2 } })
    ).body.data.id;
    const placed = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          {
            type: "FILE",
            recipientId: ann,
            page: 1,
            x: 72,
            y: 100,
            width: 200,
            height: 24,
            label: "Proof of ID",
            multiple: true,
            maxSizeMb: 1,
          },
          {
            type: "FILE",
            recipientId: ann,
            page: 1,
            x: 72,
            y: 140,
            width: 200,
            height: 24,
            label: "Scan",
            accept: ["PDF"],
            required: false,
          },
          { type: "SIGNATURE", recipientId: ann, page: 1, x: 72, y: 200, width: 150, height: 40 },
          {
            type: "FILE",
            recipientId: bob,
            page: 1,
            x: 300,
            y: 100,
            width: 200,
            height: 24,
            label: "Bob's file",
            required: false,
          },
          { type: "SIGNATURE", recipientId: bob, page: 1, x: 300, y: 200, width: 150, height: 40 },
        ],
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    type F = { id: string; accept: unknown; maxSizeMb: unknown; multiple: unknown };
    const [proof, scan, sig, bobFile, bobSig] = placed.body.data.fields as unknown as [F, F, F, F, F];
    expect(proof).toMatchObject({ accept: null, maxSizeMb: 1, multiple: true });
    expect(scan).toMatchObject({ accept: ["PDF"], maxSizeMb: null, multiple: null });
    // A property of FILE on another type, or a bad one, is a 400.
    for (const bad of [
      { type: "TEXT", accept: ["PDF"] },
      { type: "FILE", accept: ["GIF"] },
      { type: "FILE", accept: [] },
      { type: "FILE", maxSizeMb: 21 },
      { type: "FILE", maxSizeMb: 0.5 },
    ]) {
      const r = await call("POST", `${SR}/${d.id}/fields`, {
        key,
        json: { recipientId: ann, page: 1, x: 72, y: 300, width: 100, height: 20, ...bad },
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(ann);
    const bobToken = await tokenOf(bob);
    const upload = (t: string, fieldId: string, data: Uint8Array, name: string, type = "application/octet-stream") =>
      call("POST", `/api/sign/${t}/files`, { form: { fieldId, file: { data, name, type } } });

    const png = pngOf(64, 48);
    const pdf = await simplePdf([{ text: "My proof of address" }]);
    const stored = async () => (await (await getDb()).select().from(signerFiles).where(eq(signerFiles.requestId, d.id))).length;

    const refused: [string, () => ReturnType<typeof upload>, number, string, RegExp][] = [
      [
        "a GIF named .png",
        () => upload(token, proof.id, new TextEncoder().encode("GIF89a\x01\x00\x01\x00"), "photo.png", "image/png"),
        415,
        "ATTACHMENT_TYPE_NOT_ACCEPTED",
        /not a PDF, PNG or JPEG/,
      ],
      [
        "a PNG where only PDF is taken",
        () => upload(token, scan.id, png, "scan.pdf", "application/pdf"),
        415,
        "ATTACHMENT_TYPE_NOT_ACCEPTED",
        /A PNG is not taken here: this field takes PDF/,
      ],
      [
        "a file over the field's 1 MB",
        () => upload(token, proof.id, new Uint8Array(1024 * 1024 + 10).fill(0x41), "big.pdf"),
        413,
        "ATTACHMENT_TOO_LARGE",
        /up to 1 MB/,
      ],
      [
        "a PNG whose pixels are cut off",
        () => upload(token, proof.id, png.slice(0, 60), "cut.png"),
        422,
        "ATTACHMENT_DAMAGED",
        /cannot be used/,
      ],
      [
        "a PDF bomb",
        () => upload(token, proof.id, objectStreamBomb(1_000_000), "bomb.pdf"),
        422,
        "PDF_TOO_COMPLEX",
        /too complex/,
      ],
      ["another signer's field", () => upload(token, bobFile.id, png, "x.png"), 404, "FIELD_NOT_FOUND", /no such field/],
      ["a field that is not a FILE", () => upload(token, sig.id, png, "x.png"), 400, "VALIDATION_FAILED", /SIGNATURE/],
      [
        "a field id that is not one",
        () => upload(token, "../../etc/passwd", png, "x.png"),
        404,
        "FIELD_NOT_FOUND",
        /no such field/,
      ],
      ["Bob before his turn", () => upload(bobToken, bobFile.id, png, "x.png"), 409, "RECIPIENT_NOT_YOUR_TURN", /./],
    ];
    for (const [what, run, status, code, why] of refused) {
      const r = await run();
      expect(r.status, `${what}: ${JSON.stringify(r.body)}`).toBe(status);
      expect(r.body.errorCode, what).toBe(code);
      expect(r.body.message, what).toMatch(why);
    }
    expect(await stored()).toBe(0);

    const a = await upload(token, proof.id, png, "passport.PDF", "application/pdf");
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    // Named for what it is; re-encoded, so its own SHA-256.
    expect(a.body.data).toMatchObject({ fieldId: proof.id, name: "passport.png", type: "image/png" });
    const b = await upload(token, proof.id, pdf, "address.pdf", "application/pdf");
    expect(b.status, JSON.stringify(b.body)).toBe(201);
    expect(b.body.data).toMatchObject({ name: "address.pdf", type: "application/pdf" });
    // Rebuilt as its pages only (no action, script or embedded file), so its own SHA-256 and size.
    expect(b.body.data.sha256).not.toBe(sha(pdf));

    // Saved on the way (a reload finds them), only files of the field itself.
    const saved = await call("PUT", `/api/sign/${token}/draft`, {
      json: { values: [{ fieldId: proof.id, files: [a.body.data.id, b.body.data.id] }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const drafts = (await call("GET", `/api/sign/${token}`)).body.data.drafts as {
      fieldId: string;
      files?: { name: string }[];
    }[];
    expect(drafts.find((x) => x.fieldId === proof.id)?.files?.map((x) => x.name)).toEqual(["passport.png", "address.pdf"]);
    const stray = await call("PUT", `/api/sign/${token}/draft`, {
      json: { values: [{ fieldId: scan.id, files: [a.body.data.id] }] },
    });
    expect(stray.status).toBe(422);
    expect(stray.body.errors?.[0]?.message).toMatch(/not attached to this field/);

    const sign = (values: Record<string, unknown>[]) =>
      call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
    const cases: [string, Record<string, unknown>[], RegExp][] = [
      ["no file for a required FILE", [{ fieldId: sig.id, typed: "Ann" }], /Proof of ID: attach a file/],
      [
        "a file of another field",
        [
          { fieldId: sig.id, typed: "Ann" },
          { fieldId: proof.id, files: [a.body.data.id] },
          { fieldId: scan.id, files: [b.body.data.id] },
        ],
        /Scan: ".*" is not a file attached to this field/,
      ],
      [
        "an id that is no file",
        [
          { fieldId: sig.id, typed: "Ann" },
          { fieldId: proof.id, files: ["00000000-0000-4000-8000-000000000000"] },
        ],
        /is not a file attached to this field/,
      ],
      [
        "one file twice",
        [
          { fieldId: sig.id, typed: "Ann" },
          { fieldId: proof.id, files: [a.body.data.id, a.body.data.id] },
        ],
        /a file is given twice/,
      ],
    ];
    for (const [what, values, why] of cases) {
      const r = await sign(values);
      expect(r.status, what).toBe(422);
      expect([r.body.message, ...(r.body.errors ?? []).map((e: { message: string }) => e.message)].join("\n"), what).toMatch(why);
    }
    const ok = await sign([
      { fieldId: sig.id, typed: "Ann Attach" },
      { fieldId: proof.id, files: [a.body.data.id, b.body.data.id] },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await runDueJobs();
    expect(
      (
        await call("POST", `/api/sign/${bobToken}/sign`, {
          json: { consent: true, values: [{ fieldId: bobSig.id, typed: "Bob" }] },
        })
      ).status,
    ).toBe(200);
    await runDueJobs();

    const sealed = await sealedDocument(key, d.id);
    expect(await pdfsig(sealed)).toMatch(/Total document signed/);
    const list = pdfdetachList(sealed);
    expect(list).toMatch(/2 embedded files/);
    expect(list).toContain("passport.png");
    expect(list).toContain("address.pdf");
    // The embedded bytes are the kept files, byte for byte.
    const names = list.split("\n").filter((l) => /^\d+: /.test(l));
    const at = (name: string) => names.findIndex((l) => l.endsWith(name)) + 1;
    expect(sha(pdfdetachSave(sealed, at("address.pdf")))).toBe(b.body.data.sha256);
    expect(sha(pdfdetachSave(sealed, at("passport.png")))).toBe(a.body.data.sha256);
    const cert = await certificateLines(sealed);
    expect(cert).toMatch(/Files attached by signers \(embedded in this PDF\)/);
    expect(cert).toMatch(/passport\.png · [\d,]+ bytes · attached by Ann Attach to Proof of ID/);
    expect(cert).toContain(b.body.data.sha256);
    expect(cert).toContain(a.body.data.sha256);

    // Staff see and download them (as attachments); another organization does not.
    const record = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(record.attachments).toEqual([
      {
        id: a.body.data.id,
        fieldId: proof.id,
        recipientId: ann,
        name: "passport.png",
        type: "image/png",
        size: a.body.data.size,
        sha256: a.body.data.sha256,
      },
      {
        id: b.body.data.id,
        fieldId: proof.id,
        recipientId: ann,
        name: "address.pdf",
        type: "application/pdf",
        size: b.body.data.size,
        sha256: b.body.data.sha256,
      },
    ]);
    const got = await call("GET", `${SR}/${d.id}/attachments/${b.body.data.id}`, { key });
    expect(got.status).toBe(200);
    expect(got.raw.headers.get("content-disposition")).toMatch(/^attachment; filename="address\.pdf"/);
    expect(sha(new Uint8Array(await got.raw.arrayBuffer()))).toBe(b.body.data.sha256);
    const other = (await makeOrg()).sandboxKey;
    expect((await call("GET", `${SR}/${d.id}/attachments/${b.body.data.id}`, { key: other })).status).toBe(404);
    const missing = await call("GET", `${SR}/${d.id}/attachments/00000000-0000-4000-8000-000000000000`, { key });
    expect(missing.status).toBe(404);
    expect(missing.body.errorCode).toBe("ATTACHMENT_NOT_FOUND");
    // A file uploaded but not kept by the signature is no attachment.
    await runDueJobs();
    const named = (type: string) =>
      received.find((e) => e.type === type)?.data.attachments as { name: string; sha256: string }[] | undefined;
    await expect.poll(() => named("signature_request.completed")?.map((x) => x.name)).toEqual(["passport.png", "address.pdf"]);
    expect(named("signature_request.signed")?.map((x) => x.sha256)).toEqual([a.body.data.sha256, b.body.data.sha256]);
    rx.close();
    delete process.env.WEBHOOK_ALLOW_PRIVATE;

    // /verify lists them, as viewers find them in the file.
    const verified = await call("POST", "/api/v1/verify", {
      form: { file: { data: sealed, name: "sealed.pdf", type: "application/pdf" } },
      ip: "198.51.100.77",
    });
    expect(verified.status).toBe(200);
    expect(verified.body.data.verdict).toBe("VALID");
    expect(verified.body.data.attachments).toEqual(
      expect.arrayContaining([
        {
          name: "passport.png",
          size: a.body.data.size,
          sha256: a.body.data.sha256,
          type: "image/png",
          description: "Proof of ID (Ann Attach)",
        },
        {
          name: "address.pdf",
          size: b.body.data.size,
          sha256: b.body.data.sha256,
          type: "application/pdf",
          description: "Proof of ID (Ann Attach)",
        },
      ]),
    );
  });

  it("several documents: a file attached to a field on the second document is embedded in that document's sealed PDF only", async () => {
    const f = async (text: string, name: string) => ({ data: await simplePdf([{ text }]), name, type: "application/pdf" });
    const created = await call("POST", SR, {
      key,
      form: { title: "Two documents", file: [await f("Contract", "contract.pdf"), await f("Annex", "annex.pdf")] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const [contract, annex] = created.body.data.documents as unknown as [{ id: string }, { id: string }];
    const rid = (
      await call("POST", `${SR}/${created.body.data.id}/recipients`, { key, json: { email: "cy@example.com", name: "Cy Docs" } })
    ).body.data.id;
    const placed = await call("POST", `${SR}/${created.body.data.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: rid, documentId: contract.id, page: 1, x: 72, y: 200, width: 150, height: 40 },
          {
            type: "FILE",
            recipientId: rid,
            documentId: annex.id,
            page: 1,
            x: 72,
            y: 100,
            width: 200,
            height: 24,
            label: "Annex scan",
          },
        ],
      },
    });
    const [sig, file] = placed.body.data.fields as unknown as [{ id: string }, { id: string }];
    expect((await call("POST", `${SR}/${created.body.data.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(rid);
    const up = await call("POST", `/api/sign/${token}/files`, {
      form: { fieldId: file.id, file: { data: pngOf(20, 20), name: "scan.png", type: "image/png" } },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const signed = await call("POST", `/api/sign/${token}/sign`, {
      json: {
        consent: true,
        values: [
          { fieldId: sig.id, typed: "Cy" },
          { fieldId: file.id, files: [up.body.data.id] },
        ],
      },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await runDueJobs();
    const sealedOf = async (docId: string) =>
      new Uint8Array(await (await call("GET", `${SR}/${created.body.data.id}/documents/${docId}`, { key })).raw.arrayBuffer());
    const annexPdf = await sealedOf(annex.id);
    expect(await pdfsig(annexPdf)).toMatch(/Total document signed/);
    expect(pdfdetachList(annexPdf)).toMatch(/1 embedded files?[\s\S]*scan\.png/);
    expect(pdfdetachList(await sealedOf(contract.id))).toMatch(/0 embedded files/);
  });
});
