import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { degrees, PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { boxFitsPage, clipBoxToPage, displayedPageSize, EDGE_TOLERANCE, pageGeometry } from "./page-box";

/** poppler's crop boxes (already clipped to the media box), per page, from `pdfinfo -box`. */
function popplerCropBoxes(pdf: Uint8Array, pages: number): number[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pagebox-"));
  try {
    const file = path.join(dir, "p.pdf");
    fs.writeFileSync(file, pdf);
    const out = execFileSync("pdfinfo", ["-f", "1", "-l", String(pages), "-box", file], { encoding: "utf8" });
    return [...out.matchAll(/^Page\s+\d+ CropBox:\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/gm)].map((m) =>
      m.slice(1, 5).map(Number),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the displayed page box", () => {
  it("is the crop box clipped to the media box, with /Rotate applied, as poppler has it", async () => {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]).setCropBox(-20, -30, 700, 900); // larger than the media box on every side
    const rotated = doc.addPage([595, 842]);
    rotated.setCropBox(50, 60, 400, 500);
    rotated.setRotation(degrees(90));
    const overhanging = doc.addPage([600, 800]);
    overhanging.setCropBox(500, 700, 300, 300); // runs off the media box's top-right corner
    overhanging.setRotation(degrees(270));
    const pdf = await doc.save();

    const pages = (await PDFDocument.load(pdf)).getPages();
    const geos = pages.map(pageGeometry);
    expect(geos.map((g) => g.box)).toEqual(popplerCropBoxes(pdf, 3));
    expect(pages.map(displayedPageSize)).toEqual([
      { width: 612, height: 792 },
      { width: 500, height: 400 },
      { width: 100, height: 100 },
    ]);
    expect(geos.map((g) => g.rotation)).toEqual([0, 90, 270]);
  });

  it("accepts a box that overhangs by rounding only, and clips it to the page", () => {
    const page = { width: 612, height: 792 };
    expect(boxFitsPage({ x: 452.3, y: 742.3, width: 160, height: 50 }, page)).toBe(true);
    expect(boxFitsPage({ x: 452 + EDGE_TOLERANCE + 0.01, y: 0, width: 160, height: 50 }, page)).toBe(false);
    expect(boxFitsPage({ x: -0.6, y: 0, width: 10, height: 10 }, page)).toBe(false);
    expect(boxFitsPage({ x: 0, y: 0, width: 0, height: 10 }, page)).toBe(false);
    expect(boxFitsPage({ x: Number.NaN, y: 0, width: 10, height: 10 }, page)).toBe(false);
    expect(clipBoxToPage({ page: 1, x: 452.3, y: -0.2, width: 160, height: 50 }, page)).toEqual({
      page: 1,
      x: 452.3,
      y: 0,
      width: 159.7,
      height: 49.8,
    });
    expect(clipBoxToPage({ x: 700, y: 10, width: 10, height: 10 }, page)).toMatchObject({ x: 612, width: 0 });
  });
});
