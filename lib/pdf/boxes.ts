/**
 * Boxes on a displayed page, as numbers only: what the server's main thread checks when a field is placed
 * (no PDF library here; page-box.ts reads a page's box from the PDF and re-exports these).
 */
export interface PageSize {
  width: number;
  height: number;
}

/** A box in the API's coordinates: points from the top-left of the displayed page. */
export interface DisplayBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * How far a box may overhang its page and still be accepted: coordinates measured on a rendered
 * page round to fractions of a point. What overhangs by this much is clipped when drawn; nothing
 * is drawn past the page.
 */
export const EDGE_TOLERANCE = 0.5;

/** Whether a box lies on a page of this displayed size, allowing EDGE_TOLERANCE of overhang. */
export function boxFitsPage(box: DisplayBox, size: PageSize): boolean {
  return (
    [box.x, box.y, box.width, box.height].every(Number.isFinite) &&
    box.width > 0 &&
    box.height > 0 &&
    box.x >= -EDGE_TOLERANCE &&
    box.y >= -EDGE_TOLERANCE &&
    box.x + box.width <= size.width + EDGE_TOLERANCE &&
    box.y + box.height <= size.height + EDGE_TOLERANCE
  );
}

/** The part of a box that lies on the page (empty, width or height 0, when none does). */
export function clipBoxToPage<T extends DisplayBox>(box: T, size: PageSize): T {
  const x = Math.min(Math.max(0, box.x), size.width);
  const y = Math.min(Math.max(0, box.y), size.height);
  const width = Math.max(0, Math.min(size.width, box.x + box.width) - x);
  const height = Math.max(0, Math.min(size.height, box.y + box.height) - y);
  return { ...box, x, y, width, height };
}
