import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { htmlToPdf, pdftotext } from "../support/pdf-fixtures";
import { PNG_1x1, tokenFromOutbox } from "../support/signing";
import { findIn, itemAt } from "../support/expect-helpers";

const SR = "/api/v1/enterprise/signature-requests";

function pdfsig(bytes: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pdfsig-"));
  const file = path.join(dir, "s.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8" });
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

const html = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:"DejaVu Serif",serif;font-size:12pt}</style></head><body>
<h1>Consulting contract</h1><p>The parties agree on the work described below.</p>
<p>Client signature: {{s1|signature|160|50}}</p>
<p>Client title: {{s1|text|40|200|12|Title||f}}</p>
<p>Date: <span style="color:#fff">{{s1|date|120|20|11}}</span></p>
<p>Consultant signature: {{s2|signature|160|50}}</p>
</body></html>`;

describe("completion: the sealed record", () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await htmlToPdf(html);
  });

  it("seals when the last signer signs: values drawn, anchors gone, certificate, PAdES valid, everyone mailed", async () => {
    const key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key, pdf, "Consulting contract");
    const s1 = (
      await call("POST", `${SR}/${d.id}/recipients`, {
        key,
        json: { email: "client@example.com", name: "Clara Client", order: 1 },
      })
    ).body.data;
    const s2 = (
      await call("POST", `${SR}/${d.id}/recipients`, {
        key,
        json: { email: "consultant@example.com", name: "Conrad Consultant", order: 2 },
      })
    ).body.data;
    await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "legal@example.com", name: "Legal Team", role: "CC" } });
    expect(
      (await call("POST", `${SR}/${d.id}/fields/anchors`, { key, json: { recipientId: s1.id, signerRef: "s1" } })).status,
    ).toBe(201);
    expect(
      (await call("POST", `${SR}/${d.id}/fields/anchors`, { key, json: { recipientId: s2.id, signerRef: "s2" } })).status,
    ).toBe(201);
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();

    const t1 = tokenFromOutbox("client@example.com")!;
    const v1 = (await call("GET", `/api/sign/${t1}`)).body.data;
    const values = v1.fields
      .filter((f: { type: string }) => f.type !== "DATE")
      .map((f: { id: string; type: string }) =>
        f.type === "TEXT" ? { fieldId: f.id, text: "Managing Director" } : { fieldId: f.id, image: PNG_1x1 },
      );
    expect(
      (
        await call("POST", `/api/sign/${t1}/sign`, {
          json: { consent: true, values },
          ip: "198.51.100.23",
          headers: { "user-agent": "Firefox/140" },
        })
      ).status,
    ).toBe(200);
    await runDueJobs();
    const t2 = tokenFromOutbox("consultant@example.com")!;
    const v2 = (await call("GET", `/api/sign/${t2}`)).body.data;
    const r2 = await call("POST", `/api/sign/${t2}/sign`, {
      json: { consent: true, values: v2.fields.map((f: { id: string }) => ({ fieldId: f.id, typed: "Conrad Consultant" })) },
    });
    expect(r2.body.data.completed).toBe(true);
    await runDueJobs(); // seal
    await runDueJobs(); // completion mails

    const done = (await call("GET", `${SR}/${d.id}`, { key })).body.data;
    expect(done.status).toBe("COMPLETED");
    expect(done.completedAt).toBeTruthy();
    expect(done.document.version).toBe(2);
    const sealed = new Uint8Array(await (await call("GET", `${SR}/${d.id}/document`, { key })).raw.arrayBuffer());

    const sig = pdfsig(sealed);
    expect(sig).toContain("Signature is Valid.");
    expect(sig).toContain("Total document signed");
    const tampered = new Uint8Array(sealed);
    // one byte inside the first signed range (the original content, well before the signature)
    const at = Math.floor(Buffer.from(tampered).indexOf("/ByteRange") / 3);
    tampered[at] = itemAt(tampered, at, "the sealed PDF") ^ 0x01;
    expect(pdfsig(tampered)).toMatch(/Digest Mismatch/);

    const text = await pdftotext(sealed);
    expect(text).toContain("Managing Director");
    expect(text).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).toContain("Sandbox – not a valid legal signature");
    const audit = (await call("GET", `${SR}/${d.id}/audit`, { key })).body.data.items;
    const completed = findIn(audit, (e) => e.type === "request.completed", "request.completed").data;
    const original = findIn(audit, (e) => e.type === "request.created", "request.created").data.sha256;
    expect(completed.originalSha256).toBe(original);
    const flat = text.replace(/\s+/g, "");
    expect(flat).toContain(original);
    expect(flat).toContain(completed.sealedContentSha256);
    expect(text).toContain("Clara Client");
    expect(text).toContain("198.51.100.23");
    expect(text).not.toContain("{{");
    const pages = text.split("\f").filter((p) => p.trim());
    expect(pages.every((p) => p.includes("Sandbox – not a valid legal signature"))).toBe(true);

    const outbox = (await call("GET", "/api/v1/enterprise/outbox", { key })).body.data.items;
    const completion = outbox
      .filter((m: { kind: string }) => m.kind === "completed")
      .map((m: { to: string }) => m.to)
      .sort();
    expect(completion).toEqual([
      "Clara Client <client@example.com>",
      "Conrad Consultant <consultant@example.com>",
      "Legal Team <legal@example.com>",
    ]);
    const msg = (
      await call("GET", `/api/v1/enterprise/outbox/${findIn(outbox, (m) => m.kind === "completed", "a completion mail").id}`, {
        key,
      })
    ).body.data;
    expect(msg.raw).toMatch(/Content-Type: application\/pdf; name="?Consulting contract \(signed\)\.pdf/);
  });
});
