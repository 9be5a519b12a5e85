import { describe, expect, it } from "vitest";
import { boxAtScreenPoint, boxForDrop, clampBox, nudge, pageAtPoint, resize } from "./placer-geometry";

const letter = { width: 612, height: 792 };

describe("placer geometry", () => {
  it("converts a screen point on a zoomed, scrolled page to points from the page's top-left", () => {
    // Page drawn 918 px wide (scale 1.5) whose top-left is at (100, -2000) in the viewport.
    const rect = { left: 100, top: -2000, width: 918, height: 1188 };
    const b = boxAtScreenPoint({ x: 100 + 150, y: -2000 + 300 }, { width: 180, height: 48 }, rect, letter);
    expect(b).toEqual({ x: 100, y: 200, width: 180, height: 48 });
  });

  it("centres a dropped field on the pointer", () => {
    const rect = { left: 0, top: 0, width: 612, height: 792 };
    expect(boxForDrop({ x: 300, y: 400 }, "SIGNATURE", rect, letter)).toEqual({ x: 210, y: 376, width: 180, height: 48 });
  });

  it("keeps a box inside its page", () => {
    expect(clampBox({ x: 600, y: -5, width: 100, height: 20 }, letter)).toEqual({ x: 512, y: 0, width: 100, height: 20 });
    expect(clampBox({ x: 0, y: 0, width: 2000, height: 1 }, letter)).toEqual({ x: 0, y: 0, width: 612, height: 8 });
  });

  it("nudges and resizes within the page", () => {
    expect(nudge({ x: 10, y: 10, width: 50, height: 20 }, -20, 5, letter)).toEqual({ x: 0, y: 15, width: 50, height: 20 });
    expect(resize({ x: 580, y: 10, width: 20, height: 20 }, 50, 10, letter)).toEqual({ x: 580, y: 10, width: 32, height: 30 });
  });

  it("finds the page under a point", () => {
    const rects = new Map([
      [1, { left: 0, top: 0, width: 612, height: 792 }],
      [2, { left: 0, top: 800, width: 612, height: 792 }],
    ]);
    expect(pageAtPoint({ x: 10, y: 900 }, rects)).toBe(2);
    expect(pageAtPoint({ x: 10, y: 795 }, rects)).toBeNull();
  });
});
