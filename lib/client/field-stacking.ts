/**
 * How a page's fields stack on the signing page: of two fields that overlap, the smaller is
 * drawn above the larger, so that a click on it reaches it and the larger stays reachable where it is
 * uncovered. A DATE field's default box (200 × 60) laid over a signature anchored on the line above
 * took every click meant for the signature. Only the painting order changes: the fields stay in reading
 * order in the document, so the tab order is the same.
 */
export interface SizedBox {
  id: string;
  width: number;
  height: number;
}

/** Each field's z-index, 1 for the largest: by area, largest first; equal areas keep their order (the later above). */
export function stackByArea(fields: readonly SizedBox[]): Map<string, number> {
  const largestFirst = fields
    .map((f, i) => ({ f, i }))
    .sort((a, b) => b.f.width * b.f.height - a.f.width * a.f.height || a.i - b.i);
  return new Map(largestFirst.map(({ f }, rank) => [f.id, rank + 1]));
}
