import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodePDFRawStream, PDFContext, PDFDocument, PDFRawStream, StandardFonts } from "@cantoo/pdf-lib";
import { HOSTILE_PDFS, scannedObjectStreamBomb } from "@/test/support/hostile-pdfs";
import { itemAt } from "@/test/support/expect-helpers";
import { pdfErrorKind } from "@/test/support/pdf-errors";
import { inspectPdf } from "./inspect";
import { extractTextLayer } from "./text-layer";
import { LIMITS, newBudget, withBudget } from "./limits";

const refusal = pdfErrorKind;

// Each kind stops inside the engine's own budgets (a named limit, not the clock), long before the
// pool's deadline would fire: the refusal's words say which stopped it (never the time limit), so no
// wall-clock bound is needed; how fast each is refused is for `npm run bench`.
describe("the engine's budgets stop hostile PDFs early", () => {
  for (const [name, make] of Object.entries(HOSTILE_PDFS)) {
    it(`refuses a ${name} by a budget, well before the deadline`, async () => {
      const bytes = make();
      expect(bytes.length).toBeLessThan(300_000);
      const outcome = extractTextLayer(bytes, { maxPages: 500, timeoutMs: 60_000 });
      const message = await outcome.then(
        () => "resolved",
        (e: unknown) => String(e),
      );
      expect(["TOO_COMPLEX", "UNPARSEABLE"]).toContain(await refusal(outcome));
      expect(message).not.toMatch(/time limit/);
    });
  }

  it("says which limit a bomb ran into", async () => {
    await expect(extractTextLayer(HOSTILE_PDFS["double Flate bomb (1 GB)"]())).rejects.toThrow(/decompresses to more than 64 MB/);
    // Stopped inside pdf-lib's decoders by the guard, not after they gave back the whole stream.
    await expect(extractTextLayer(HOSTILE_PDFS["ASCIIHex/Flate chain bomb"]())).rejects.toThrow(
      /a stream decompresses to more than 64 MB/,
    );
    await expect(extractTextLayer(HOSTILE_PDFS["object-stream bomb (10⁶ objects)"]())).rejects.toThrow(
      /more than 400,000 objects/,
    );
    await expect(extractTextLayer(HOSTILE_PDFS["Form XObject DAG (10²⁰ runs)"]())).rejects.toThrow(/draws forms more than/);
    await expect(inspectPdf(HOSTILE_PDFS["DAG page tree (10⁹ leaves)"]())).rejects.toThrow(/reaches a node twice/);
  });

  it("still reads ordinary documents, forms drawn many times included, and counts pages exactly", async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    for (let i = 0; i < 12; i++)
      doc.addPage([300, 200]).drawText(`Page ${i + 1} {{s1|signature|100|30}}`, { x: 20, y: 100, size: 10, font });
    const bytes = await doc.save();
    const layer = await extractTextLayer(bytes);
    expect(layer.pages).toHaveLength(12);
    const { items } = itemAt(layer.pages, 11);
    expect(items.map((i) => i.str).join("")).toContain("Page 12");
    await expect(inspectPdf(bytes, { maxPages: 10 })).rejects.toThrow("The PDF has 12 pages; the limit is 10");
    expect(LIMITS.formRuns).toBeGreaterThanOrEqual(10_000);
  });
});

// The two guards of limits.ts sit on pdf-lib's internals (DecodeStream.prototype.ensureBuffer and
// PDFContext.prototype.assign): each test here fails if its guard is not installed on the library the
// engine imports.
describe("the guards on pdf-lib's own decoders and parser", () => {
  const flate = (bytes: number) => {
    const ctx = PDFContext.create();
    return PDFRawStream.of(ctx.obj({ Filter: "FlateDecode" }), zlib.deflateSync(Buffer.alloc(bytes), { level: 9 }));
  };

  it("charges what a decoder's buffer grows by to the budget of the document being read", async () => {
    const budget = newBudget();
    const out = await withBudget(async () => decodePDFRawStream(flate(1024 * 1024)).decode(), budget);
    expect(out.length).toBe(1024 * 1024);
    const charged = LIMITS.decodedBytes - budget.remaining;
    expect(charged).toBeGreaterThanOrEqual(1024 * 1024);
    expect(charged).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(budget.exceeded).toBeUndefined();
  });

  it("stops the decoders once the document's streams have used its budget", async () => {
    const budget = { ...newBudget(), remaining: 5 * 1024 * 1024 };
    await withBudget(async () => {
      decodePDFRawStream(flate(2 * 1024 * 1024)).decode();
      expect(() => decodePDFRawStream(flate(4 * 1024 * 1024)).decode()).toThrow(/its streams decompress to more than/);
    }, budget);
    expect(budget.exceeded).toMatch(/its streams decompress/);
    // Exhausted stays exhausted: even a small stream is refused now.
    await expect(withBudget(async () => decodePDFRawStream(flate(4096)).decode(), budget)).rejects.toThrow(/too complex/);
  });

  it("stops a decoder at 64 MB, before it has made the whole stream", async () => {
    const budget = newBudget();
    await expect(withBudget(async () => decodePDFRawStream(flate(80 * 1024 * 1024)).decode(), budget)).rejects.toThrow(
      /a stream decompresses to more than 64 MB/,
    );
    expect(budget.exceeded).toMatch(/64 MB/);
    expect(LIMITS.decodedBytes - budget.remaining).toBeLessThanOrEqual(LIMITS.streamBytes);
  });

  it("counts the objects pdf-lib's scanning parser makes from an object stream (a file read by scanning)", async () => {
    const budget = newBudget();
    await expect(withBudget(() => inspectPdf(scannedObjectStreamBomb(1_000_000)), budget)).rejects.toThrow(
      /more than 400,000 objects/,
    );
    // Counted object by object as the parser made them (not refused from the stream's /N).
    expect(budget.objects).toBeLessThan(0);
  });
});
