import { describe, expect, it } from "vitest";
import { placeLabel, type Rect } from "@/components/signing/label-place";

// A checkbox's label pill on the signing page: beside its box, within the page, never over the document's words.

const page = { width: 360, height: 500 };
const label = { width: 40, height: 16 };
const overlaps = (a: Rect, b: Rect) =>
  Math.min(a.x + a.width, b.x + b.width) > Math.max(a.x, b.x) && Math.min(a.y + a.height, b.y + b.height) > Math.max(a.y, b.y);

describe("the label pill beside a checkbox", () => {
  it("goes right of the box where nothing is written there", () => {
    const box = { x: 50, y: 100, width: 10, height: 10 };
    expect(placeLabel(box, label, page, [])).toEqual({ x: 62, y: 97 });
  });

  it("never covers the words of '[ ] yes [ ] no' on a phone: it moves off their line", () => {
    // The line at y 100–110: two boxes, each followed by its word, and a line of text above and below.
    const yesBox = { x: 50, y: 100, width: 10, height: 10 };
    const noBox = { x: 90, y: 100, width: 10, height: 10 };
    const words = [
      { x: 62, y: 100, width: 20, height: 10 }, // yes
      { x: 102, y: 100, width: 14, height: 10 }, // no
      { x: 20, y: 86, width: 300, height: 10 }, // the line above
      { x: 20, y: 114, width: 300, height: 10 }, // the line below
    ];
    for (const box of [yesBox, noBox]) {
      const at = placeLabel(
        box,
        label,
        page,
        words,
        [yesBox, noBox].filter((b) => b !== box),
      );
      const pill = { ...at, ...label };
      for (const w of words) expect(overlaps(pill, w)).toBe(false);
      expect(overlaps(pill, box)).toBe(false);
      // Within the page.
      expect(at.x).toBeGreaterThanOrEqual(0);
      expect(at.x + label.width).toBeLessThanOrEqual(page.width);
    }
  });

  it("stays within the page at its right edge", () => {
    const box = { x: 340, y: 100, width: 10, height: 10 };
    const at = placeLabel(box, label, page, []);
    expect(at.x + label.width).toBeLessThanOrEqual(page.width);
    expect(overlaps({ ...at, ...label }, box)).toBe(false);
  });

  it("covers as little as it can where the page is text everywhere", () => {
    const box = { x: 100, y: 100, width: 10, height: 10 };
    const everywhere = Array.from({ length: 50 }, (_, i) => ({ x: 0, y: i * 10, width: 360, height: 8 }));
    const at = placeLabel(box, label, page, everywhere);
    expect(overlaps({ ...at, ...label }, box)).toBe(false);
  });
});
