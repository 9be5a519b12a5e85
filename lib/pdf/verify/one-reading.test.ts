// A PDF has one reading: the cross-reference chain viewers follow. Each trick below is appended to a
// genuine sealed PDF so that poppler draws a changed document while a reader that scans the file
// (pdf-lib's own loader) still finds the signed objects; verify must say ALTERED, naming what it
// found, in both kinds of cross-reference. The same changes made honestly are ALTERED too.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { PDFDocument, PDFName, PDFRawStream, PDFRef, decodePDFRawStream } from "@cantoo/pdf-lib";
import { firstOf } from "../../../test/support/expect-helpers";
import { FORMS, trick, TRICKS, type TrickBase } from "../../../test/support/pdf-tricks";
import { sealedTrickBase } from "../../../test/support/sealed-tricks";
import { testP12 } from "../../../test/support/seal-fixtures";
import { verifyPdf } from "./index";
import { popplerDisagreements } from "./poppler-judge";
import { append } from "../../../test/support/pdf-updates";

const run = promisify(execFile);

/** Page 1 as poppler draws it (grey, 20 dpi) and its text. */
async function poppler(pdf: Uint8Array): Promise<{ image: Buffer; text: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "one-reading-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    await run("pdftoppm", ["-r", "20", "-gray", "-f", "1", "-l", "1", "-singlefile", file, path.join(dir, "p")]);
    const { stdout } = await run("pdftotext", ["-f", "1", "-l", "1", file, "-"]);
    return { image: fs.readFileSync(path.join(dir, "p.pgm")), text: stdout };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What pdf-lib's scanning loader finds as page 1's first content stream, decoded. */
async function scannedPage1(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const contents = doc.getPage(0).node.get(PDFName.of("Contents"));
  const first = contents instanceof PDFRef ? doc.context.lookup(contents) : undefined;
  const ref =
    first instanceof PDFRawStream ? contents : (doc.context.lookup(contents) as unknown as { get(i: number): PDFRef }).get(0);
  const s = doc.context.lookup(ref as PDFRef);
  return s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString("latin1") : "";
}

describe("one reading: tricks appended to a sealed PDF", () => {
  let base: TrickBase;
  let drawn: { image: Buffer; text: string };
  const ours = { sealingP12: { p12: testP12().p12, password: testP12().password } };

  beforeAll(async () => {
    let sealed: Uint8Array;
    ({ sealed, base } = await sealedTrickBase("sr_tricks"));
    drawn = await poppler(sealed);
    expect((await verifyPdf(sealed, ours)).verdict).toBe("VALID");
  });

  for (const form of FORMS) {
    for (const name of TRICKS) {
      it(`${name} (${form}): poppler draws a change, verify says ALTERED`, async () => {
        const pdf = trick(base, name, form);
        // The trick is real: viewers draw something else than what was sealed.
        const now = await poppler(pdf);
        expect(now.image.equals(drawn.image) && now.text === drawn.text).toBe(false);
        const v = await verifyPdf(pdf, ours);
        expect({ verdict: v.verdict, digest: firstOf(v.signatures).digestMatches }).toEqual({ verdict: "ALTERED", digest: true });
        expect(v.modifications.length).toBeGreaterThan(0);
      });
      it(`${name} (${form}), written honestly: ALTERED`, async () => {
        const v = await verifyPdf(trick(base, name, form, true), ours);
        expect(v.verdict).toBe("ALTERED");
      });
    }
  }

  it("names the decoy: an unlisted copy of an object, a second trailer, an object stream's unlisted object", async () => {
    const dup = await verifyPdf(trick(base, "dup", "classic"), ours);
    expect(dup.modifications.join(" | ")).toMatch(new RegExp(`Object ${base.contents} is written after the seal but not listed`));
    const trailer2 = await verifyPdf(trick(base, "trailer2", "xref-stream"), ours);
    expect(trailer2.modifications.join(" | ")).toMatch(/a second trailer/);
    // The scanning reader is fooled by the decoy: it finds the signed content stream, not the red one.
    expect(await scannedPage1(trick(base, "dup", "xref-stream"))).not.toContain("1 0 0 rg");
  });
});

describe("the second judge: poppler's drawing and text of the signed revision and of the whole file", () => {
  it("finds each trick on its own, and nothing in an honest update that changes no page", async () => {
    const { sealed, base } = await sealedTrickBase("sr_judge");
    const end = sealed.length;
    for (const name of TRICKS) {
      const found = await popplerDisagreements(trick(base, name, "xref-stream"), end);
      expect({ name, found: found.length > 0 }).toEqual({ name, found: true });
    }
    // Plain document information, written after the seal, draws nothing.
    const info = append(base, [{ num: base.size, body: "<< /Producer (Another tool) >>" }], {
      trailer: ` /Info ${base.size} 0 R`,
    });
    expect(await popplerDisagreements(info, end)).toEqual([]);
  });
});
