/**
 * Turns positioned glyphs into text items: runs of glyphs in one font and size on one baseline
 * that follow each other without a gap. Boxes follow poppler's TextWord (TextOutputDev.cc): the
 * box starts at the first glyph's origin and extends ascent x size above the baseline and
 * descent x size below it, in the text's own direction, so anchor positions agree with
 * `pdftotext -bbox`.
 */
import type { PdfFont } from "./fonts";

/** Text direction on the displayed page: 0 left-to-right, 90 downwards, 180 right-to-left (upside down), 270 upwards. */
export type TextDir = 0 | 90 | 180 | 270;

export interface TextItem {
  str: string;
  /** Axis-aligned box on the displayed page, points from its top-left. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Font size as drawn (text and current matrices applied). */
  fontSize: number;
  /** Reading direction; omitted for 0. */
  dir?: TextDir;
  /**
   * Per UTF-16 unit of `str`: distance from the item's start edge (left for dir 0, top for 90,
   * right for 180, bottom for 270) to the origin of that character's glyph, from glyph widths.
   */
  charX: number[];
}

interface Current {
  font: PdfFont;
  size: number;
  rot: number;
  /** Baseline, across the reading direction. */
  perp: number;
  start: number;
  end: number;
  str: string;
  charX: number[];
}

const r2 = (n: number) => Math.round(n * 100) / 100;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

export class ItemBuilder {
  readonly items: TextItem[] = [];
  glyphs = 0;
  private cur: Current | undefined;

  constructor(
    private readonly pageWidth: number,
    private readonly pageHeight: number,
  ) {}

  /**
   * One glyph: origin (ox, oy) and advance (adx, ady) on the displayed page, `size` the font
   * size as drawn, `rot` 0-3 as poppler computes it from the text matrix.
   */
  glyph(font: PdfFont, text: string, ox: number, oy: number, adx: number, ady: number, size: number, rot: number): void {
    // poppler drops glyphs whose origin is off the page; text there cannot hold a field anyway.
    if (ox < -1 || oy < -1 || ox > this.pageWidth + 1 || oy > this.pageHeight + 1) return;
    this.glyphs++;
    let along: number, adv: number, perp: number;
    switch (rot) {
      case 0: along = ox; adv = adx; perp = oy; break;
      case 1: along = oy; adv = ady; perp = ox; break;
      case 2: along = -ox; adv = -adx; perp = oy; break;
      default: along = -oy; adv = -ady; perp = ox; break;
    }
    const c = this.cur;
    const tol = Math.abs(size);
    if (
      !c ||
      c.font !== font ||
      c.rot !== rot ||
      Math.abs(c.size - size) > 0.01 * tol ||
      Math.abs(c.perp - perp) > 0.05 * tol ||
      along - c.end > 0.2 * tol ||
      along - c.end < -0.6 * tol
    ) {
      this.flush();
      this.cur = { font, size, rot, perp, start: along, end: along, str: "", charX: [] };
    }
    const cur = this.cur!;
    const n = text.length;
    for (let k = 0; k < n; k++) cur.charX.push(r2(along - cur.start + (adv * k) / n));
    cur.str += text;
    cur.end = Math.max(cur.end, along + adv);
  }

  flush(): void {
    const c = this.cur;
    this.cur = undefined;
    if (!c || c.str.trim() === "") return;
    const size = Math.abs(c.size);
    const asc = c.font.ascent * size;
    const desc = c.font.descent * size;
    const len = c.end - c.start;
    let x: number, y: number, width: number, height: number;
    switch (c.rot) {
      case 0: x = c.start; width = len; y = c.perp - asc; height = asc - desc; break;
      case 1: y = c.start; height = len; x = c.perp + desc; width = asc - desc; break;
      case 2: x = -c.end; width = len; y = c.perp + desc; height = asc - desc; break;
      default: y = -c.end; height = len; x = c.perp - asc; width = asc - desc; break;
    }
    const item: TextItem = { str: c.str, x: r3(x), y: r3(y), width: r3(width), height: r3(height), fontSize: r3(size), charX: c.charX };
    if (c.rot !== 0) item.dir = (c.rot * 90) as TextDir;
    this.items.push(item);
  }
}
