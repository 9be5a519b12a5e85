/**
 * From the coordinates the API speaks (points from the top-left of the displayed page, rotation
 * applied) back to a page's user space, where pdf-lib draws.
 */
import type { PDFDocument, PDFPage } from "@cantoo/pdf-lib";
import { PdfError } from "./errors";
import { boxFitsPage, pageGeometry } from "./page-box";
import { multiply, type Matrix } from "./text/walker";

export interface PageBox {
  /** 1-based. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2];
  return [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, (m[2] * m[5] - m[3] * m[4]) / det, (m[1] * m[4] - m[0] * m[5]) / det];
}

/**
 * The page a box is on, after checking the box lies inside it (decisions.md: else 422), with the
 * same rule and the same displayed box as field placement (page-box.ts).
 */
export function pageFor(doc: PDFDocument, box: PageBox, what: string): PDFPage {
  const count = doc.getPageCount();
  if (!Number.isInteger(box.page) || box.page < 1 || box.page > count) {
    throw new PdfError(
      "OUT_OF_PAGE",
      `${what}: page ${box.page} does not exist; the document has ${count} page${count === 1 ? "" : "s"}`,
    );
  }
  const page = doc.getPage(box.page - 1);
  const geo = pageGeometry(page);
  if (!boxFitsPage(box, geo)) {
    throw new PdfError(
      "OUT_OF_PAGE",
      `${what}: the box at (${box.x}, ${box.y}) of ${box.width} x ${box.height} pt is not inside page ${box.page} (${geo.width} x ${geo.height} pt)`,
    );
  }
  return page;
}

/**
 * A matrix for `cm` that lets drawing code work in the box's own frame: origin at the box's
 * bottom-left as displayed, x to the right and y up on the displayed page, in points. Whatever
 * the page's /Rotate, what is drawn there appears upright to the reader.
 */
export function boxFrame(page: PDFPage, box: PageBox): Matrix {
  const geo = pageGeometry(page);
  const boxToDisplay: Matrix = [1, 0, 0, -1, box.x, box.y + box.height];
  return multiply(boxToDisplay, invert(geo.toDisplay));
}
