/**
 * Fields that overlap on a page: a signer cannot reach a field that lies under another, and a sealed
 * value drawn over another is unreadable. Pure, for the placer (boxes outlined, a message naming them)
 * and the review step (a warning before sending).
 */
export interface PlacedBox {
  key: string;
  /** The document the box stands on (a page number alone is ambiguous across documents). */
  documentId?: string;
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

/**
 * Every pair of fields on the same page of the same document with more than MIN_OVERLAP_AREA in common,
 * in reading order: documents as they first come in `fields`, then pages, then top to bottom. Page 1 of
 * one document and page 1 of another are different pages.
 */
export function findOverlaps<T extends PlacedBox>(fields: readonly T[]): [T, T][] {
  const byDocument = new Map<string, Map<number, T[]>>();
  for (const f of fields) {
    const doc = f.documentId ?? "";
    const pages = byDocument.get(doc) ?? byDocument.set(doc, new Map()).get(doc)!;
    pages.set(f.page, [...(pages.get(f.page) ?? []), f]);
  }
  const out: [T, T][] = [];
  for (const byPage of byDocument.values())
    for (const page of [...byPage.keys()].sort((p, q) => p - q)) overlapsOnPage(byPage.get(page)!, out);
  return out;
}

function overlapsOnPage<T extends PlacedBox>(onPage: T[], out: [T, T][]) {
  // Sorted by left edge: once a box starts right of a's right edge, no later one can touch a.
  const fs = onPage.slice().sort((p, q) => p.x - q.x || p.y - q.y);
  for (let i = 0; i < fs.length; i++) {
    const a = fs[i]!;
    for (let j = i + 1; j < fs.length && fs[j]!.x < a.x + a.width; j++) {
      const b = fs[j]!;
      if (common(a, b) > MIN_OVERLAP_AREA) out.push(a.y < b.y || (a.y === b.y && a.x <= b.x) ? [a, b] : [b, a]);
    }
  }
}

/** The keys of every field in some overlap. */
export function overlappingKeys(pairs: readonly [PlacedBox, PlacedBox][]): Set<string> {
  return new Set(pairs.flatMap(([a, b]) => [a.key, b.key]));
}
