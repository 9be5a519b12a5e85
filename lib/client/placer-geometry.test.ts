import { describe, expect, it } from "vitest";
import { DATE_DEFAULTS } from "@/lib/pdf/anchor-grammar";
import {
  boxAtScreenPoint,
  boxBetween,
  boxForDrop,
  boxesAtPoint,
  clampBox,
  DEFAULT_SIZE,
  nudge,
  pageAtPoint,
  resize,
} from "./placer-geometry";

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
    expect(boxForDrop({ x: 300, y: 400 }, "SIGNATURE", rect, letter)).toEqual({ x: 225, y: 385, width: 150, height: 30 });
  });

  it("a DATE the placer places itself is one 12-pt line; the {{sN|date}} anchor keeps the interface spec's 200 × 60", () => {
    expect(DEFAULT_SIZE.DATE).toEqual({ width: 120, height: 20 });
    expect(DATE_DEFAULTS).toEqual({ width: 200, height: 60, fontSize: 14 });
    const rect = { left: 0, top: 0, width: 612, height: 792 };
    expect(boxForDrop({ x: 300, y: 400 }, "DATE", rect, letter)).toEqual({ x: 240, y: 390, width: 120, height: 20 });
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

  it("draws a box between two corners in either direction, at least MIN_SIZE and inside the page", () => {
    expect(boxBetween({ x: 300, y: 120 }, { x: 100, y: 100 }, letter)).toEqual({ x: 100, y: 100, width: 200, height: 20 });
    expect(boxBetween({ x: 600, y: 780 }, { x: 700, y: 900 }, letter)).toEqual({ x: 600, y: 780, width: 12, height: 12 });
    expect(boxBetween({ x: 50, y: 50 }, { x: 52, y: 51 }, letter)).toEqual({ x: 50, y: 50, width: 8, height: 8 });
  });

  it("lists the boxes under a point, in their order", () => {
    const a = { key: "a", x: 0, y: 0, width: 100, height: 30 };
    const b = { key: "b", x: 50, y: 10, width: 100, height: 30 };
    const c = { key: "c", x: 300, y: 300, width: 10, height: 10 };
    expect(boxesAtPoint([a, b, c], { x: 60, y: 20 }).map((f) => f.key)).toEqual(["a", "b"]);
    expect(boxesAtPoint([a, b, c], { x: 10, y: 5 }).map((f) => f.key)).toEqual(["a"]);
    expect(boxesAtPoint([a, b, c], { x: 500, y: 5 })).toEqual([]);
  });
});
