/**
 * Fields that overlap on a page: a signer cannot reach a field that lies under another, and a sealed
 * value drawn over another is unreadable. Pure, for the placer (boxes outlined, a message naming them)
 * and the review step (a warning before sending).
 */
export interface PlacedBox {
  key: string;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Less than this many square points in common is a touch, not an overlap (edges placed side by side). */
export const MIN_OVERLAP_AREA = 4;

const common = (a: PlacedBox, b: PlacedBox) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/** Every pair of fields on the same page with more than MIN_OVERLAP_AREA in common, in reading order. */
export function findOverlaps<T extends PlacedBox>(fields: readonly T[]): [T, T][] {
  const byPage = new Map<number, T[]>();
  for (const f of fields) byPage.set(f.page, [...(byPage.get(f.page) ?? []), f]);
  const out: [T, T][] = [];
  for (const page of [...byPage.keys()].sort((p, q) => p - q)) {
    // Sorted by left edge: once a box starts right of a's right edge, no later one can touch a.
    const fs = byPage
      .get(page)!
      .slice()
      .sort((p, q) => p.x - q.x || p.y - q.y);
    for (let i = 0; i < fs.length; i++) {
      const a = fs[i]!;
      for (let j = i + 1; j < fs.length && fs[j]!.x < a.x + a.width; j++) {
        const b = fs[j]!;
        if (common(a, b) > MIN_OVERLAP_AREA) out.push(a.y < b.y || (a.y === b.y && a.x <= b.x) ? [a, b] : [b, a]);
      }
    }
  }
  return out;
}

/** The keys of every field in some overlap. */
export function overlappingKeys(pairs: readonly [PlacedBox, PlacedBox][]): Set<string> {
  return new Set(pairs.flatMap(([a, b]) => [a.key, b.key]));
}
