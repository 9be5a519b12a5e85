/**
 * A page's box as displayed: the one definition of "the page" that upload (page sizes), field
 * placement, anchors, stamps and sealing all share, so that a box the API accepts is a box the
 * seal can draw in.
 *
 * Poppler's rules: the crop box is intersected with the media box (a crop box larger than the
 * media box shows only the media box), a missing or degenerate box falls back to the media box,
 * a missing media box to US Letter, and /Rotate is taken in quarter turns.
 */
import { PDFArray, PDFNumber, PDFRef, type PDFObject, type PDFPage } from "@cantoo/pdf-lib";
import type { Matrix } from "./text/walker";
import type { PageSize } from "./boxes";

export { boxFitsPage, clipBoxToPage, EDGE_TOLERANCE, type DisplayBox, type PageSize } from "./boxes";

export interface PageGeometry {
  /** Displayed size in points (rotation applied), rounded to 1/1000 pt. */
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
  /** The displayed box in user space (crop box ∩ media box): [x0, y0, x1, y1], x0 < x1 and y0 < y1. */
  box: [number, number, number, number];
  /** User space to displayed page (y down, origin top-left). */
  toDisplay: Matrix;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

type Rect = [number, number, number, number];

function rectOf(page: PDFPage, o: PDFObject | undefined): Rect | undefined {
  const ctx = page.node.context;
  let v: PDFObject | undefined = o;
  // Chains of references are legal but short; more hops than this is a loop.
  for (let i = 0; v instanceof PDFRef && i < 16; i++) v = ctx.lookup(v);
  if (!(v instanceof PDFArray)) return undefined;
  const n = v.asArray().map((e) => {
    let x: PDFObject | undefined = e;
    for (let i = 0; x instanceof PDFRef && i < 16; i++) x = ctx.lookup(x);
    return x instanceof PDFNumber ? x.asNumber() : 0;
  });
  const [x0, y0, x1, y1] = n;
  if (x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined || !n.every(Number.isFinite)) return undefined;
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/** A page attribute, or undefined when the page tree is too damaged to give it (a /Parent loop, a wrong type). */
function attribute(get: () => PDFObject | undefined): PDFObject | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

/** Where a page's user space lands on the displayed page, and the displayed page's size. */
export function pageGeometry(page: PDFPage): PageGeometry {
  const node = page.node;
  const media = rectOf(
    page,
    attribute(() => node.MediaBox()),
  ) ?? [0, 0, 612, 792];
  const crop =
    rectOf(
      page,
      attribute(() => node.CropBox()),
    ) ?? media;
  let box: Rect = [
    Math.max(crop[0], media[0]),
    Math.max(crop[1], media[1]),
    Math.min(crop[2], media[2]),
    Math.min(crop[3], media[3]),
  ];
  if (box[2] <= box[0] || box[3] <= box[1]) box = media;
  const [x0, y0, x1, y1] = box;
  let angle = 0;
  try {
    angle = page.getRotation().angle;
  } catch {
    angle = 0;
  }
  if (!Number.isFinite(angle)) angle = 0;
  const rotation = ((((Math.round(angle / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
  const toDisplay: Matrix =
    rotation === 0
      ? [1, 0, 0, -1, -x0, y1]
      : rotation === 90
        ? [0, 1, 1, 0, -y0, -x0]
        : rotation === 180
          ? [-1, 0, 0, 1, x1, -y0]
          : [0, -1, -1, 0, y1, x1];
  const w = x1 - x0;
  const h = y1 - y0;
  const quarter = rotation === 90 || rotation === 270;
  return { width: round3(quarter ? h : w), height: round3(quarter ? w : h), rotation, box, toDisplay };
}

/** The page's displayed size in points: what upload records in `document_versions.pages`. */
export function displayedPageSize(page: PDFPage): PageSize {
  const { width, height } = pageGeometry(page);
  return { width, height };
}
