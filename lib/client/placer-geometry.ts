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

/** Default size of a new field, in points. */
export const DEFAULT_SIZE: Record<FieldType, { width: number; height: number }> = {
  SIGNATURE: { width: 180, height: 48 },
  INITIAL: { width: 72, height: 40 },
  DATE: { width: 120, height: 24 },
  TEXT: { width: 180, height: 24 },
  CHECKBOX: { width: 16, height: 16 },
  RADIO: { width: 16, height: 16 },
  DROPDOWN: { width: 160, height: 24 },
  NUMBER: { width: 100, height: 24 },
  NAME: { width: 180, height: 24 },
  EMAIL: { width: 200, height: 24 },
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
