/**
 * /ActualText (PDF 32000-1, 14.9.4) in the text layer, against poppler's `pdftotext -bbox`. None of
 * the producers at hand (Chromium, LibreOffice) writes it for text, so the PDF is written by hand.
 */
import { describe, expect, it } from "vitest";
import { defined, firstOf } from "../../../test/support/expect-helpers";
import { pdftotextWords } from "../../../test/support/pdf-fixtures";
import { pdfOf } from "../../../test/support/hostile-pdfs";
import { findAnchors } from "../anchors";
import { extractTextLayer, type TextLayer } from "../text-layer";

const page = [
  // The case of the issue: glyphs that spell "S1GN" and stand for "Signature".
  "BT /F1 12 Tf 72 700 Td (Sign here: ) Tj /Span <</ActualText (Signature)>> BDC (S1GN) Tj EMC ( please) Tj ET",
  // UTF-16 with its byte order mark, over a TJ with an adjustment.
  "BT /F1 14 Tf 72 660 Td /Span <</ActualText <FEFF0047007200FC00DF0065>>> BDC [(G) 120 (rs)] TJ EMC ET",
  // poppler honours ActualText on /Span only.
  "BT /F1 12 Tf 72 630 Td /P <</ActualText (Ignored)>> BDC (Kept) Tj EMC ET",
  // Character spacing: poppler takes the last glyph's off the span.
  "BT /F1 12 Tf 2 Tc 72 560 Td /Span <</ActualText (Spaced)>> BDC (SPC) Tj EMC ET",
  // Turned a quarter: the text runs upwards.
  "q 0 1 -1 0 300 300 cm BT /F1 12 Tf 0 0 Td /Span <</ActualText (Turned)>> BDC (TRN) Tj EMC ET Q",
  // Named in /Properties, drawn by a form whose own resources have none.
  "/X1 Do",
].join("\n");

function actualTextPdf(): Uint8Array {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /Properties << /AT1 6 0 R >> /XObject << /X1 7 0 R >> >> /Contents 4 0 R >>",
    { dict: "", stream: new Uint8Array(Buffer.from(page, "latin1")) },
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /ActualText ({{signet:named}}) >>",
    {
      dict: "/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >>",
      stream: new Uint8Array(Buffer.from("BT /F1 12 Tf 72 600 Td /Span /AT1 BDC (N4M3D) Tj EMC ET", "latin1")),
    },
  ]);
}

/** The occurrence of `text` nearest to poppler's box for it, with its box edges. */
function nearest(layer: TextLayer, text: string, x: number, y: number) {
  const o = findAnchors(layer, text).sort((a, b) => Math.hypot(a.x - x, a.y - y) - Math.hypot(b.x - x, b.y - y))[0];
  return o && { xMin: o.x, yMin: o.y, xMax: o.x + o.width, yMax: o.y + o.height };
}

describe("/ActualText in the text layer", () => {
  it("reads the glyphs of a /Span with ActualText as that text, over the glyphs' box, as pdftotext -bbox does", async () => {
    const pdf = actualTextPdf();
    const layer = await extractTextLayer(pdf);
    const { items } = firstOf(layer.pages);
    const text = items.map((i) => i.str).join("\n");
    expect(text).toContain("Sign here: Signature please");
    expect(text).not.toContain("S1GN");
    for (const s of ["Grüße", "Kept", "Spaced", "Turned"]) expect(text).toContain(s);

    // pdftotext 22.12 (Debian 12) predates named property lists for ActualText (poppler f9d958dd,
    // 2022-12-27): it reads the form's glyphs, "N4M3D", which is checked by its box below.
    const words = (await pdftotextWords(pdf)).filter((w) => w.text !== "N4M3D");
    expect(words.map((w) => w.text)).toEqual(expect.arrayContaining(["Signature", "Grüße", "Kept", "Spaced", "Turned"]));
    for (const w of words) {
      const box = defined(nearest(layer, w.text, w.xMin, w.yMin), `"${w.text}"`);
      for (const edge of ["xMin", "yMin", "xMax", "yMax"] as const)
        expect(Math.abs(box[edge] - w[edge]), `${edge} of "${w.text}"`).toBeLessThanOrEqual(2);
    }
  });

  it("reads a property list named in /Properties, found from inside a form, over the box of its glyphs", async () => {
    const pdf = actualTextPdf();
    const layer = await extractTextLayer(pdf);
    expect(firstOf(layer.pages).items.map((i) => i.str)).toContain("{{signet:named}}");
    const glyphs = (await pdftotextWords(pdf)).find((w) => w.text === "N4M3D" || w.text === "{{signet:named}}")!;
    const box = nearest(layer, "{{signet:named}}", glyphs.xMin, glyphs.yMin)!;
    for (const edge of ["xMin", "yMin", "xMax", "yMax"] as const)
      expect(Math.abs(box[edge] - glyphs[edge])).toBeLessThanOrEqual(2);
  });
});
