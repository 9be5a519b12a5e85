// The files a PDF embeds, as /verify lists them, are the ones viewers find: the cross-reference chain's
// objects, never a later copy a scanning reader would take. Checked against poppler (pdfdetach) and qpdf.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFRef } from "@cantoo/pdf-lib";
import { verifyPdf } from "./index";

function tool(cmd: string, args: string[], pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attachments-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    return execFileSync(cmd, [...args, file], { encoding: "utf8" });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The embedded files' names as poppler lists them. */
const popplerNames = (pdf: Uint8Array) =>
  tool("pdfdetach", ["-list"], pdf)
    .split("\n")
    .flatMap((l) => /^\d+: (.*)$/.exec(l)?.[1] ?? []);

/** The names in the EmbeddedFiles name tree as qpdf reads the file (its JSON of the objects it resolves). */
function qpdfNames(pdf: Uint8Array): string[] {
  const json = JSON.parse(tool("qpdf", ["--json=2", "--json-key=attachments"], pdf)) as {
    attachments: Record<string, { filespec: string; preferredname: string }>;
  };
  return Object.values(json.attachments).map((a) => a.preferredname.replace(/^u:/, ""));
}

async function withAttachment(): Promise<{ pdf: Uint8Array; spec: PDFRef; ef: PDFRef }> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  await doc.attach(new TextEncoder().encode("the real file"), "real.txt", { mimeType: "text/plain" });
  const pdf = await doc.save({ useObjectStreams: false });
  const loaded = await PDFDocument.load(pdf);
  const names = loaded.context.lookup(loaded.catalog.get(PDFName.of("Names")), PDFDict);
  const tree = loaded.context.lookup(names.get(PDFName.of("EmbeddedFiles")), PDFDict);
  const spec = loaded.context.lookup(tree.get(PDFName.of("Names")), PDFArray).get(1) as PDFRef;
  const ef = loaded.context
    .lookup(loaded.context.lookup(spec, PDFDict).get(PDFName.of("EF")), PDFDict)
    .get(PDFName.of("F")) as PDFRef;
  return { pdf, spec, ef };
}

describe("embedded files, in the file's one reading", () => {
  it("lists what poppler and qpdf list", async () => {
    const { pdf } = await withAttachment();
    const report = await verifyPdf(pdf);
    expect(report.attachments.map((a) => a.name)).toEqual(popplerNames(pdf));
    expect(report.attachments.map((a) => a.name)).toEqual(qpdfNames(pdf));
    expect(report.attachments).toEqual([expect.objectContaining({ name: "real.txt", size: 13, type: "text/plain" })]);
  });

  it("ignores a later copy of the file specification that no cross-reference lists (a scanning reader would take it)", async () => {
    const { pdf, spec, ef } = await withAttachment();
    const decoy = new TextEncoder().encode(
      `\n${spec.objectNumber} ${spec.generationNumber} obj\n<< /Type /Filespec /F (decoy.txt) /UF (decoy.txt) /EF << /F ${ef.objectNumber} ${ef.generationNumber} R >> >>\nendobj\n`,
    );
    const tricked = new Uint8Array([...pdf, ...decoy]);
    // pdf-lib's own loader, which keeps the last definition it scans, is fooled...
    const scanned = await PDFDocument.load(tricked);
    expect(scanned.context.lookup(spec, PDFDict).get(PDFName.of("UF"))?.toString()).toContain("decoy");
    // ...viewers are not, and neither is /verify.
    expect(popplerNames(tricked)).toEqual(["real.txt"]);
    expect(qpdfNames(tricked)).toEqual(["real.txt"]);
    const report = await verifyPdf(tricked);
    expect(report.attachments.map((a) => a.name)).toEqual(["real.txt"]);
  });
});
