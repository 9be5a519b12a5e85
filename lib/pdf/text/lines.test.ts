import { describe, expect, it } from "vitest";
import type { TextDir, TextItem } from "./items";
import { boxOf, buildLines, extentOf, type Box } from "./lines";

/** An item of evenly advancing glyphs (a little past its own edge at the end, as rounding leaves it). */
function item(str: string, x: number, y: number, dir: TextDir, advance = 6.1): TextItem {
  const len = str.length * advance - 0.3;
  const along = dir === 90 || dir === 270;
  return {
    str,
    x,
    y,
    width: along ? 12 : len,
    height: along ? len : 12,
    fontSize: 12,
    ...(dir ? { dir } : {}),
    charX: [...str].map((_, i) => i * advance),
  };
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

describe("a line's extent", () => {
  it.each([0, 90, 180, 270] as TextDir[])("holds the box of every run of its characters (%i°)", (dir) => {
    const along = dir === 90 || dir === 270;
    // Two items on one line, one taller, so the box's first character is not its top.
    const first = item("Sign {{s1|signature}} here", 40.123, 70.456, dir);
    const second = item("and date", along ? 40.123 : 220.5, along ? 230.25 : 69.9, dir);
    const [line, ...rest] = buildLines([first, second]);
    expect(rest).toHaveLength(0);
    const extent = extentOf(line!)!;
    let checked = 0;
    for (let from = 0; from < line!.text.length; from++)
      for (let to = from + 1; to <= line!.text.length; to++) {
        const box = boxOf(line!, from, to);
        if (!box) continue;
        checked++;
        expect(inside(box, extent), `${from}–${to}: ${JSON.stringify(box)} in ${JSON.stringify(extent)}`).toBe(true);
      }
    expect(checked).toBeGreaterThan(500);
  });

  it("is nothing for a line without characters of an item", () => {
    expect(extentOf({ dir: 0, text: " ", segs: [] })).toBeUndefined();
  });
});
