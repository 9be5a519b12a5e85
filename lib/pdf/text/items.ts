/**
 * Turns positioned glyphs into text items: runs of glyphs in one font and size on one baseline
 * that follow each other without a gap. Boxes follow poppler's TextWord (TextOutputDev.cc): the
 * box starts at the first glyph's origin and extends ascent x size above the baseline and
 * descent x size below it, in the text's own direction, so anchor positions agree with
 * `pdftotext -bbox`. Text drawn again a fraction of a point away (fake bold, shadows) is kept
 * once, as poppler keeps it: otherwise every anchor in it would be found twice.
 */
import type { PdfFont } from "./fonts";
import { isSpace } from "./lines";

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
   * Rounded to hundredths of a point; a layer read back from storage has them in one typed array (text-layer-codec.ts).
   */
  charX: number[] | Float64Array;
}

interface Current {
  font: PdfFont;
  size: number;
  rot: number;
  /** Baseline, across the reading direction. */
  perp: number;
  start: number;
  /** Where the next glyph would follow on (the last advance's end). */
  end: number;
  /** The box's end: the last glyph's, without Tc and Tw (poppler's TextWord). */
  right: number;
  str: string;
  charX: number[];
}

/** A word of a run: [from, to) in its string and its extent along the baseline. */
interface Word {
  from: number;
  to: number;
  start: number;
  end: number;
}

/**
 * poppler's limits for duplicated text (TextOutputDev.cc, dupMaxPriDelta and dupMaxSecDelta):
 * the same text within 0.1 em along the line and 0.2 em across it is one text drawn twice, as
 * drivers fake bold (or a drop shadow) by drawing it again a fraction of a point away.
 */
const DUP_ALONG = 0.1;
const DUP_ACROSS = 0.2;
/** poppler's minDupBreakOverlap: a glyph this far back over the run may be a redraw. */
const DUP_BREAK_OVERLAP = 0.2;
/** How many earlier runs (and baselines) a run is compared with for duplicates. */
const RECENT = 64;

const r2 = (n: number) => Math.round(n * 100) / 100;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isSpace(s.charCodeAt(i))) return false;
  return true;
}

/** Character i's offset in a run: `charX` has one entry per UTF-16 unit of `str`, always. */
function charXAt(c: Current, i: number): number {
  const x = c.charX[i];
  if (x === undefined) throw new Error(`text run: no offset for character ${i} of ${c.str.length}`);
  return x;
}

/** The words of a run (maximal runs of non-space characters). */
function wordsOf(c: Current): Word[] {
  const { str } = c;
  const n = str.length;
  const out: Word[] = [];
  for (let i = 0; i < n;) {
    if (isSpace(str.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < n && !isSpace(str.charCodeAt(j))) j++;
    out.push({ from: i, to: j, start: c.start + charXAt(c, i), end: j < n ? c.start + charXAt(c, j) : c.right });
    i = j;
  }
  return out;
}

export class ItemBuilder {
  readonly items: TextItem[] = [];
  glyphs = 0;
  private cur: Current | undefined;
  /** The last glyph kept, to drop the same glyph drawn again on top of it. */
  private lastText = "";
  private lastRot = -1;
  private lastAlong = 0;
  private lastPerp = 0;
  /** Runs kept on this page, by direction and whole point across the baseline. */
  private readonly runs = new Map<number, Current[]>();

  constructor(
    private readonly pageWidth: number,
    private readonly pageHeight: number,
  ) {}

  /**
   * One glyph: origin (ox, oy) and advance (adx, ady) on the displayed page, `size` the font
   * size as drawn, `rot` 0-3 as poppler computes it from the text matrix (a quarter turn more in
   * vertical writing); (sdx, sdy) is the character and word spacing in the advance, which the
   * glyph's box leaves out.
   */
  glyph(
    font: PdfFont,
    text: string,
    ox: number,
    oy: number,
    adx: number,
    ady: number,
    size: number,
    rot: number,
    sdx = 0,
    sdy = 0,
  ): void {
    // poppler drops glyphs whose origin is off the page; text there cannot hold a field anyway.
    if (ox < -1 || oy < -1 || ox > this.pageWidth + 1 || oy > this.pageHeight + 1) return;
    this.glyphs++;
    size *= font.sizeScale;
    let along: number, adv: number, box: number, perp: number;
    switch (rot) {
      case 0:
        along = ox;
        adv = adx;
        box = adx - sdx;
        perp = oy;
        break;
      case 1:
        along = oy;
        adv = ady;
        box = ady - sdy;
        perp = ox;
        break;
      case 2:
        along = -ox;
        adv = -adx;
        box = sdx - adx;
        perp = oy;
        break;
      default:
        along = -oy;
        adv = -ady;
        box = sdy - ady;
        perp = ox;
        break;
    }
    const tol = Math.abs(size);
    const n = text.length;
    // Vertical writing: poppler's TextWord::addChar (wMode 1) takes each character to be the em
    // before its origin, and the word to end at the last origin.
    const vertical = font.vertical;
    const origin = along;
    if (vertical) {
      along -= tol;
      adv = n > 1 ? (box * (n - 1)) / n + tol : tol;
    }
    // Fake bold glyph by glyph: each glyph drawn twice before the next one.
    if (
      text === this.lastText &&
      rot === this.lastRot &&
      Math.abs(along - this.lastAlong) < DUP_ALONG * tol &&
      Math.abs(perp - this.lastPerp) < DUP_ACROSS * tol &&
      !isBlank(text)
    )
      return;
    const c = this.cur;
    if (
      !c ||
      c.font !== font ||
      c.rot !== rot ||
      Math.abs(c.size - size) > 0.01 * tol ||
      Math.abs(c.perp - perp) > 0.05 * tol ||
      along - c.end > 0.2 * tol ||
      along - c.end < -0.6 * tol ||
      // A run drawn again from its start, short enough to overlap itself: keep the copy apart,
      // for flush() to drop.
      (along - c.end < -DUP_BREAK_OVERLAP * tol && this.redraws(c, text, along, tol))
    ) {
      this.flush();
      this.cur = { font, size, rot, perp, start: along, end: along, right: along, str: "", charX: [] };
    }
    const cur = this.cur!;
    // poppler spreads a glyph's box evenly over the characters it stands for.
    for (let k = 0; k < n; k++) cur.charX.push(r2(along - cur.start + (box * k) / n));
    cur.str += text;
    cur.end = Math.max(cur.end, along + adv);
    if (n) cur.right = vertical ? origin + (box * (n - 1)) / n : along + box;
    if (n) {
      this.lastText = text;
      this.lastRot = rot;
      this.lastAlong = along;
      this.lastPerp = perp;
    }
  }

  /** Does the run already have this glyph where it is drawn now (among its last glyphs)? */
  private redraws(c: Current, text: string, along: number, tol: number): boolean {
    if (isBlank(text)) return false;
    const { str } = c;
    for (let k = str.length - text.length; k >= 0 && k >= str.length - RECENT; k--) {
      if (Math.abs(c.start + charXAt(c, k) - along) < DUP_ALONG * tol && str.startsWith(text, k)) return true;
    }
    return false;
  }

  flush(): void {
    const c = this.cur;
    this.cur = undefined;
    if (!c || isBlank(c.str)) return;
    const others = this.overlapping(c);
    if (others.length === 0) return this.keep(c);
    // Words this run draws over the same words already on the page are dropped (poppler's
    // TextBlock::coalesce); what is left of the run stays in runs of whole words.
    const seen = others.map((o) => ({ run: o, words: wordsOf(o) }));
    const isCopy = (w: Word) => {
      const text = c.str.slice(w.from, w.to);
      for (const { run, words } of seen) {
        const along = DUP_ALONG * Math.abs(run.size);
        const across = DUP_ACROSS * Math.abs(run.size);
        if (Math.abs(run.perp - c.perp) >= across || Math.abs(run.size - c.size) >= across) continue;
        for (const o of words) {
          if (Math.abs(o.start - w.start) < along && Math.abs(o.end - w.end) < along && run.str.slice(o.from, o.to) === text)
            return true;
        }
      }
      return false;
    };
    const kept: [number, number][] = [];
    let dropped = false;
    let anyDropped = false;
    for (const w of wordsOf(c)) {
      if (isCopy(w)) {
        dropped = anyDropped = true;
        continue;
      }
      const prev = kept[kept.length - 1];
      if (prev && !dropped) prev[1] = w.to;
      else kept.push([w.from, w.to]);
      dropped = false;
    }
    if (!anyDropped) return this.keep(c);
    const n = c.str.length;
    for (const [from, to] of kept) {
      const x0 = charXAt(c, from);
      const end = to < n ? c.start + charXAt(c, to) : c.right;
      this.keep({
        ...c,
        start: c.start + x0,
        end,
        right: end,
        str: c.str.slice(from, to),
        charX: c.charX.slice(from, to).map((v) => r2(v - x0)),
      });
    }
  }

  /**
   * Runs kept on this page in the same direction, on about the same baseline, that overlap c.
   * Bounded (the last RECENT runs of at most RECENT baselines) so that a page of a million runs
   * on one line stays linear.
   */
  private overlapping(c: Current): Current[] {
    const across = DUP_ACROSS * Math.abs(c.size);
    const out: Current[] = [];
    const lo = Math.floor(c.perp - across);
    const hi = Math.min(Math.floor(c.perp + across), lo + RECENT);
    for (let p = lo; p <= hi; p++) {
      const list = this.runs.get(c.rot * 1e7 + p);
      if (!list) continue;
      for (let i = list.length - 1; i >= 0 && i >= list.length - RECENT; i--) {
        const o = list[i];
        if (o && o.start < c.end && c.start < o.end) out.push(o);
      }
    }
    return out;
  }

  private keep(c: Current): void {
    const key = c.rot * 1e7 + Math.floor(c.perp);
    const list = this.runs.get(key);
    if (list) list.push(c);
    else this.runs.set(key, [c]);
    this.push(c);
  }

  private push(c: Current): void {
    const size = Math.abs(c.size);
    // A vertical glyph's box is one em across, on the side poppler puts it (TextWord::setInitialBounds).
    const asc = (c.font.vertical ? 1 : c.font.ascent) * size;
    const desc = (c.font.vertical ? 0 : c.font.descent) * size;
    const len = c.right - c.start;
    let x: number, y: number, width: number, height: number;
    switch (c.rot) {
      case 0:
        x = c.start;
        width = len;
        y = c.perp - asc;
        height = asc - desc;
        break;
      case 1:
        y = c.start;
        height = len;
        x = c.perp + desc;
        width = asc - desc;
        break;
      case 2:
        x = -c.right;
        width = len;
        y = c.perp + desc;
        height = asc - desc;
        break;
      default:
        y = -c.right;
        height = len;
        x = c.perp - asc;
        width = asc - desc;
        break;
    }
    const item: TextItem = {
      str: c.str,
      x: r3(x),
      y: r3(y),
      width: r3(width),
      height: r3(height),
      fontSize: r3(size),
      charX: c.charX,
    };
    if (c.rot !== 0) item.dir = (c.rot * 90) as TextDir;
    this.items.push(item);
  }
}
