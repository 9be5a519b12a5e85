/**
 * Where the fields that anchors ask for would lie on the page, for the anchor preview: what each one
 * covers (text a signer reads, another field) and a box that fits the text line the anchor sits on.
 *
 * The anchor grammar's sizes are a contract (a short `{{sN|date}}` is the interface spec's 200 × 60 at
 * 14 pt), and on a contract's signature block such a box covers the lines below it. The preview names
 * that, and offers the fitted box, which the dashboard places with explicit sizes; the grammar's
 * defaults never change for it.
 *
 * Text that belongs to a `{{…}}` token is not "covered": the seal removes it. Only left-to-right lines
 * get a fitted box: a field's box is upright on the displayed page, a turned line has no such height.
 */
import { pagesOf, type FoundAnchor } from "./anchors";
import type { TextLayer, TextLayerPage } from "./text-layer";
import { boxOf, extentOf, isSpace, type Box, type Line } from "./text/lines";

/** A field already stored on the document: an obstacle, or (`anchor`) the field placed at an anchor. */
export interface PlacedField extends Box {
  id: string;
  page: number;
  fontSize?: number | null;
  /** The anchor it was placed at, as stored on the field: its text, page and top-left. */
  anchor?: { text: string; page: number; x: number; y: number } | null;
}

export interface CoveredText extends Box {
  /** The covered words of one line, in reading order. */
  text: string;
}

export interface AnchorLayout {
  /** The box judged: the field placed at the anchor when there is one, else the box the anchor asks for. */
  field: Box & { fontSize?: number; placedFieldId?: string };
  covers: {
    /** Text under the field, one entry per line (at most MAX_COVERED). */
    text: CoveredText[];
    /** Other anchors whose fields this one overlaps, by their text. */
    anchors: string[];
    /** Fields placed on the page (not at an anchor) that it overlaps, by id. */
    fields: string[];
  };
  /**
   * The box that fits the anchor's line, its top-left the anchor's: as high as the line from the anchor's
   * top, as wide as the room up to the next text, field or the page's margin; a checkbox or radio button
   * a square of that height; a field that draws text takes the font size of the line's own text. Null when the anchor is
   * not on a left-to-right line of the text layer.
   */
  fit: { width: number; height: number; fontSize?: number } | null;
}

/** Less than this much in common, across and along, is a touch (a descender on the next line's ascender). */
const TOUCH = 1;
/** Room left between a fitted field and the text after it. */
const GAP = 2;
const MAX_COVERED = 20;
const MAX_TEXT = 200;

/** `{{` up to the nearest `}}` on the line, without another `{{` inside (as lib/pdf/anchors.ts finds tokens). */
const TOKEN = /\{\{(?:(?!\{\{|\}\}).)*\}\}/gs;

const FIELD_TYPES_WITH_TEXT = new Set(["date", "text", "dropdown", "number", "name", "email"]);
const SQUARE_TYPES = new Set(["checkbox", "radio"]);

const down = (n: number) => Math.floor(n * 100 + 1e-6) / 100;
const near = (a: number, b: number) => Math.abs(a - b) < 0.01;

function overlaps(a: Box, b: Box): boolean {
  const across = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  const along = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  return across > TOUCH && along > TOUCH;
}

/** A word of a line: a run of characters that are not white-space, with its box; `token` when it is part of a `{{…}}`. */
interface Word extends Box {
  text: string;
  token: boolean;
}

interface LineParts {
  words: Word[];
  tokens: { text: string; box: Box }[];
}

/**
 * A page's lines, each with what its characters cover; a line's words and tokens are cut only when a field
 * can touch it (a long document has thousands of lines and a few anchors on each page).
 */
interface PageLines {
  page: TextLayerPage;
  lines: { line: Line; extent: Box; parts?: LineParts }[];
  margin?: number;
}

const partsOf = (l: PageLines["lines"][number]): LineParts => (l.parts ??= wordsOf(l.line));

function wordsOf(line: Line): LineParts {
  const inToken = new Uint8Array(line.text.length);
  const tokens: { text: string; box: Box }[] = [];
  for (const m of line.text.matchAll(TOKEN)) {
    inToken.fill(1, m.index, m.index + m[0].length);
    const box = boxOf(line, m.index, m.index + m[0].length);
    if (box) tokens.push({ text: m[0].replace(/\s+/g, " "), box });
  }
  const words: Word[] = [];
  let from = -1;
  const flush = (to: number) => {
    if (from < 0) return;
    const box = boxOf(line, from, to);
    if (box) words.push({ ...box, text: line.text.slice(from, to), token: inToken[from] === 1 });
    from = -1;
  };
  const inItem = new Uint8Array(line.text.length);
  for (const s of line.segs) inItem.fill(1, s.from, s.from + s.item.str.length);
  for (let i = 0; i < line.text.length; i++) {
    const blank = isSpace(line.text.charCodeAt(i)) || !inItem[i];
    // A word ends at white-space and where a token starts or ends.
    if (blank || (from >= 0 && inToken[i] !== inToken[from])) flush(i);
    if (!blank && from < 0) from = i;
  }
  flush(line.text.length);
  return { words, tokens };
}

function linesOf(page: TextLayerPage, lines: Line[]): PageLines {
  return {
    page,
    lines: lines.flatMap((line) => {
      const extent = extentOf(line);
      return extent ? [{ line, extent }] : [];
    }),
  };
}

/** Whether a point lies in a box, give or take a rounding. */
const within = (b: Box, x: number, y: number) =>
  x >= b.x - 0.01 && x <= b.x + b.width + 0.01 && y >= b.y - 0.01 && y <= b.y + b.height + 0.01;

/** The right edge text on the page keeps to: its left margin mirrored, and never left of text already there. */
function rightMargin(page: TextLayerPage): number {
  const upright = page.items.filter((it) => (it.dir ?? 0) === 0 && it.str.trim());
  if (!upright.length) return page.width;
  const left = Math.min(...upright.map((it) => it.x));
  const right = Math.max(...upright.map((it) => it.x + it.width));
  return Math.min(page.width, Math.max(page.width - left, right));
}

/** The font size most of the line's own text is drawn in (its tokens' only when it has nothing else). */
function lineFontSize(line: Line, inToken: (i: number) => boolean): number | undefined {
  const weight = new Map<number, number>();
  const count = (own: boolean) => {
    weight.clear();
    for (const { item, from } of line.segs) {
      const size = Math.round(item.fontSize * 100) / 100;
      for (let i = from; i < from + item.str.length; i++) {
        if (inToken(i) !== own || isSpace(line.text.charCodeAt(i))) continue;
        weight.set(size, (weight.get(size) ?? 0) + 1);
      }
    }
    return [...weight].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0];
  };
  return count(false) ?? count(true);
}

function fitOf(pl: PageLines, token: Box, field: { fontSize?: number; square: boolean }, obstacles: Box[]): AnchorLayout["fit"] {
  const at = pl.lines.find(
    (l) =>
      l.line.dir === 0 &&
      within(l.extent, token.x, token.y) &&
      partsOf(l).tokens.some((t) => near(t.box.x, token.x) && near(t.box.y, token.y)),
  );
  if (!at) return null;
  const { line } = at;
  const { words } = partsOf(at);
  let bottom = token.y + token.height;
  for (const { item } of line.segs) if (item.str) bottom = Math.max(bottom, item.y + item.height);
  const height = down(bottom - token.y);
  if (field.square) return { width: height, height };
  const tokenEnd = token.x + token.width;
  let limit = (pl.margin ??= rightMargin(pl.page));
  // The next text on the line (another token too: its field or image goes there), then any field beside it.
  for (const w of words)
    if (w.x >= tokenEnd - 0.5 && !(near(w.x, token.x) && near(w.y, token.y))) limit = Math.min(limit, w.x - GAP);
  const band = { x: tokenEnd, y: token.y, width: Number.MAX_SAFE_INTEGER, height };
  for (const o of obstacles) if (o.x >= token.x + TOUCH && overlaps(o, band)) limit = Math.min(limit, o.x - GAP);
  const width = down(Math.max(limit - token.x, token.width));
  if (field.fontSize === undefined) return { width, height };
  const tokenChars = new Set<number>();
  for (const m of line.text.matchAll(TOKEN)) for (let i = m.index; i < m.index + m[0].length; i++) tokenChars.add(i);
  const size = lineFontSize(line, (i) => tokenChars.has(i)) ?? field.fontSize;
  // The line's own text is drawn at this size in this height, so the field's text fits it too; a field takes
  // 4 to 96 pt (lib/schemas/fields.ts). The glyph boxes are the font's ascent to descent, often less than its
  // size (Helvetica's 12 pt line is 11.1 pt high): the size is not cut to the height.
  return { width, height, fontSize: Math.max(4, Math.min(size, 96)) };
}

/** The size a valid anchor asks for its field, or null when it makes none (image, legacy). */
function askedFor(a: FoundAnchor): { width: number; height: number; fontSize?: number; square: boolean } | null {
  if (!a.ok || a.anchor.type === "legacy" || a.anchor.type === "image") return null;
  const p = a.anchor;
  return {
    width: p.width,
    height: p.height,
    fontSize: FIELD_TYPES_WITH_TEXT.has(p.type) && "fontSize" in p ? p.fontSize : undefined,
    square: SQUARE_TYPES.has(p.type),
  };
}

/**
 * The layout of every anchor of `found` (a document's findAllAnchors) that makes a field, in the same
 * order (null for the others): the box judged, what it covers, and the box that fits its line.
 * `placed` are the document's stored fields.
 */
export function layoutAnchorFields(layer: TextLayer, found: FoundAnchor[], placed: PlacedField[]): (AnchorLayout | null)[] {
  const pages = new Map<number, PageLines>();
  const layerPages = new Map(layer.pages.map((p) => [p.page, p]));
  const layerLines = new Map(pagesOf(layer).map((p) => [p.page, p.lines]));
  const pageLines = (n: number) => {
    let pl = pages.get(n);
    if (!pl) {
      const page = layerPages.get(n);
      if (!page) return undefined;
      pl = linesOf(page, layerLines.get(n) ?? []);
      pages.set(n, pl);
    }
    return pl;
  };
  const atAnchor = (a: FoundAnchor) =>
    placed.find(
      (f) => f.anchor && f.anchor.text === a.text && f.anchor.page === a.page && near(f.anchor.x, a.x) && near(f.anchor.y, a.y),
    );

  // The box each anchor's field has: the stored one when it was placed, else the one it asks for.
  const boxes = found.map((a) => {
    const asked = askedFor(a);
    if (!asked) return null;
    const stored = atAnchor(a);
    const field: AnchorLayout["field"] = stored
      ? { x: stored.x, y: stored.y, width: stored.width, height: stored.height, placedFieldId: stored.id }
      : { x: a.x, y: a.y, width: asked.width, height: asked.height };
    const fontSize = stored ? (stored.fontSize ?? undefined) : asked.fontSize;
    if (fontSize !== undefined) field.fontSize = fontSize;
    return { a, asked, field };
  });
  const atAnchors = new Set(boxes.flatMap((b) => (b?.field.placedFieldId ? [b.field.placedFieldId] : [])));
  const loose = placed.filter((f) => !atAnchors.has(f.id));

  return boxes.map((b, i) => {
    if (!b) return null;
    const { a, asked, field } = b;
    const others = boxes.filter((o, j): o is NonNullable<typeof o> => !!o && j !== i && o.a.page === a.page);
    const looseHere = loose.filter((f) => f.page === a.page);
    const pl = pageLines(a.page);
    const text: CoveredText[] = [];
    for (const l of pl?.lines ?? []) {
      if (text.length >= MAX_COVERED) break;
      if (!overlaps(l.extent, field)) continue;
      const under = partsOf(l).words.filter((w) => !w.token && overlaps(w, field));
      if (!under[0]) continue;
      const x0 = Math.min(...under.map((w) => w.x));
      const y0 = Math.min(...under.map((w) => w.y));
      const x1 = Math.max(...under.map((w) => w.x + w.width));
      const y1 = Math.max(...under.map((w) => w.y + w.height));
      const r = (n: number) => Math.round(n * 100) / 100;
      text.push({
        text: under
          .map((w) => w.text)
          .join(" ")
          .slice(0, MAX_TEXT),
        x: r(x0),
        y: r(y0),
        width: r(x1 - x0),
        height: r(y1 - y0),
      });
    }
    const covers = {
      text,
      anchors: others.filter((o) => overlaps(o.field, field)).map((o) => o.a.text),
      fields: looseHere.filter((f) => overlaps(f, field)).map((f) => f.id),
    };
    const fit = pl
      ? fitOf(pl, a, { fontSize: asked.fontSize, square: asked.square }, [...others.map((o) => o.field), ...looseHere])
      : null;
    return { field, covers, fit };
  });
}
