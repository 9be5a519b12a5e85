import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { degrees, PDFDocument, PDFName, StandardFonts } from "@cantoo/pdf-lib";
import { pdfErrorKind } from "@/test/support/pdf-errors";
import { beforeAll, describe, expect, it } from "vitest";
import { encryptPdf, htmlToPdf, pdftotextWords, type PopplerWord } from "../../test/support/pdf-fixtures";
import { defined, firstOf, itemAt } from "../../test/support/expect-helpers";
import { findAnchors } from "./anchors";
import { extractTextLayer, type TextLayer } from "./text-layer";
import { pdfLibFontkit } from "./fontkit";
import { hasEncryptDictionary } from "./sniff";
import { pdfOf } from "../../test/support/hostile-pdfs";

const fixtures = path.resolve(__dirname, "../../test/fixtures");
const DEJAVU = path.resolve(__dirname, "fonts/DejaVuSans.ttf");

const kindOf = pdfErrorKind;

/** Every word poppler sees is found by our layer at poppler's top-left, within 2 pt. */
function expectWordsAgree(layer: TextLayer, words: PopplerWord[]): void {
  expect(words.length).toBeGreaterThan(0);
  for (const w of words) {
    const near = defined(
      findAnchors(layer, w.text)
        .filter((o) => o.page === w.page)
        .sort((a, b) => Math.hypot(a.x - w.xMin, a.y - w.yMin) - Math.hypot(b.x - w.xMin, b.y - w.yMin))[0],
      `"${w.text}" on page ${w.page}`,
    );
    expect(Math.abs(near.x - w.xMin), `x of "${w.text}"`).toBeLessThanOrEqual(2);
    expect(Math.abs(near.y - w.yMin), `y of "${w.text}"`).toBeLessThanOrEqual(2);
  }
}

/** A new document of one page with Helvetica (not embedded) in it. */
async function pageWithHelvetica(size: [number, number]) {
  const doc = await PDFDocument.create();
  const page = doc.addPage(size);
  const helv = await doc.embedFont(StandardFonts.Helvetica);
  return { doc, page, helv };
}

describe("extractTextLayer on a Chromium PDF", () => {
  let pdf: Uint8Array;
  let layer: TextLayer;
  beforeAll(async () => {
    pdf = await htmlToPdf(fs.readFileSync(path.join(fixtures, "anchors.html"), "utf8"));
    layer = await extractTextLayer(pdf);
  });

  it("gives page sizes and 1-based page numbers", () => {
    expect(layer.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    // A4 as Chromium rounds it.
    expect(firstOf(layer.pages).width).toBeCloseTo(595, 0);
    expect(firstOf(layer.pages).height).toBeCloseTo(842, 0);
    expect(firstOf(layer.pages).rotation).toBe(0);
  });

  it("survives a JSON round trip unchanged (it is stored per document version)", () => {
    expect(JSON.parse(JSON.stringify(layer))).toEqual(layer);
  });

  it("has one charX per character, rising, ending inside the item", () => {
    for (const item of layer.pages.flatMap((p) => p.items)) {
      expect(item.charX).toHaveLength(item.str.length);
      expect(item.charX[0]).toBe(0);
      for (let i = 1; i < item.charX.length; i++) expect(item.charX[i]).toBeGreaterThanOrEqual(itemAt(item.charX, i - 1) - 0.5);
      expect(item.charX.at(-1)).toBeLessThan(item.width);
    }
  });

  it("takes character offsets from glyph widths: W is wider than l", () => {
    const item = firstOf(layer.pages).items.find((i) => i.str.startsWith("WWWWWWWWWW"))!;
    const wWidth = itemAt(item.charX, 1) - itemAt(item.charX, 0);
    const l = item.str.indexOf("l");
    const lWidth = itemAt(item.charX, l + 1) - itemAt(item.charX, l);
    // Liberation Sans: W is 944 units wide, l 222 (4.25×). Chromium may nudge glyphs with TJ
    // adjustments (its newer builds do, by a fraction of a point), so only the order of magnitude is
    // fixed here; a share of the character count would give 1.
    expect(wWidth / lWidth).toBeGreaterThan(3);
    expect(wWidth / lWidth).toBeLessThan(5);
  });

  it("agrees with pdftotext -bbox on every word", async () => {
    expectWordsAgree(layer, await pdftotextWords(pdf));
  });
});

describe("extractTextLayer on PDFs written by pdf-lib", () => {
  it("reads a standard 14 font (not embedded) with the AFM metrics poppler uses", async () => {
    const { doc, page, helv } = await pageWithHelvetica([400, 300]);
    const times = await doc.embedFont(StandardFonts.TimesRomanBold);
    page.drawText("Helvetica: AVATAR {{s1|signature|120|40}}", { x: 20, y: 250, size: 14, font: helv });
    page.drawText("Times bold: {{signet:sig}}", { x: 20, y: 200, size: 10, font: times });
    const pdf = await doc.save();
    const layer = await extractTextLayer(pdf);
    expect(firstOf(layer.pages).items.map((i) => i.str)).toEqual([
      "Helvetica: AVATAR {{s1|signature|120|40}}",
      "Times bold: {{signet:sig}}",
    ]);
    expectWordsAgree(layer, await pdftotextWords(pdf));
  });

  it("reads an embedded Unicode font subset (Greek, Cyrillic, accents) through its ToUnicode map", async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(pdfLibFontkit);
    const font = await doc.embedFont(fs.readFileSync(DEJAVU), { subset: true });
    const page = doc.addPage([500, 200]);
    page.drawText("Ελληνικά Кириллица Çédille {{s1|date}}", { x: 30, y: 120, size: 16, font });
    const pdf = await doc.save();
    const layer = await extractTextLayer(pdf);
    expect(firstOf(firstOf(layer.pages).items).str).toBe("Ελληνικά Кириллица Çédille {{s1|date}}");
    expectWordsAgree(layer, await pdftotextWords(pdf));
  });

  it("applies crop box, /Rotate 180 and 270, and form XObjects", async () => {
    const src = await PDFDocument.create();
    const helv = await src.embedFont(StandardFonts.Helvetica);
    const inner = src.addPage([300, 200]);
    inner.drawText("Inside a form {{signet:form}}", { x: 10, y: 150, size: 12, font: helv });
    const doc = await PDFDocument.create();
    const embedded = await doc.embedPage((await PDFDocument.load(await src.save())).getPage(0));
    const font = await doc.embedFont(StandardFonts.Helvetica);
    // A Type 3 font whose FontMatrix turns its glyphs a quarter (poppler turns the text by it), shown
    // upright and with a text matrix that turns it back.
    const names = { 65: "A", 66: "B", 67: "C" };
    const t3 = doc.context.register(
      doc.context.obj({
        Type: "Font",
        Subtype: "Type3",
        FontBBox: [0, 0, 1000, 1000],
        FontMatrix: [0, 0.001, -0.001, 0, 0, 0],
        CharProcs: doc.context.obj(
          Object.fromEntries(Object.values(names).map((n) => [n, doc.context.register(doc.context.stream("600 0 d0"))])),
        ),
        Encoding: doc.context.obj({ Type: "Encoding", Differences: [65, "A", "B", "C"] }),
        FirstChar: 65,
        LastChar: 67,
        Widths: [600, 600, 600],
      }),
    );
    for (const angle of [180, 270]) {
      const page = doc.addPage([600, 400]);
      page.setCropBox(50, 40, 500, 330); // x, y, width, height
      page.setRotation(degrees(angle));
      page.drawText(`Rotated ${angle}: {{signet:r${angle}}}`, { x: 80, y: 300, size: 12, font });
      page.drawPage(embedded, { x: 100, y: 60, xScale: 1.5, yScale: 1.5 });
      page.node.setFontDictionary(PDFName.of("T3"), t3);
      page.node.addContentStream(
        doc.context.register(
          doc.context.stream("BT /T3 14 Tf 300 250 Td (ABC) Tj ET BT /T3 14 Tf 0 -1 1 0 300 200 Tm (CAB) Tj ET"),
        ),
      );
    }
    const pdf = await doc.save();
    const layer = await extractTextLayer(pdf);
    expect(layer.pages.map((p) => [p.width, p.height, p.rotation])).toEqual([
      [500, 330, 180],
      [330, 500, 270],
    ]);
    expect(findAnchors(layer, "{{signet:form}}")).toHaveLength(2);
    expectWordsAgree(layer, await pdftotextWords(pdf));
  });
});

describe("extractTextLayer on hand-written content streams", () => {
  it("follows every text operator, skips inline images, and agrees with pdftotext -bbox", async () => {
    const { doc, page, helv } = await pageWithHelvetica([612, 792]);
    page.node.setFontDictionary(PDFName.of("F1"), helv.ref);
    const content = [
      "BT /F1 12 Tf 50 740 Td (Plain text here) Tj ET",
      "BT /F1 12 Tf 0.5 Tc 50 720 Td (Char spaced) Tj ET",
      "BT /F1 12 Tf 0 Tc 6 Tw 50 700 Td (Word spaced words {{signet:tw}}) Tj ET",
      "BT /F1 12 Tf 0 Tw 150 Tz 50 680 Td (Scaled wide {{signet:tz}}) Tj ET",
      "BT /F1 12 Tf 100 Tz 50 660 Td [(Kern)-200(ed)120( text )-3000( {{signet:tj}})] TJ ET",
      // Inline image whose data holds "EI" and ")" that must not be read as operators.
      "BI /W 8 /H 1 /BPC 8 /CS /G ID xEIy)(EI EI",
      "BT /F1 12 Tf 14 TL 50 640 Td (Line one) Tj T* (Line two) Tj (Line three) ' 2 1 (Line four) \" ET",
      "BT /F1 12 Tf 50 560 Td 3 Ts (Raised) Tj 0 Ts ( baseline) Tj ET",
      "BT /F1 12 Tf 2 0 0 2 50 520 Tm (Matrix big) Tj ET",
      "q 0.5 0 0 0.5 100 100 cm BT /F1 24 Tf 0 0 Td (Scaled by cm) Tj ET Q",
      "BT /F1 12 Tf 50 480 Td (Escapes \\(paren\\) back\\\\slash \\101BC) Tj ET",
      "BT /F1 12 Tf 50 460 Td <48657820737472696e67> Tj ET",
      "BT /F1 12 Tf 0 1 -1 0 300 300 Tm (Turned text {{signet:up}}) Tj ET",
    ].join("\n");
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(content)));
    const pdf = await doc.save();
    const layer = await extractTextLayer(pdf);
    const { items } = firstOf(layer.pages);
    const text = items.map((i) => i.str).join("|");
    expect(text).toContain("Escapes (paren) back\\slash ABC");
    expect(text).toContain("Hex string");
    expect(text).not.toContain("xEIy");
    expect(firstOf(findAnchors(layer, "{{signet:up}}")).height).toBeGreaterThan(50); // runs upwards
    expectWordsAgree(layer, await pdftotextWords(pdf));
  });
});

describe("extractTextLayer font encodings without ToUnicode", () => {
  it("reads the encoding inside an embedded Type 1 program (TeX fonts), then /Differences", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([300, 200]);
    // Only the clear-text head of a Type 1 program matters here: that is where its encoding is.
    const program =
      "%!PS-AdobeFont-1.0: CMSY10\n/Encoding 256 array\n0 1 255 {1 index exch /.notdef put} for\ndup 15 /bullet put\ndup 58 /period put\nreadonly def\ncurrentfile eexec\n";
    const fontFile = doc.context.register(doc.context.stream(program, { Length1: program.length, Length2: 0, Length3: 0 }));
    const descriptor = doc.context.register(
      doc.context.obj({ Type: "FontDescriptor", FontName: "CMSY10", Flags: 4, Ascent: 750, Descent: -250, FontFile: fontFile }),
    );
    const widths = doc.context.obj(Array.from({ length: 256 }, () => 500));
    const font = doc.context.register(
      doc.context.obj({
        Type: "Font",
        Subtype: "Type1",
        BaseFont: "CMSY10",
        FirstChar: 0,
        LastChar: 255,
        Widths: widths,
        FontDescriptor: descriptor,
        Encoding: doc.context.obj({ Type: "Encoding", Differences: [65, "Alpha"] }),
      }),
    );
    page.node.setFontDictionary(PDFName.of("F1"), font);
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream("BT /F1 12 Tf 20 150 Td <0F3A41> Tj ET")));
    const layer = await extractTextLayer(await doc.save());
    // 0x0F is a bullet and 0x3A a period in the program (StandardEncoding would say nothing and
    // ":"), and /Differences maps 0x41 to Alpha.
    expect(firstOf(firstOf(layer.pages).items).str).toBe("•.Α");
    expect(firstOf(firstOf(layer.pages).items).charX).toEqual([0, 6, 12]);
  });
});

describe("extractTextLayer refuses bad input with a PdfError", () => {
  it("NOT_PDF for bytes that are not a PDF", async () => {
    expect(await kindOf(extractTextLayer(new TextEncoder().encode("hello, not a pdf")))).toBe("NOT_PDF");
    expect(await kindOf(extractTextLayer(new Uint8Array(0)))).toBe("NOT_PDF");
  });

  it("UNPARSEABLE for a truncated PDF and for junk after the header", async () => {
    const pdf = await htmlToPdf(fs.readFileSync(path.join(fixtures, "anchors.html"), "utf8"));
    expect(await kindOf(extractTextLayer(pdf.subarray(0, Math.floor(pdf.length / 2))))).toBe("UNPARSEABLE");
    expect(await kindOf(extractTextLayer(new TextEncoder().encode("%PDF-1.7\n\x00\x01garbage")))).toBe("UNPARSEABLE");
  });

  it("ENCRYPTED for a password-protected PDF", async () => {
    const pdf = await encryptPdf(await htmlToPdf(fs.readFileSync(path.join(fixtures, "anchors.html"), "utf8")));
    expect(await kindOf(extractTextLayer(pdf))).toBe("ENCRYPTED");
  });

  it("ENCRYPTED for an /Encrypt that only a parser finds (behind a comment in the trailer)", async () => {
    const plain = pdfOf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
      "<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>",
    ]);
    const text = Buffer.from(plain).toString("latin1");
    const pdf = new Uint8Array(Buffer.from(text.replace("/Root 1 0 R >>", "/Root 1 0 R /Encrypt%\n4 0 R >>"), "latin1"));
    expect(hasEncryptDictionary(pdf)).toBe(false);
    expect(await kindOf(extractTextLayer(plain))).toBe("resolved");
    expect(await kindOf(extractTextLayer(pdf))).toBe("ENCRYPTED");
  });

  it("TOO_MANY_PAGES above maxPages", async () => {
    const pdf = await htmlToPdf(fs.readFileSync(path.join(fixtures, "anchors.html"), "utf8"));
    expect(await kindOf(extractTextLayer(pdf, { maxPages: 2 }))).toBe("TOO_MANY_PAGES");
    expect(await kindOf(extractTextLayer(pdf, { maxPages: 3 }))).toBe("resolved");
  });

  it("TOO_COMPLEX past the time limit or the glyph limit", async () => {
    const pdf = await htmlToPdf(fs.readFileSync(path.join(fixtures, "anchors.html"), "utf8"));
    expect(await kindOf(extractTextLayer(pdf, { maxGlyphs: 50 }))).toBe("TOO_COMPLEX");
    expect(await kindOf(extractTextLayer(pdf, { timeoutMs: 0 }))).toBe("TOO_COMPLEX");
  });

  it("TOO_COMPLEX for a decompression bomb, without inflating it whole", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    // 80 MB of spaces deflate to about 80 KB; the cap per stream is 64 MB.
    const bomb = doc.context.stream(zlib.deflateSync(Buffer.alloc(80 * 1024 * 1024, 32), { level: 1 }), {
      Filter: "FlateDecode",
    });
    page.node.set(PDFName.of("Contents"), doc.context.register(bomb));
    const pdf = await doc.save();
    const before = process.memoryUsage().rss;
    expect(await kindOf(extractTextLayer(pdf))).toBe("TOO_COMPLEX");
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});
