import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { withRotatedPage2 } from "../../test/support/anchor-fixtures";
import { firstOf, itemAt } from "../../test/support/expect-helpers";
import { htmlToPdf, officeToPdf, pdftotextWords, type PopplerWord } from "../../test/support/pdf-fixtures";
import { anchorOccurrence, findAllAnchors, findAnchors, type AnchorOccurrence, type FoundAnchor } from "./anchors";
import { TEXT_LAYER_VERSION, type TextLayer } from "./text-layer";

const fixtures = path.resolve(__dirname, "../../test/fixtures");
const TOLERANCE = 2;

/** Every anchor of the fixtures, in reading order, with what it must parse to. */
const EXPECTED_PAGE1 = [
  ["{{s1|signature|120|40}}", "signature"],
  ["{{s1|date}}", "date"],
  ["{{s1|image|100|50|Company logo}}", "image"],
  ["{{s2|signature|150|50}}", "signature"],
  ["{{s2|date|180|40|12}}", "date"],
  ["{{signet:witness}}", "legacy"], // Chromium fixture only
  ["{{signet:sig}}", "legacy"],
  ["{{s1|text|50|200|12|Full name||f}}", "text"],
  ["{{signet:initials}}", "legacy"],
  ["{{signet:initials}}", "legacy"],
  ["{{s1|signature|120}}", "a signature anchor has 4 parts"],
  ["{{s3|stamp|1|2}}", 'unknown field type "stamp"'],
] as const;

/**
 * The poppler word where an anchor starts: a word that begins the anchor's text (poppler splits
 * words at size changes and spaces), nearest to our position. Being the nearest such word, it is
 * the right one whenever our position is within tolerance at all.
 */
function popplerStart(words: PopplerWord[], page: number, text: string, at: AnchorOccurrence): PopplerWord | undefined {
  const compact = text.replace(/\s+/g, "");
  return words
    .filter((w) => w.page === page && w.text.startsWith("{{") && compact.startsWith(w.text))
    .sort((a, b) => Math.hypot(a.xMin - at.x, a.yMin - at.y) - Math.hypot(b.xMin - at.x, b.yMin - at.y))[0];
}

function expectAgreesWithPoppler(words: PopplerWord[], found: FoundAnchor[]): void {
  for (const a of found) {
    const w = popplerStart(words, a.page, a.text, a);
    expect(w, `poppler has no word for ${a.text}`).toBeDefined();
    expect(Math.abs(a.x - w!.xMin), `x of ${a.text} on page ${a.page}: ours ${a.x}, poppler ${w!.xMin}`).toBeLessThanOrEqual(
      TOLERANCE,
    );
    expect(Math.abs(a.y - w!.yMin), `y of ${a.text} on page ${a.page}: ours ${a.y}, poppler ${w!.yMin}`).toBeLessThanOrEqual(
      TOLERANCE,
    );
  }
  // Nothing missed: poppler sees as many anchor starts as we find anchors.
  expect(found.length).toBe(words.filter((w) => w.text.startsWith("{{")).length);
}

function describeRenderer(name: string, make: () => Promise<Uint8Array>, expectedPage1: readonly (readonly [string, string])[]) {
  describe(`anchors in a PDF from ${name}`, () => {
    let pdf: Uint8Array;
    let layer: TextLayer;
    let words: PopplerWord[];
    let all: FoundAnchor[];

    beforeAll(async () => {
      ({ pdf, layer, anchors: all } = await withRotatedPage2(make));
      words = await pdftotextWords(pdf);
    });

    it("finds every anchor on page 1 in reading order, parsed or with a reason", () => {
      const page1 = all.filter((a) => a.page === 1);
      expect(page1.map((a) => a.text)).toEqual(expectedPage1.map(([t]) => t));
      page1.forEach((a, i) => {
        const want = itemAt(expectedPage1, i)[1];
        if (a.ok) expect(a.anchor.type).toBe(want);
        else expect(a.reason).toContain(want);
      });
    });

    it("puts every anchor where pdftotext -bbox puts it, within 2 pt", () => {
      expectAgreesWithPoppler(words, all);
    });

    it("finds the anchor drawn in white", () => {
      const [hidden] = findAnchors(layer, "{{s1|date}}");
      expect(hidden).toMatchObject({ page: 1 });
    });

    it("matches anchors split by bold, colour and size changes as one token", () => {
      for (const key of ["{{s1|image|100|50|Company logo}}", "{{s2|signature|150|50}}", "{{s2|date|180|40|12}}"]) {
        expect(findAnchors(layer, key), key).toHaveLength(1);
      }
      // The font splits really happened: no single text item holds the whole token. (A colour
      // change alone does not split items, since colour is not part of the text layer.)
      const items = firstOf(layer.pages).items.map((i) => i.str);
      expect(items.some((s) => s.includes("{{s1|image|100|50|Company logo}}"))).toBe(false);
      expect(items.some((s) => s.includes("{{s2|date|180|40|12}}"))).toBe(false);
    });

    it("orders repeated anchors page, then top to bottom, then left to right", () => {
      const occ = findAnchors(layer, "{{signet:initials}}");
      expect(occ.map((o) => o.page)).toEqual(name === "Chromium" ? [1, 1, 2, 3] : [1, 1, 2]);
      const [first, second] = [itemAt(occ, 0), itemAt(occ, 1)];
      expect(first.y).toBeCloseTo(second.y, 0);
      expect(first.x).toBeLessThan(second.x);
      expect(anchorOccurrence(layer, "{{signet:initials}}", 2)).toEqual(occ[2]);
      expect(anchorOccurrence(layer, "{{signet:initials}}", occ.length)).toBeUndefined();
      expect(anchorOccurrence(layer, "{{signet:initials}}", -1)).toBeUndefined();
      for (const o of occ) {
        const w = popplerStart(words, o.page, "{{signet:initials}}", o)!;
        expect(Math.abs(o.x - w.xMin)).toBeLessThanOrEqual(TOLERANCE);
        expect(Math.abs(o.y - w.yMin)).toBeLessThanOrEqual(TOLERANCE);
      }
    });

    it("gives boxes on the rotated page in displayed coordinates", () => {
      const page2 = itemAt(layer.pages, 1);
      expect(page2.rotation).toBe(90);
      expect(page2.width).toBeGreaterThan(page2.height);
      const date = firstOf(findAnchors(layer, "{{s2|date|150|40|12}}"));
      expect(date.page).toBe(2);
      // Text runs downwards on a page turned clockwise: the box is tall and narrow.
      expect(date.height).toBeGreaterThan(date.width);
      expect(date.x + date.width).toBeLessThanOrEqual(page2.width);
    });

    it("places a text anchor that follows proportional text by glyph widths", () => {
      const key = "{{s1|text|50|200|12|Full name||f}}";
      const occ = firstOf(findAnchors(layer, key));
      const w = popplerStart(words, 1, key, occ)!;
      expect(Math.abs(occ.x - w.xMin)).toBeLessThanOrEqual(TOLERANCE);
      // The anchor shares its item with "WWWWWWWWWW Full legal name: "; spreading the item's
      // width evenly over its characters would be far off, so this test can tell the difference.
      const item = firstOf(layer.pages).items.find((i) => i.str.includes("{{s1|text"))!;
      const index = item.str.indexOf("{{s1|text");
      expect(index).toBeGreaterThan(10);
      const evenShare = item.x + (item.width * index) / item.str.length;
      expect(Math.abs(evenShare - w.xMin)).toBeGreaterThan(TOLERANCE);
    });

    it("finds literal keys and misses absent ones", () => {
      expect(findAnchors(layer, "{{signet:sig}}")).toHaveLength(1);
      expect(findAnchors(layer, "Legacy:")).toHaveLength(1);
      expect(findAnchors(layer, "{{signet:nope}}")).toEqual([]);
      expect(findAnchors(layer, "   ")).toEqual([]);
    });
  });
}

describeRenderer("Chromium", () => htmlToPdf(fs.readFileSync(path.join(fixtures, "anchors.html"), "utf8")), EXPECTED_PAGE1);
describeRenderer(
  "LibreOffice",
  () => officeToPdf(fs.readFileSync(path.join(fixtures, "anchors.fodt"), "utf8"), "fodt"),
  EXPECTED_PAGE1.filter(([t]) => t !== "{{signet:witness}}"),
);

describe("findAllAnchors on a hand-made layer", () => {
  const item = (str: string, x: number, y: number) => ({
    str,
    x,
    y,
    width: str.length * 6,
    height: 14,
    fontSize: 12,
    charX: [...str].map((_, i) => i * 6),
  });

  it("reports an anchor left open at the end of its line", () => {
    const layer: TextLayer = {
      version: TEXT_LAYER_VERSION,
      pages: [
        {
          page: 1,
          width: 600,
          height: 800,
          rotation: 0,
          items: [item("Sign: {{s1|signature|120", 10, 10), item("|40}}", 10, 30)],
        },
      ],
    };
    const open = firstOf(findAllAnchors(layer));
    expect(open).toMatchObject({ ok: false, text: "{{s1|signature|120", x: 46 });
    expect(open.ok ? "" : open.reason).toContain("not closed");
  });

  it("joins items of one line in x order whatever their order in the layer", () => {
    const layer: TextLayer = {
      version: TEXT_LAYER_VERSION,
      pages: [
        {
          page: 1,
          width: 600,
          height: 800,
          rotation: 0,
          items: [item("|120|40}}", 40, 10), item("{{s1|", 10, 10), item("signature", 40 - 54, 40)],
        },
      ],
    };
    // "signature" is on another line, so the pieces on line 1 do not form the anchor.
    expect(findAnchors(layer, "{{s1|signature|120|40}}")).toEqual([]);
    expect(findAnchors(layer, "{{s1||120|40}}")).toHaveLength(1);
  });
});
