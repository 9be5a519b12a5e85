/**
 * The benchmark's document (300 Chromium pages, 600 anchors) read correctly: every anchor found, at
 * poppler's position. Its speed is measured by `npm run bench` (bench/anchors.bench.mts), not here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { itemAt } from "../../test/support/expect-helpers";
import { htmlToPdf, pdftotextWords } from "../../test/support/pdf-fixtures";
import { BENCH_PAGES as PAGES, benchmarkHtml } from "../../test/support/bench-docs";
import { findAllAnchors } from "./anchors";
import { extractTextLayer } from "./text-layer";

describe(`the text layer of ${PAGES} Chromium pages`, () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    pdf = await htmlToPdf(benchmarkHtml());
  }, 300_000);

  it("finds all 600 anchors at poppler's positions", async () => {
    const found = findAllAnchors(await extractTextLayer(pdf));
    expect(found).toHaveLength(2 * PAGES);

    const starts = (await pdftotextWords(pdf)).filter((w) => w.text.startsWith("{{"));
    expect(starts.map((w) => w.text)).toEqual(found.map((a) => a.text));
    starts.forEach((w, i) => {
      const a = itemAt(found, i);
      expect(Math.abs(a.x - w.xMin)).toBeLessThanOrEqual(2);
      expect(Math.abs(a.y - w.yMin)).toBeLessThanOrEqual(2);
    });
  }, 120_000);
});
