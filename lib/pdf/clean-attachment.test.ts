import { describe, expect, it } from "vitest";
import {
  ACTIVE_FIELD_TEXT,
  ACTIVE_HIDDEN_TEXT,
  ACTIVE_NAMES,
  ACTIVE_PAGE_TEXT,
  activePdf,
  pdfdetachCount,
  pdfinfoJavaScript,
  popplerText,
  qpdfNames,
} from "@/test/support/active-pdf";
import { objectStreamBomb, pdfOf } from "@/test/support/hostile-pdfs";
import { htmlToPdf, pdftotextWords, renderPage } from "@/test/support/pdf-fixtures";
import { simplePdf } from "@/test/support/simple-pdf";
import { cleanAttachmentPdf } from "./clean-attachment";
import { PdfError } from "./errors";

// A signer's PDF attachment is kept as its pages only: judged by poppler and qpdf, not only by our own parse.

describe("cleanAttachmentPdf", () => {
  it("keeps the pages as they look and nothing that acts: no script, action, launch, embedded file, form or annotation", async () => {
    const active = activePdf();
    // The fixture is what it claims, for the readers that judge the result.
    expect(await pdfinfoJavaScript(active)).toBe("yes");
    expect(await pdfdetachCount(active)).toBeGreaterThan(0);
    const before = await qpdfNames(active);
    for (const n of ["/OpenAction", "/JavaScript", "/Launch", "/SubmitForm", "/ImportData", "/XFA", "/RichMedia"])
      expect(before.names, n).toContain(n);

    const { pdf, removed } = await cleanAttachmentPdf(active);

    expect(await pdfinfoJavaScript(pdf)).toBe("no");
    expect(await pdfdetachCount(pdf)).toBe(0);
    const after = await qpdfNames(pdf);
    expect(after.pages).toBe(1);
    expect(ACTIVE_NAMES.filter((n) => after.names.has(n))).toEqual([]);
    // What the page showed is still there: its text, and the filled field's appearance drawn into it; what
    // viewers never showed (a NoView widget) is not.
    const text = await popplerText(pdf);
    expect(text).toContain(ACTIVE_PAGE_TEXT);
    expect(text).toContain(ACTIVE_FIELD_TEXT);
    expect(text).not.toContain(ACTIVE_HIDDEN_TEXT);
    expect(removed).toEqual(
      expect.arrayContaining([
        "/OpenAction",
        "/JavaScript",
        "/Launch",
        "/URI",
        "/SubmitForm",
        "/ImportData",
        "/EmbeddedFiles",
        "/AA",
        "/XFA",
        "/RichMedia",
        "/FileAttachment",
        "annotations",
      ]),
    );
  });

  it("puts the filled field's appearance where the field was", async () => {
    const { pdf } = await cleanAttachmentPdf(activePdf());
    const bbox = await popplerWordBox(pdf, "Filled");
    // The widget's /Rect is [72 500 300 530] (bottom-left origin): its text sits inside it.
    expect(bbox.xMin).toBeGreaterThanOrEqual(72);
    expect(bbox.xMax).toBeLessThanOrEqual(300);
    expect(792 - bbox.yMax).toBeGreaterThanOrEqual(500 - 1);
    expect(792 - bbox.yMin).toBeLessThanOrEqual(530 + 1);
  });

  it("keeps a layer the file turns off, off", async () => {
    const layered = pdfOf([
      "<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [6 0 R] /D << /OFF [6 0 R] >> >> >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /Properties << /L 6 0 R >> >> /Contents 4 0 R >>",
      {
        dict: "",
        stream: new TextEncoder().encode(
          "BT /F1 14 Tf 72 720 Td (Shown) Tj ET /OC /L BDC BT /F1 14 Tf 72 680 Td (Switched off) Tj ET EMC",
        ),
      },
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
      "<< /Type /OCG /Name (Draft) >>",
    ]);
    expect(await popplerText(layered)).not.toContain("Switched off");
    const { pdf } = await cleanAttachmentPdf(layered);
    const text = await popplerText(pdf);
    expect(text).toContain("Shown");
    expect(text).not.toContain("Switched off");
  });

  it("keeps a real producer's pages (Chromium: object streams, a tagged structure, links) and drops its links", async () => {
    const printed = await htmlToPdf(
      '<!doctype html><meta charset="utf-8"><h1>Bank statement</h1><p>Balance 1,234.56 EUR.</p>' +
        '<p><a href="https://bank.example/statement">Online statement</a></p>' +
        '<div style="break-before: page">Page two of the statement</div>',
    );
    expect((await qpdfNames(printed)).names).toContain("/URI");
    const { pdf, removed } = await cleanAttachmentPdf(printed);
    expect(removed).toEqual(expect.arrayContaining(["/URI", "annotations"]));
    const after = await qpdfNames(pdf);
    expect(after.pages).toBe(2);
    expect(ACTIVE_NAMES.filter((n) => after.names.has(n))).toEqual([]);
    const text = await popplerText(pdf);
    for (const t of ["Bank statement", "Balance 1,234.56 EUR.", "Online statement", "Page two of the statement"])
      expect(text).toContain(t);
    // Each page looks as it did, pixel for pixel (poppler, 36 dpi).
    for (const page of [1, 2]) expect(await pixels(pdf, page)).toEqual(await pixels(printed, page));
    // Cleaning what is clean changes nothing more: the same pages, nothing named.
    const again = await cleanAttachmentPdf(pdf);
    expect(again.removed).toEqual([]);
    expect(await popplerText(again.pdf)).toBe(text);
  });

  it("rewrites an honest PDF into the same pages, and refuses what the engine refuses", async () => {
    const honest = await simplePdf([{ text: "Page one" }, { text: "Page two" }]);
    const { pdf, removed } = await cleanAttachmentPdf(honest);
    expect(removed).toEqual([]);
    expect((await qpdfNames(pdf)).pages).toBe(2);
    expect(await popplerText(pdf)).toMatch(/Page one[\s\S]*Page two/);
    await expect(cleanAttachmentPdf(objectStreamBomb(1_000_000))).rejects.toBeInstanceOf(PdfError);
    await expect(cleanAttachmentPdf(new TextEncoder().encode("not a pdf"))).rejects.toMatchObject({ kind: "NOT_PDF" });
  });
});

/** The box of the first word poppler finds starting with `word` (`pdftotext -bbox`, top-left origin). */
async function popplerWordBox(pdf: Uint8Array, word: string) {
  const w = (await pdftotextWords(pdf)).find((x) => x.text.startsWith(word));
  if (!w) throw new Error(`poppler finds no word ${word}`);
  return w;
}

/** Page `page` as poppler draws it at 36 dpi, every pixel's RGB. */
async function pixels(pdf: Uint8Array, page: number): Promise<number[]> {
  const r = await renderPage(pdf, page, 36);
  const out: number[] = [];
  for (let y = 0; y < r.height; y++) for (let x = 0; x < r.width; x++) out.push(...r.rgb(x, y));
  return out;
}
