/**
 * Lines of a stored text layer: items on one baseline joined in reading order, so that text split
 * by the PDF writer (a style change, a colour change, one glyph per operator) reads as one string,
 * with a map from each character back to its item for boxes.
 */
import type { TextItem, TextDir } from "./items";

/** An item's text in a line: `item.str` is `text.slice(from, from + item.str.length)`. */
export interface Segment {
  item: TextItem;
  from: number;
}

export interface Line {
  dir: TextDir;
  text: string;
  /**
   * The items the line's text is made of, in order; a character in none of them is a space put in for a
   * visual gap. One entry per item, not per character: a 300-page document has a million characters.
   */
  segs: Segment[];
  /** `text` without white-space, and where each of its characters is in `text` (built on first search). */
  compact?: { text: string; pos: number[] };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Extent across the reading direction, and start/end along it (growing in reading order). */
function geometry(it: TextItem): { dir: TextDir; lo: number; hi: number; start: number; end: number } {
  const dir = it.dir ?? 0;
  switch (dir) {
    case 0:
      return { dir, lo: it.y, hi: it.y + it.height, start: it.x, end: it.x + it.width };
    case 90:
      return { dir, lo: it.x, hi: it.x + it.width, start: it.y, end: it.y + it.height };
    case 180:
      return { dir, lo: it.y, hi: it.y + it.height, start: -(it.x + it.width), end: -it.x };
    default:
      return { dir, lo: it.x, hi: it.x + it.width, start: -(it.y + it.height), end: -it.y };
  }
}

/** A gap wider than this share of the font size reads as a space (poppler splits words at 0.1). */
const SPACE_GAP = 0.15;

export function buildLines(items: TextItem[]): Line[] {
  const geo = items.map((it) => ({ it, ...geometry(it) }));
  geo.sort((a, b) => a.dir - b.dir || (a.lo + a.hi) / 2 - (b.lo + b.hi) / 2);
  const groups: { dir: TextDir; members: typeof geo }[] = [];
  let cur: typeof geo = [];
  let dir: TextDir = 0;
  let center = 0;
  let half = 0;
  for (const g of geo) {
    const c = (g.lo + g.hi) / 2;
    const h = (g.hi - g.lo) / 2;
    // Same line when the centres are within half the smaller height: text of mixed sizes on one
    // baseline stays together, a superscript or the next line does not.
    if (cur.length && g.dir === dir && Math.abs(c - center) <= Math.min(h, half)) {
      cur.push(g);
      continue;
    }
    if (cur.length) groups.push({ dir, members: cur });
    cur = [g];
    dir = g.dir;
    center = c;
    half = h;
  }
  if (cur.length) groups.push({ dir, members: cur });

  return groups.map(({ dir: lineDir, members: group }) => {
    group.sort((a, b) => a.start - b.start);
    let text = "";
    const segs: Segment[] = [];
    let prevEnd = -Infinity;
    for (const g of group) {
      const gap = g.start - prevEnd;
      if (
        text &&
        gap > SPACE_GAP * g.it.fontSize &&
        !isSpace(text.charCodeAt(text.length - 1)) &&
        !isSpace(g.it.str.charCodeAt(0))
      )
        text += " ";
      segs.push({ item: g.it, from: text.length });
      text += g.it.str;
      prevEnd = Math.max(prevEnd, g.end);
    }
    return { dir: lineDir, text, segs };
  });
}

/**
 * The box of characters [from, to) of a line. Across the reading direction the box starts where
 * its first character's box starts, as poppler's first word does: when a style change makes part
 * of an anchor taller ("{{s2|date|<big>180</big>|40}}"), `pdftotext -bbox` reports the top of
 * "{{", and so do we; the box still extends to cover every character.
 */
export function boxOf(line: Line, from: number, to: number): Box | undefined {
  const e = charExtent(line, from, to);
  if (!e) return undefined;
  let { y0, x0 } = e;
  if (line.dir === 0 || line.dir === 180) y0 = e.first.y0;
  else x0 = e.first.x0;
  const r = (n: number) => Math.round(n * 100) / 100;
  return { x: r(x0), y: r(y0), width: r(e.x1 - x0), height: r(e.y1 - y0) };
}

/**
 * Everything the characters of a line cover, a little wider than the box of any part of it (boxOf rounds to
 * hundredths): a box of some of its characters can overlap a field only where this does.
 */
export function extentOf(line: Line): Box | undefined {
  const e = charExtent(line, 0, line.text.length);
  if (!e) return undefined;
  const pad = 0.01;
  return { x: e.x0 - pad, y: e.y0 - pad, width: e.x1 - e.x0 + 2 * pad, height: e.y1 - e.y0 + 2 * pad };
}

function charExtent(line: Line, from: number, to: number) {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  let firstX = 0,
    firstY = 0,
    any = false;
  // Scalars only: this runs once per character of every line a preview looks at.
  for (const seg of line.segs) {
    const it = seg.item;
    const j0 = Math.max(from, seg.from) - seg.from;
    const j1 = Math.min(to, seg.from + it.str.length) - seg.from;
    if (j0 >= j1) continue;
    // The characters run along x (0°, 180°) or y (90°, 270°), backwards at 180° and 270°; across the run,
    // the box is the item's.
    const dir = it.dir ?? 0;
    const vertical = dir === 90 || dir === 270;
    const backwards = dir === 180 || dir === 270;
    const len = vertical ? it.height : it.width;
    const at = vertical ? it.y : it.x;
    const across0 = vertical ? Math.min(it.x, it.x + it.width) : Math.min(it.y, it.y + it.height);
    const across1 = vertical ? Math.max(it.x, it.x + it.width) : Math.max(it.y, it.y + it.height);
    for (let j = j0; j < j1; j++) {
      const s = it.charX[j] ?? 0;
      const e = it.charX[j + 1] ?? len;
      const a = backwards ? at + len - e : at + s;
      const b = backwards ? at + len - s : at + e;
      const lo = a < b ? a : b;
      const hi = a < b ? b : a;
      const bx0 = vertical ? across0 : lo;
      const bx1 = vertical ? across1 : hi;
      const by0 = vertical ? lo : across0;
      const by1 = vertical ? hi : across1;
      if (!any) {
        any = true;
        firstX = bx0;
        firstY = by0;
      }
      if (bx0 < x0) x0 = bx0;
      if (bx1 > x1) x1 = bx1;
      if (by0 < y0) y0 = by0;
      if (by1 > y1) y1 = by1;
    }
  }
  return any ? { x0, y0, x1, y1, first: { x0: firstX, y0: firstY } } : undefined;
}

/** What \s matches, without a regular expression per character. */
export function isSpace(c: number): boolean {
  return c <= 32
    ? c === 32 || (c >= 9 && c <= 13)
    : c === 0xa0 ||
        c === 0x1680 ||
        (c >= 0x2000 && c <= 0x200a) ||
        c === 0x2028 ||
        c === 0x2029 ||
        c === 0x202f ||
        c === 0x205f ||
        c === 0x3000 ||
        c === 0xfeff;
}

/**
 * Where `needle` occurs in the line, ignoring white-space on both sides: extraction cannot
 * always tell a kerning gap from a space, and anchors are matched by their visible characters.
 * Returns [from, to) ranges in `line.text`, not overlapping.
 */
export function matchIgnoringSpaces(line: Line, needle: string): [number, number][] {
  const compactNeedle = needle.replace(/\s+/g, "");
  if (!compactNeedle) return [];
  if (!line.compact) {
    let text = "";
    const pos: number[] = [];
    for (let i = 0; i < line.text.length; i++) {
      if (isSpace(line.text.charCodeAt(i))) continue;
      text += line.text[i];
      pos.push(i);
    }
    line.compact = { text, pos };
  }
  const { text: compact, pos } = line.compact;
  const out: [number, number][] = [];
  for (let at = compact.indexOf(compactNeedle); at >= 0; at = compact.indexOf(compactNeedle, at + compactNeedle.length)) {
    const first = pos[at];
    const last = pos[at + compactNeedle.length - 1];
    // pos has one entry per unit of compact, so both are there.
    if (first === undefined || last === undefined) break;
    out.push([first, last + 1]);
  }
  return out;
}

/** Page, then rows top to bottom, then left to right; a row is boxes whose tops are within half a height. */
export function readingOrder<T extends Box & { page: number }>(list: T[]): T[] {
  const sorted = [...list].sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x);
  const out: T[] = [];
  let row: T[] = [];
  const flush = () => {
    row.sort((a, b) => a.x - b.x);
    out.push(...row);
    row = [];
  };
  for (const o of sorted) {
    const first = row[0];
    if (first && (o.page !== first.page || o.y - first.y > 0.5 * Math.min(o.height, first.height))) flush();
    row.push(o);
  }
  flush();
  return out;
}
