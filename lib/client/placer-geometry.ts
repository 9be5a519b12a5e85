/**
 * Placer geometry: CSS pixels on the screen ↔ PDF points from the top-left of the displayed page.
 * The scale of a page is its rendered CSS width over its width in points (the API's `document.pages`),
 * so what staff see is where the field lands, at any zoom.
 */
import type { FieldType } from "./types";

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface PageSize {
  width: number;
  height: number;
}
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Default size of a new field, in points: one line of 12-pt text (a 20-pt box) for text-like fields, and
 * a signature or initials no taller than 30 pt, so that fields dropped on a contract's signature block
 * sit on its lines instead of covering the next one.
 */
export const DEFAULT_SIZE: Record<FieldType, { width: number; height: number }> = {
  SIGNATURE: { width: 150, height: 30 },
  INITIAL: { width: 60, height: 30 },
  DATE: { width: 120, height: 20 },
  TEXT: { width: 150, height: 20 },
  CHECKBOX: { width: 16, height: 16 },
  RADIO: { width: 16, height: 16 },
  DROPDOWN: { width: 140, height: 20 },
  NUMBER: { width: 100, height: 20 },
  NAME: { width: 150, height: 20 },
  EMAIL: { width: 180, height: 20 },
  FORMULA: { width: 100, height: 20 },
  FILE: { width: 160, height: 24 },
};
export const MIN_SIZE = 8;

/** Points are kept to 1/100 pt: far below what anyone can see, and stable when sent and read back. */
export const roundPt = (v: number) => Math.round(v * 100) / 100;

/** CSS pixels per point of a page as rendered. */
export const scaleOf = (pageRect: Rect, page: PageSize) => pageRect.width / page.width;

/** Keeps a box inside its page (the API refuses a box that is not), shrinking it only when it is larger. */
export function clampBox(b: Box, page: PageSize): Box {
  const width = Math.min(Math.max(b.width, MIN_SIZE), page.width);
  const height = Math.min(Math.max(b.height, MIN_SIZE), page.height);
  const x = Math.min(Math.max(b.x, 0), page.width - width);
  const y = Math.min(Math.max(b.y, 0), page.height - height);
  return { x: roundPt(x), y: roundPt(y), width: roundPt(width), height: roundPt(height) };
}

/** A box whose top-left is at a screen point (client coordinates), on a page rendered at `pageRect`. */
export function boxAtScreenPoint(
  topLeft: { x: number; y: number },
  size: { width: number; height: number },
  pageRect: Rect,
  page: PageSize,
): Box {
  const s = scaleOf(pageRect, page);
  return clampBox({ x: (topLeft.x - pageRect.left) / s, y: (topLeft.y - pageRect.top) / s, ...size }, page);
}

/** A new field dropped from the palette: centred on the pointer, as the drag preview showed it. */
export function boxForDrop(pointer: { x: number; y: number }, type: FieldType, pageRect: Rect, page: PageSize): Box {
  const s = scaleOf(pageRect, page);
  const size = DEFAULT_SIZE[type];
  return boxAtScreenPoint({ x: pointer.x - (size.width * s) / 2, y: pointer.y - (size.height * s) / 2 }, size, pageRect, page);
}

/** A box drawn on a page from one corner to the other (points), in either direction: at least MIN_SIZE, inside the page. */
export function boxBetween(a: { x: number; y: number }, b: { x: number; y: number }, page: PageSize): Box {
  const x0 = Math.min(Math.max(Math.min(a.x, b.x), 0), page.width);
  const y0 = Math.min(Math.max(Math.min(a.y, b.y), 0), page.height);
  const x1 = Math.min(Math.max(Math.max(a.x, b.x), 0), page.width);
  const y1 = Math.min(Math.max(Math.max(a.y, b.y), 0), page.height);
  return clampBox({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, page);
}

/** The boxes a point (points on their page) falls in, in the order given: the stack a click there may pick from. */
export function boxesAtPoint<T extends Box>(boxes: readonly T[], p: { x: number; y: number }): T[] {
  return boxes.filter((b) => p.x >= b.x && p.x <= b.x + b.width && p.y >= b.y && p.y <= b.y + b.height);
}

/** Which page a screen point is on, if any. */
export function pageAtPoint(p: { x: number; y: number }, rects: Map<number, Rect>): number | null {
  for (const [n, r] of rects) {
    if (p.x >= r.left && p.x <= r.left + r.width && p.y >= r.top && p.y <= r.top + r.height) return n;
  }
  return null;
}

/** Keyboard nudges and resizes, in points. */
export function nudge(b: Box, dx: number, dy: number, page: PageSize): Box {
  return clampBox({ ...b, x: b.x + dx, y: b.y + dy }, page);
}
export function resize(b: Box, dw: number, dh: number, page: PageSize): Box {
  const width = Math.min(Math.max(b.width + dw, MIN_SIZE), page.width - b.x);
  const height = Math.min(Math.max(b.height + dh, MIN_SIZE), page.height - b.y);
  return clampBox({ ...b, width, height }, page);
}
