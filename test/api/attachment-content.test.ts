import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { blobs } from "@/lib/server/blobs/store";
import { getDb } from "@/lib/server/db";
import { signerFiles } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import {
  ACTIVE_FIELD_TEXT,
  ACTIVE_NAMES,
  ACTIVE_PAGE_TEXT,
  activePdf,
  pdfdetachCount,
  pdfinfoJavaScript,
  popplerText,
  qpdfNames,
} from "../support/active-pdf";
import { createDraft } from "../support/drafts";
import { pdfsig } from "../support/seal-fixtures";
import { sealedDocument } from "../support/sealing";
import { tokenOf } from "../support/signing";

// A signer's PDF attachment goes under the seal as content only: a PDF with an /OpenAction script, /Launch
// actions, an embedded program, XFA, a form that submits itself and rich media is kept as its pages (what
// they showed, form fields' appearances included) and nothing else. Judged by what poppler and qpdf find in
// the file embedded in the sealed PDF, not by our own parse.

const SR = "/api/v1/enterprise/signature-requests";
const sha = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

/** The embedded files of a PDF, by name, as pdfdetach saves them. */
function embeddedFiles(pdf: Uint8Array): Map<string, Uint8Array> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-embedded-"));
  const file = path.join(dir, "in.pdf");
  fs.writeFileSync(file, pdf);
  try {
    const out = new Map<string, Uint8Array>();
    const list = execFileSync("pdfdetach", ["-list", file], { encoding: "utf8" });
    for (const m of list.matchAll(/^(\d+): (.+)$/gm)) {
      const target = path.join(dir, `file-${m[1]}`);
      execFileSync("pdfdetach", ["-save", m[1]!, "-o", target, file]);
      out.set(m[2]!, new Uint8Array(fs.readFileSync(target)));
    }
    return out;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("a signer's PDF attachment", () => {
  it("is kept without scripts, actions, launch entries, embedded files or forms, and so is sealed", async () => {
    const key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key, undefined, "Active attachment");
    const rid = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "eve@example.com", name: "Eve Upload" } }))
      .body.data.id as string;
    const placed = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: rid, page: 1, x: 72, y: 200, width: 150, height: 40 },
          { type: "FILE", recipientId: rid, page: 1, x: 72, y: 100, width: 200, height: 24, label: "Proof of address" },
        ],
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const [sig, file] = placed.body.data.fields as unknown as [{ id: string }, { id: string }];
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(rid);

    const uploaded = activePdf();
    expect(await pdfinfoJavaScript(uploaded)).toBe("yes");
    expect(await pdfdetachCount(uploaded)).toBeGreaterThan(0);
    const up = await call("POST", `/api/sign/${token}/files`, {
      form: { fieldId: file.id, file: { data: uploaded, name: "address.pdf", type: "application/pdf" } },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.data).toMatchObject({ name: "address.pdf", type: "application/pdf" });
    // What is stored is the rebuilt file, already: staff download it, the signature keeps it.
    const kept = await blobs().get(up.body.data.sha256);
    expect(sha(kept)).not.toBe(sha(uploaded));
    expect(await pdfinfoJavaScript(kept)).toBe("no");

    const signed = await call("POST", `/api/sign/${token}/sign`, {
      json: {
        consent: true,
        values: [
          { fieldId: sig.id, typed: "Eve Upload" },
          { fieldId: file.id, files: [up.body.data.id] },
        ],
      },
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    await runDueJobs();

    const sealed = await sealedDocument(key, d.id);
    expect(await pdfsig(sealed)).toMatch(/Total document signed/);
    expect(await pdfinfoJavaScript(sealed)).toBe("no");
    const embedded = embeddedFiles(sealed);
    expect([...embedded.keys()]).toEqual(["address.pdf"]);
    const inner = embedded.get("address.pdf")!;
    expect(sha(inner)).toBe(up.body.data.sha256);
    // Opened as a viewer would open it: no script, nothing attached inside, no action, form or annotation.
    expect(await pdfinfoJavaScript(inner)).toBe("no");
    expect(await pdfdetachCount(inner)).toBe(0);
    const { names, pages } = await qpdfNames(inner);
    expect(pages).toBe(1);
    expect(ACTIVE_NAMES.filter((n) => names.has(n))).toEqual([]);
    // And still the signer's document: the page's text and the filled field's appearance.
    const text = await popplerText(inner);
    expect(text).toContain(ACTIVE_PAGE_TEXT);
    expect(text).toContain(ACTIVE_FIELD_TEXT);
  });

  it("that cannot be read is refused as before, nothing kept", async () => {
    const key = (await makeOrg()).sandboxKey;
    const d = await createDraft(key, undefined, "Broken attachment");
    const rid = (await call("POST", `${SR}/${d.id}/recipients`, { key, json: { email: "bo@example.com", name: "Bo Broken" } }))
      .body.data.id as string;
    const placed = await call("POST", `${SR}/${d.id}/fields`, {
      key,
      json: {
        fields: [
          { type: "SIGNATURE", recipientId: rid, page: 1, x: 72, y: 200, width: 150, height: 40 },
          { type: "FILE", recipientId: rid, page: 1, x: 72, y: 100, width: 200, height: 24, label: "Scan" },
        ],
      },
    });
    const [, file] = placed.body.data.fields as unknown as [{ id: string }, { id: string }];
    expect((await call("POST", `${SR}/${d.id}/send`, { key })).status).toBe(200);
    await runDueJobs();
    const token = await tokenOf(rid);
    const up = await call("POST", `/api/sign/${token}/files`, {
      form: {
        fieldId: file.id,
        file: { data: new TextEncoder().encode("%PDF-1.7\nnot a PDF after all"), name: "x.pdf", type: "application/pdf" },
      },
    });
    expect(up.status, JSON.stringify(up.body)).toBe(422);
    expect(up.body.errorCode).toBe("PDF_MALFORMED");
    const db = await getDb();
    expect(await db.select().from(signerFiles).where(eq(signerFiles.requestId, d.id))).toEqual([]);
  });
});
