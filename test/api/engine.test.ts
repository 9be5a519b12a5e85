import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { closeEngine, runEngine } from "@/lib/server/engine";
import { PdfError } from "@/lib/pdf/errors";
import { decodeLayer, joinLayerParts } from "@/lib/pdf/text-layer-codec";
import { sha256Of } from "@/lib/server/blobs/store";
import { getDb, schema } from "@/lib/server/db";
import { log } from "@/lib/server/log";
import { manyGlyphs } from "../support/hostile-pdfs";

// The engine's door: worker threads with a deadline and a heap limit, and a memory of refused documents.
afterAll(() => closeEngine());

async function textPdf(pages: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) {
    const p = doc.addPage([612, 792]);
    for (let l = 0; l < 40; l++)
      p.drawText(`Line ${l} of page ${i + 1}: the quick brown fox jumps over the lazy dog {{s1|initial}}`, {
        x: 40,
        y: 750 - l * 18,
        size: 10,
        font,
      });
  }
  return doc.save();
}

const kindOf = (e: unknown) => (e instanceof PdfError ? `${e.kind}: ${e.message}` : `not a PdfError: ${String(e)}`);

describe("runEngine", () => {
  it("reads a long document in parts on several threads; the parts join into the whole layer", async () => {
    const bytes = await textPdf(9);
    const whole = decodeLayer(joinLayerParts(1, [(await runEngine("readPdf", [bytes, {}])).layer]));
    const parts = await Promise.all([0, 1, 2].map((index) => runEngine("readPdf", [bytes, { part: { index, of: 3 } }])));
    expect(parts.map((p) => p.info.pageCount)).toEqual([9, 9, 9]);
    const joined = decodeLayer(
      joinLayerParts(
        1,
        parts.map((p) => p.layer),
      ),
    );
    expect(joined.pages.map((p) => p.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(joined).toEqual(whole);
    expect(whole.pages[8]!.items[0]!.charX.length).toBe(whole.pages[8]!.items[0]!.str.length);
  });

  it("runs a task in a worker thread and returns its data", async () => {
    const bytes = await textPdf(3);
    const { info, layer } = await runEngine("readPdf", [bytes, { maxPages: 10 }]);
    expect(info).toEqual({ pageCount: 3, pages: [1, 2, 3].map(() => ({ width: 612, height: 792 })) });
    const { pages } = decodeLayer(joinLayerParts(1, [layer]));
    expect(pages[2]!.items.length).toBeGreaterThan(0);
  });

  it("terminates a task over its deadline, says so, and replaces the worker", async () => {
    const bytes = await textPdf(60);
    const err = await runEngine("readPdf", [bytes, {}], { timeoutMs: 5 }).catch((e: unknown) => e);
    expect(kindOf(err)).toMatch(/^TOO_COMPLEX: The PDF is too complex to process: processing it took longer than 0 s/);
    const again = await runEngine("readPdf", [bytes, {}]);
    expect(again.info.pageCount).toBe(60);
  });

  it("terminates a task over its heap limit", async () => {
    const before = process.env.ENGINE_MEMORY_MB;
    process.env.ENGINE_MEMORY_MB = "24";
    await closeEngine();
    try {
      const bytes = await textPdf(120);
      const err = await runEngine("readPdf", [bytes, {}]).catch((e: unknown) => e);
      expect(kindOf(err)).toMatch(/^TOO_COMPLEX: .*needed more than 24 MB/);
    } finally {
      if (before === undefined) delete process.env.ENGINE_MEMORY_MB;
      else process.env.ENGINE_MEMORY_MB = before;
      await closeEngine();
    }
    expect((await runEngine("readPdf", [await textPdf(1), {}])).info.pageCount).toBe(1);
  });

  it("survives workers that die while starting (a heap limit too small for the engine itself): the task fails, the process lives", async () => {
    const before = process.env.ENGINE_MEMORY_MB;
    process.env.ENGINE_MEMORY_MB = "3";
    await closeEngine();
    const died = vi.spyOn(log(), "error").mockImplementation(() => {});
    try {
      const err = await runEngine("readPdf", [await textPdf(1), {}]).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      // The pool replaces the dead workers, which die again: each death is logged, none is thrown. Waited
      // for by its log lines (two deaths outside a task), not by a pause that a slow machine may outlast.
      await vi.waitFor(
        () => {
          const deaths = died.mock.calls.filter(([m]) => String(m).startsWith("engine worker died outside a task"));
          expect(deaths.length).toBeGreaterThanOrEqual(2);
        },
        { timeout: 30_000, interval: 50 },
      );
    } finally {
      died.mockRestore();
      if (before === undefined) delete process.env.ENGINE_MEMORY_MB;
      else process.env.ENGINE_MEMORY_MB = before;
      await closeEngine();
    }
    expect((await runEngine("readPdf", [await textPdf(1), {}])).info.pageCount).toBe(1);
  });

  it("remembers a document refused for what it is, by its SHA-256, and refuses it again without parsing", async () => {
    // Unique bytes: the table is shared by every test file (and run) on a PostgreSQL server.
    const bytes = new Uint8Array(Buffer.concat([manyGlyphs(3_200_000), Buffer.from(`% ${Math.random()}\n`)]));
    const sha = sha256Of(bytes);
    const first = await runEngine("readPdf", [bytes, {}], { document: sha }).catch((e: unknown) => e);
    expect(kindOf(first)).toMatch(/^TOO_COMPLEX: .*glyphs/);
    const db = await getDb();
    const rows = await db.select().from(schema.documentRejections).where(eq(schema.documentRejections.sha256, sha));
    expect(rows).toEqual([expect.objectContaining({ sha256: sha, reason: "TOO_COMPLEX" })]);
    // Refused from the table, without a worker: the message says so (timing is for `npm run bench`).
    const second = await runEngine("readPdf", [bytes, {}], { document: sha }).catch((e: unknown) => e);
    expect(kindOf(second)).toMatch(/refused before/);
  });
});
