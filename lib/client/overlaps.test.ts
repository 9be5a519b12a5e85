import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { findOverlaps, overlappingKeys, type PlacedBox } from "./overlaps";

const box = (key: string, page: number, x: number, y: number, width: number, height: number): PlacedBox => ({
  key,
  page,
  x,
  y,
  width,
  height,
});

describe("findOverlaps", () => {
  it("names the docs' DOCX case: a 200 × 60 date under a 160 × 50 signature", () => {
    const sig = box("sig", 1, 72, 100, 160, 50);
    const date = box("date", 1, 72, 120, 200, 60);
    expect(findOverlaps([date, sig]).map(([a, b]) => [a.key, b.key])).toEqual([["sig", "date"]]);
  });

  it("keeps the documents of a request apart: page 1 of one is not page 1 of another", () => {
    const on = (doc: string, key: string) => ({ ...box(key, 1, 72, 100, 160, 50), documentId: doc });
    const pairs = findOverlaps([on("d2", "b1"), on("d1", "a1"), on("d2", "b2"), on("d1", "a2")]);
    // One overlap in each document, the first document met first; none across them.
    expect(pairs.map(([a, b]) => [a.documentId, [a.key, b.key].sort()])).toEqual([
      ["d2", ["b1", "b2"]],
      ["d1", ["a1", "a2"]],
    ]);
  });

  it("does not flag boxes side by side, touching edges, or on other pages", () => {
    const fields = [
      box("a", 1, 0, 0, 100, 20),
      box("b", 1, 100, 0, 100, 20), // shares an edge
      box("c", 1, 0, 20, 100, 20), // below, touching
      box("d", 2, 0, 0, 100, 20), // same spot, next page
      box("e", 1, 199, 19, 50, 50), // 1 × 1 pt corner
    ];
    expect(findOverlaps(fields)).toEqual([]);
  });

  it("agrees with checking every pair, for any boxes", () => {
    const arb = fc.array(
      fc.record({
        page: fc.integer({ min: 1, max: 2 }),
        x: fc.integer({ min: 0, max: 300 }),
        y: fc.integer({ min: 0, max: 300 }),
        width: fc.integer({ min: 1, max: 120 }),
        height: fc.integer({ min: 1, max: 80 }),
      }),
      { maxLength: 25 },
    );
    fc.assert(
      fc.property(arb, (raw) => {
        const fields = raw.map((r, i) => ({ key: `f${i}`, ...r }));
        const brute = new Set<string>();
        for (let i = 0; i < fields.length; i++)
          for (let j = i + 1; j < fields.length; j++) {
            const a = fields[i]!;
            const b = fields[j]!;
            if (a.page !== b.page) continue;
            const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
            const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
            if (w > 0 && h > 0 && w * h > 4) brute.add([a.key, b.key].sort().join("+"));
          }
        const found = new Set(findOverlaps(fields).map(([a, b]) => [a.key, b.key].sort().join("+")));
        expect(found).toEqual(brute);
        expect(overlappingKeys(findOverlaps(fields)).size).toBeLessThanOrEqual(fields.length);
      }),
    );
  });
});
