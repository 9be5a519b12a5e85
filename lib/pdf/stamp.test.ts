import fs from "node:fs";
import path from "node:path";
import { pdfErrorKind } from "@/test/support/pdf-errors";
import { firstOf, itemAt } from "@/test/support/expect-helpers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  htmlToPdf,
  pdfimagesList,
  pdftotext,
  pdftotextWords,
  renderPage,
  rotatePage,
  type RenderedPage,
} from "../../test/support/pdf-fixtures";
import { findAnchors, type AnchorOccurrence } from "./anchors";
import { replaceText, stampImage } from "./stamp";
import { extractTextLayer, type TextLayer } from "./text-layer";

const fixtures = path.resolve(__dirname, "../../test/fixtures");
const PNG = new Uint8Array(fs.readFileSync(path.join(fixtures, "stamp-200x100.png")));
const JPEG = new Uint8Array(fs.readFileSync(path.join(fixtures, "stamp-200x100.jpg")));

/** The fixture image runs from blue on the left to orange on the right. */
const isImage = ([r = 0, , b = 0]: number[]) => Math.abs(r - b) > 60;
const isBluish = ([r = 0, , b = 0]: number[]) => b - r > 60;
const isOrange = ([r = 0, , b = 0]: number[]) => r - b > 60;
const isWhite = ([r = 0, g = 0, b = 0]: number[]) => r > 245 && g > 245 && b > 245;

/** True when any pixel of the rectangle is dark (text). */
function hasInk(img: RenderedPage, x: number, y: number, w: number, h: number): boolean {
  for (let j = Math.ceil(y); j < y + h; j++)
    for (let i = Math.ceil(x); i < x + w; i++) if (img.rgb(i, j).every((c) => c < 128)) return true;
  return false;
}

const kindOf = pdfErrorKind;

describe("stamping and replacing text on a Chromium PDF with a rotated page", () => {
  let pdf: Uint8Array;
  let layer: TextLayer;
  let logo: AnchorOccurrence;
  let rotatedDate: AnchorOccurrence;
  let sig: AnchorOccurrence;

  beforeAll(async () => {
    pdf = await rotatePage(await htmlToPdf(fs.readFileSync(path.join(fixtures, "anchors.html"), "utf8")), 2, 90);
    layer = await extractTextLayer(pdf);
    logo = firstOf(findAnchors(layer, "{{s1|image|100|50|Company logo}}"));
    rotatedDate = firstOf(findAnchors(layer, "{{s2|date|150|40|12}}"));
    sig = firstOf(findAnchors(layer, "{{signet:sig}}"));
  });

  it("FIT keeps the image's proportions inside the box, at its top-left, and covers the anchor", async () => {
    const before = await renderPage(pdf, 1);
    // A 200 x 50 box for a 2:1 image: FIT draws it 100 x 50 at the left.
    const box = { page: 1, x: logo.x, y: logo.y, width: 200, height: 50 };
    const { pdf: out, drawn } = await stampImage(pdf, { ...box, image: PNG, cover: [logo] });
    expect(drawn).toEqual({ page: 1, x: logo.x, y: logo.y, width: 100, height: 50 });
    const img = await renderPage(out, 1);
    expect(isBluish(img.rgb(logo.x + 8, logo.y + 40))).toBe(true);
    expect(isOrange(img.rgb(logo.x + 92, logo.y + 40))).toBe(true);
    // Right of the image, inside the box: not stretched there, and the anchor text is painted over.
    expect(isImage(img.rgb(logo.x + 110, logo.y + 5))).toBe(false);
    expect(hasInk(before, logo.x + 110, logo.y + 2, logo.width - 115, logo.height - 4)).toBe(true);
    expect(hasInk(img, logo.x + 110, logo.y + 2, logo.width - 115, logo.height - 4)).toBe(false);

    const images = await pdfimagesList(out);
    expect(images).toContainEqual(expect.objectContaining({ page: 1, type: "image", width: 200, height: 100 }));
  });

  it("STRETCH fills the box exactly", async () => {
    const { pdf: out, drawn } = await stampImage(pdf, {
      page: 1,
      x: logo.x,
      y: logo.y,
      width: 200,
      height: 50,
      image: PNG,
      sizingMode: "STRETCH",
    });
    expect(drawn).toMatchObject({ width: 200, height: 50 });
    const img = await renderPage(out, 1);
    expect(isOrange(img.rgb(logo.x + 190, logo.y + 25))).toBe(true);
  });

  it("FILL covers the box, crops to it, and is upright on a page rotated by 90 degrees", async () => {
    const box = { page: 2, x: rotatedDate.x - 40, y: rotatedDate.y, width: 100, height: 30 };
    const { pdf: out } = await stampImage(pdf, { ...box, image: JPEG, sizingMode: "FILL" });
    const img = await renderPage(out, 2);
    expect(img.width).toBeGreaterThan(img.height); // the page is displayed landscape
    // Blue on the left and orange on the right as the reader sees it: drawn upright.
    expect(isBluish(img.rgb(box.x + 5, box.y + 15))).toBe(true);
    expect(isOrange(img.rgb(box.x + 95, box.y + 15))).toBe(true);
    // FILL scales to 100 x 50, 10 pt more than the box above and below: clipped away.
    expect(isImage(img.rgb(box.x + 50, box.y + 34))).toBe(false);
    expect(isImage(img.rgb(box.x + 50, box.y - 4))).toBe(false);
    expect(await pdfimagesList(out)).toContainEqual(expect.objectContaining({ page: 2, enc: "jpeg", width: 200, height: 100 }));
  });

  it("refuses what is not a PNG or JPEG, and boxes off the page", async () => {
    const base = { page: 1, x: 10, y: 10, width: 50, height: 50 };
    expect(await kindOf(stampImage(pdf, { ...base, image: new TextEncoder().encode("GIF89a not supported") }))).toBe(
      "NOT_AN_IMAGE",
    );
    expect(await kindOf(stampImage(pdf, { ...base, image: PNG.subarray(0, 60) }))).toBe("NOT_AN_IMAGE");
    expect(await kindOf(stampImage(pdf, { ...base, image: JPEG.subarray(0, 300) }))).toBe("NOT_AN_IMAGE");
    expect(await kindOf(stampImage(pdf, { ...base, page: 4, image: PNG }))).toBe("OUT_OF_PAGE");
    expect(await kindOf(stampImage(pdf, { ...base, x: 590, image: PNG }))).toBe("OUT_OF_PAGE");
    expect(await kindOf(stampImage(new TextEncoder().encode("not a pdf"), { ...base, image: PNG }))).toBe("NOT_PDF");
  });

  it("replaces text with accented, Greek and Cyrillic letters that pdftotext reads back", async () => {
    const text = "Žluťoučký kůň, Ærøskøbing\nΕλληνικά γράμματα\nКириллица";
    const out = await replaceText(pdf, [{ page: 1, x: sig.x, y: sig.y, width: 220, height: 40, text, fontSize: 10 }]);
    // pdftotext reads every word back inside the box (it also still reads the covered anchor).
    const words = await pdftotextWords(out);
    for (const word of text.split(/\s+/)) {
      const w = words.find((x) => x.text === word && x.page === 1);
      expect(w, word).toBeDefined();
      expect(w!.xMin).toBeGreaterThanOrEqual(sig.x - 0.5);
      expect(w!.yMax).toBeLessThanOrEqual(sig.y + 40.5);
    }
    expect(await pdftotext(out)).toContain("Ελληνικά γράμματα");
    // Drawn at the box's top-left: the first word's box starts there.
    const first = words.find((w) => w.text === "Žluťoučký")!;
    expect(Math.abs(first.xMin - sig.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(first.yMin - sig.y)).toBeLessThanOrEqual(1);
    // Our own reader finds it too (the server rebuilds the layer after a replacement).
    const again = await extractTextLayer(out);
    expect(findAnchors(again, "Кириллица")).toHaveLength(1);
    // The anchor under the box is painted white.
    const img = await renderPage(out, 1);
    expect(hasInk(img, sig.x + 2, sig.y + 2, Math.min(sig.width, 200) - 4, 40 - 4)).toBe(true); // the new text
    expect(isWhite(img.rgb(sig.x + 215, sig.y + 20))).toBe(true);
  });

  it("draws replacement text upright on a rotated page", async () => {
    const box = { page: 2, x: 500, y: 300, width: 200, height: 20 };
    const out = await replaceText(pdf, [{ ...box, text: "Upright text", fontSize: 12 }]);
    const again = await extractTextLayer(out);
    const item = itemAt(again.pages, 1).items.find((i) => i.str === "Upright text")!;
    expect(itemAt(again.pages, 1).rotation).toBe(90);
    expect(item.dir).toBeUndefined(); // left to right as displayed
    expect(Math.abs(item.x - box.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(item.y - box.y)).toBeLessThanOrEqual(1);
  });

  it("refuses text that does not fit, or that the font cannot draw, naming the problem", async () => {
    const box = { page: 1, x: sig.x, y: sig.y, width: 100, height: 30 };
    const wide = replaceText(pdf, [
      { ...box, text: "This line is far too long for a box that is one hundred points wide", fontSize: 10 },
    ]);
    await expect(wide).rejects.toMatchObject({ kind: "TEXT_DOES_NOT_FIT", message: expect.stringContaining("pt wide") });
    const tall = replaceText(pdf, [{ ...box, text: "one\ntwo\nthree", fontSize: 10 }]);
    await expect(tall).rejects.toMatchObject({ kind: "TEXT_DOES_NOT_FIT", message: expect.stringContaining("3 line(s)") });
    const cjk = replaceText(pdf, [{ ...box, text: "漢字", fontSize: 10 }]);
    await expect(cjk).rejects.toMatchObject({ kind: "UNSUPPORTED_TEXT", message: expect.stringContaining("U+6F22") });
    // The second replacement is bad: the first must not be applied either (nothing is returned).
    const mixed = replaceText(pdf, [
      { ...box, text: "fine", fontSize: 10 },
      { ...box, page: 9, text: "bad page", fontSize: 10 },
    ]);
    await expect(mixed).rejects.toMatchObject({ kind: "OUT_OF_PAGE" });
  });
});
