import zlib from "node:zlib";
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { firstOf, itemAt } from "../../../test/support/expect-helpers";
import { pdfOf } from "../../../test/support/hostile-pdfs";
import { pdftotext, pdftotextWords } from "../../../test/support/pdf-fixtures";
import { anchorsOf } from "../../../test/support/seal-fixtures";
import { loadPdf } from "../load";
import { extractTextLayer } from "../text-layer";
import { removeTextInBoxes } from "./redact";

/** A one-page PDF (Helvetica as /F1) whose content stream is exactly `content`. */
async function pdfWithContent(content: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  page.node.setFontDictionary(PDFName.of("F1"), font.ref);
  const data = zlib.deflateSync(Buffer.from(content, "latin1"));
  const stream = PDFRawStream.of(doc.context.obj({ Filter: "FlateDecode", Length: data.length }), new Uint8Array(data));
  page.node.set(PDFName.of("Contents"), doc.context.register(stream));
  return doc.save();
}

function pageContentOf(pdf: Uint8Array): Promise<string> {
  return PDFDocument.load(pdf).then((doc) => {
    const contents = doc.getPage(0).node.Contents();
    return contents instanceof PDFRawStream ? Buffer.from(zlib.inflateSync(contents.getContents())).toString("latin1") : "";
  });
}

async function redactAnchors(pdf: Uint8Array): Promise<{ out: Uint8Array; removed: number[]; refused: number[] }> {
  const anchors = await anchorsOf(pdf);
  expect(anchors.length).toBeGreaterThan(0);
  const doc = await loadPdf(pdf);
  const { removed, refused } = removeTextInBoxes(doc, anchors);
  return { out: await doc.save(), removed, refused };
}

// A 2 x 2 RGB inline image (BI ... ID <12 bytes> EI), whose data contains the bytes "EI".
const INLINE_IMAGE = "BI /W 2 /H 2 /CS /RGB /BPC 8 ID \xff\x45\x49\x80\x00\x00\x00\xff\x00\x00\x00\xff EI";

describe("removeTextInBoxes on hand-written content streams", () => {
  it("rewrites Tj, TJ (with kerning), ' and \" and keeps every other glyph where it was", async () => {
    const pdf = await pdfWithContent(
      [
        "BT /F1 12 Tf 14 TL 72 700 Td (Tj line {{s1|date}} tail) Tj",
        "T* [(TJ line ) -250 ({{s1|sig) 50 (nature|150|50}}) -100 ( after)] TJ",
        "(Quote line {{signet:q1}} end) '",
        '2 1 (Dquote line {{signet:q2}} end) " ET',
      ].join("\n"),
    );
    const before = await pdftotextWords(pdf);
    const { out, removed } = await redactAnchors(pdf);
    expect(removed.every((n) => n > 0)).toBe(true);
    const text = await pdftotext(out);
    expect(text).not.toContain("{{");
    expect(text).not.toContain("}}");
    const after = await pdftotextWords(out);
    for (const word of ["tail", "after", "end", "line", "Dquote"]) {
      const a = before.filter((w) => w.text === word);
      const b = after.filter((w) => w.text === word);
      expect(b.length).toBe(a.length);
      a.forEach((w, i) => {
        const v = itemAt(b, i);
        expect(Math.abs(w.xMin - v.xMin) + Math.abs(w.yMin - v.yMin)).toBeLessThan(0.01);
      });
    }
  });

  it("keeps an inline image that sits between two text operators, and text whose string contains EI", async () => {
    // The lexer reports where an operator ends, not where its operands begin; here the image lies
    // between the previous operator and the Tj's operand, and must survive the Tj's rewrite.
    const pdf = await pdfWithContent(
      `BT /F1 12 Tf 72 700 Td (LEIPZIG {{s1|date}} EIGHT) Tj 0 -50 Td ${INLINE_IMAGE} ({{signet:after-image}} kept) Tj ET`,
    );
    const { out } = await redactAnchors(pdf);
    const text = await pdftotext(out);
    expect(text).not.toContain("{{");
    for (const kept of ["LEIPZIG", "EIGHT", "kept"]) expect(text).toContain(kept);
    expect(await pageContentOf(out)).toContain(INLINE_IMAGE);
  });

  it("reports 0 for a box without text and leaves such a page's content untouched", async () => {
    const pdf = await pdfWithContent("BT /F1 12 Tf 72 700 Td (Nothing to remove here) Tj ET");
    const doc = await loadPdf(pdf);
    const before = doc.getPage(0).node.get(PDFName.of("Contents"));
    const { removed } = removeTextInBoxes(doc, [{ page: 1, x: 300, y: 300, width: 50, height: 50 }]);
    expect(removed).toEqual([0]);
    expect(doc.getPage(0).node.get(PDFName.of("Contents"))).toBe(before);
  });

  it("leaves text that reads as an anchor only through /ActualText: its glyphs are other text", async () => {
    // The glyphs drawn are "S1GN"; only the marked content's /ActualText says "{{signet:at}}". Removing
    // them would remove what the signer saw.
    const pdf = await pdfWithContent(
      "BT /F1 12 Tf 72 700 Td (Before ) Tj /Span <</MCID 0 /ActualText ({{signet:at}})>> BDC (S1GN) Tj EMC ( after) Tj ET",
    );
    expect(await pdftotext(pdf)).toContain("{{signet:at}}");
    const { out, removed, refused } = await redactAnchors(pdf);
    expect({ removed, refused }).toEqual({ removed: [0], refused: [0] });
    const raw = await pageContentOf(out);
    expect(raw).toContain("(S1GN) Tj");
    expect(raw).toContain("ActualText");
  });

  it("an invisible or oversized token over a visible clause takes nothing with it", async () => {
    const cases = [
      // Invisible (Tr 3), in a huge font, drawn over "I do NOT accept".
      "BT /F1 12 Tf 72 700 Td (I do NOT accept) Tj ET BT 3 Tr /F1 40 Tf 60 690 Td ({{s1|date}}) Tj ET",
      // Character spacing spreads a small token over the clause.
      "BT /F1 12 Tf 72 700 Td (I do NOT accept) Tj ET BT /F1 6 Tf 30 Tc 72 700 Td ({{s1|date}}) Tj ET",
      // White text in a large font drawn over it.
      "BT /F1 12 Tf 72 700 Td (I do NOT accept) Tj ET BT 1 1 1 rg /F1 30 Tf 60 695 Td ({{s1|date}}) Tj ET",
    ];
    for (const content of cases) {
      const pdf = await pdfWithContent(content);
      const { out, refused } = await redactAnchors(pdf);
      expect({ content, refused }).toEqual({ content, refused: [0] });
      const text = await pdftotext(out);
      for (const word of ["NOT", "accept"]) expect({ content, word, kept: text.includes(word) }).toMatchObject({ kept: true });
      expect(await pageContentOf(out)).toContain("(I do NOT accept) Tj");
    }
    // The same token on a line of its own beside other text is its own box: removed, the rest kept.
    const fair = await pdfWithContent("BT /F1 12 Tf 72 700 Td (Signature: {{s1|date}} I do NOT accept) Tj ET");
    const { out, removed, refused } = await redactAnchors(fair);
    expect({ removed, refused }).toEqual({ removed: [11], refused: [] });
    const text = await pdftotext(out);
    expect(text).not.toContain("{{");
    expect(text).toContain("Signature:");
    expect(text).toContain("I do NOT accept");
  });

  it("removes exactly the glyphs the reader found: nested forms, size 0, none shown without a font", async () => {
    // 14 nested forms, each drawing a letter and the next form (the depth limit, 100 as poppler's, is walker.test.ts's).
    const forms = Array.from({ length: 14 }, (_, i) => ({
      dict: `/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /X ${7 + i} 0 R >> >>`,
      stream: new Uint8Array(
        Buffer.from(`BT /F1 12 Tf 72 ${700 - 20 * i} Td (${String.fromCharCode(65 + i)}) Tj ET /X Do`, "latin1"),
      ),
    }));
    const content = "BT 14 TL 72 700 Td (nofont) ' ET BT /F1 0 Tf 300 600 Td (zero) Tj ET /X Do";
    const pdf = pdfOf([
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /XObject << /X 6 0 R >> >> /Contents 4 0 R >>",
      { dict: "", stream: new Uint8Array(Buffer.from(content, "latin1")) },
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      ...forms,
    ]);
    const { items } = firstOf((await extractTextLayer(pdf)).pages);
    const found = items.map((i) => i.str).join("");
    expect(found).toBe("zeroABCDEFGHIJKLMN");
    const doc = await loadPdf(pdf);
    const { removed } = removeTextInBoxes(doc, [{ page: 1, x: 0, y: 0, width: 612, height: 792 }]);
    expect(removed).toEqual([found.length]);
    // Nothing is left that poppler could read: the reader saw every glyph the redactor removed.
    expect((await pdftotext(await doc.save())).replace(/\s/g, "")).toBe("");
  });
});
