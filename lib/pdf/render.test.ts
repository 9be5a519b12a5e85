import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import jpeg from "jpeg-js";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { xobjectDag } from "@/test/support/hostile-pdfs";
import { PdfError } from "./errors";
import { imageSize, MAX_PIXELS, renderPage } from "./render";

const A4 = { width: 595.28, height: 841.89 };
const size = (b: Uint8Array) => {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
};

async function textPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2])
    doc.addPage([A4.width, A4.height]).drawText(`Page ${n} of the agreement`, { x: 72, y: 700, size: 14, font });
  return doc.save();
}

/** A page that is one photograph-like image (noise): its PNG is large, its JPEG much smaller. */
async function scanPdf(): Promise<Uint8Array> {
  const w = 800;
  const h = 1100;
  const data = crypto.randomBytes(w * h * 4);
  const doc = await PDFDocument.create();
  const img = await doc.embedJpg(jpeg.encode({ data, width: w, height: h }, 90).data);
  doc.addPage([A4.width, A4.height]).drawImage(img, { x: 0, y: 0, width: A4.width, height: A4.height });
  return doc.save();
}

describe("renderPage (pdftoppm)", () => {
  it("draws the asked page at the asked width, the page's proportions kept, as a compact PNG", async () => {
    const pdf = await textPdf();
    const one = await renderPage(pdf, { page: 2, pageSize: A4, width: 720 });
    expect(one.type).toBe("image/png");
    expect(one.bytes[25]).toBe(3); // a palette (render-png.ts): a page of text
    expect(one.bytes.length).toBeLessThan(20_000);
    expect(Buffer.from(one.bytes.subarray(1, 4)).toString("latin1")).toBe("PNG");
    expect(size(one.bytes)).toEqual({ width: 720, height: Math.round((720 * A4.height) / A4.width) });
    expect(one.width).toBe(720);
    const other = await renderPage(pdf, { page: 1, pageSize: A4, width: 720 });
    expect(Buffer.from(other.bytes).equals(Buffer.from(one.bytes))).toBe(false);
  });

  it("keeps a scan as a JPEG when that is smaller", async () => {
    const drawn = await renderPage(await scanPdf(), { page: 1, pageSize: A4, width: 960 });
    expect(drawn.type).toBe("image/jpeg");
    expect([drawn.bytes[0], drawn.bytes[1]]).toEqual([0xff, 0xd8]);
    expect(drawn.bytes.length).toBeLessThan(2_000_000);
  });

  it("draws a very tall page narrower rather than past MAX_PIXELS", () => {
    const tall = imageSize({ width: 100, height: 10_000 }, 3000);
    expect(tall.width * tall.height).toBeLessThanOrEqual(MAX_PIXELS);
    expect(tall.height / tall.width).toBeCloseTo(100, 0);
    expect(imageSize(A4, 3000)).toEqual({ width: 3000, height: Math.round((3000 * A4.height) / A4.width) });
  });

  it("refuses what it cannot draw, within its deadline: not a PDF, no such page, a page too costly", async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => null,
        (e: unknown) => e,
      );
    const notPdf = await refusal(renderPage(new TextEncoder().encode("hello"), { page: 1, pageSize: A4, width: 480 }));
    expect(notPdf).toBeInstanceOf(PdfError);
    expect((notPdf as PdfError).kind).toBe("UNPARSEABLE");
    const beyond = await refusal(renderPage(await textPdf(), { page: 3, pageSize: A4, width: 480 }));
    expect((beyond as PdfError).kind).toBe("UNPARSEABLE");
    expect(((await refusal(renderPage(await textPdf(), { page: 0, pageSize: A4, width: 480 }))) as PdfError).kind).toBe(
      "OUT_OF_PAGE",
    );
    const slow = await refusal(
      renderPage(xobjectDag(), { page: 1, pageSize: { width: 612, height: 792 }, width: 480, timeoutMs: 1500 }),
    );
    // Stopped by its 1.5-s limit, not drawn to the end (minutes, past the test's timeout).
    expect((slow as PdfError).kind).toBe("TOO_COMPLEX");
    expect((slow as PdfError).message).toMatch(/took longer than 2 s/);
  });
});
