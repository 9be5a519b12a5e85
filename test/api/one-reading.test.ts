// A PDF whose cross-reference and whole-file scan disagree (an unlisted second definition of page 1's
// content) is read as viewers read it, and stored so: the signer is shown "100 EUR", and the sealed PDF
// says "100 EUR" — the same text — while the upload's own SHA-256 is kept beside the stored one.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { runDueJobs } from "@/lib/server/worker/worker";
import { call, makeOrg } from "../support/api";
import { createDraft } from "../support/drafts";
import { firstOf } from "../support/expect-helpers";
import { twoDefinitionPdf } from "../support/pdf-tricks";
import { certificateLines, sealedDocument } from "../support/sealing";
import { sentRequest, tokenOf } from "../support/signing";
import { simplePdf } from "../support/simple-pdf";

const run = promisify(execFile);
const SR = "/api/v1/enterprise/signature-requests";

async function pdftotext(pdf: Uint8Array, page = 1): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "one-reading-api-"));
  try {
    fs.writeFileSync(path.join(dir, "in.pdf"), pdf);
    const { stdout } = await run("pdftotext", ["-f", String(page), "-l", String(page), path.join(dir, "in.pdf"), "-"]);
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("one reading of an uploaded PDF", () => {
  let key: string;
  beforeAll(async () => {
    key = (await makeOrg()).sandboxKey;
  });

  it("a file that is already its one reading is stored byte for byte", async () => {
    const upload = await simplePdf([{ text: "Honest" }]);
    const { id } = await createDraft(key, upload, "Honest");
    const record = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(record.document).toMatchObject({ sha256: createHash("sha256").update(upload).digest("hex"), uploadedSha256: null });
    const served = Buffer.from(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());
    expect(served.equals(Buffer.from(upload))).toBe(true);
  });

  it("the signer sees what viewers show, and the seal holds the same text", async () => {
    const upload = twoDefinitionPdf();
    // poppler (a viewer) shows the listed definition.
    expect(await pdftotext(upload)).toContain("100 EUR");
    const { id, recipientIds } = await sentRequest(key, [{ email: "ann@example.com", name: "Ann", order: 1 }], { pdf: upload });
    const record = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(record.document.uploadedSha256).toBe(createHash("sha256").update(upload).digest("hex"));
    expect(record.document.sha256).not.toBe(record.document.uploadedSha256);

    // What is stored and served has one definition: the one viewers show.
    const served = new Uint8Array(await (await call("GET", `${SR}/${id}/document`, { key })).raw.arrayBuffer());
    expect(await pdftotext(served)).toContain("The price is 100 EUR.");
    expect(Buffer.from(served).toString("latin1")).not.toContain("1,000,000");

    await runDueJobs();
    const token = await tokenOf(firstOf(recipientIds, "recipientIds"));
    const text = await call("GET", `/api/sign/${token}/pages/1/text`);
    expect(text.status).toBe(200);
    const words = text.body.data.items.map((i: { s: string }) => i.s).join(" ");
    expect(words).toContain("100 EUR");
    expect(words).not.toContain("1,000,000");

    const view = (await call("GET", `/api/sign/${token}`)).body.data;
    const values = view.fields
      .filter((f: { type: string }) => f.type !== "DATE")
      .map((f: { id: string; type: string }) =>
        f.type === "TEXT" ? { fieldId: f.id, text: "CTO" } : { fieldId: f.id, typed: "Ann" },
      );
    expect((await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } })).status).toBe(200);
    await runDueJobs();
    const sealed = await sealedDocument(key, id);
    const page1 = await pdftotext(sealed);
    expect(page1).toContain("The price is 100 EUR.");
    expect(page1).not.toContain("1,000,000");
    // The certificate names both: the file as uploaded and as stored.
    const cert = await certificateLines(sealed);
    expect(cert).toContain(record.document.uploadedSha256);
    expect(cert).toContain(record.document.sha256);
  });
});
