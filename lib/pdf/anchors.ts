/**
 * Finding anchors in a stored text layer (decisions.md "Anchors"): any literal text, matched
 * across text items and style changes within a line, hidden (white) text included. Positions are
 * the top-left of the anchor text's box on the displayed page, as `pdftotext -bbox` reports it.
 */
import { parseAnchor, type AnchorParse } from "./anchor-grammar";
import type { TextLayer } from "./text-layer";
import { boxOf, buildLines, matchIgnoringSpaces, readingOrder, type Line } from "./text/lines";

export { parseAnchor, DATE_DEFAULTS } from "./anchor-grammar";
export type { AnchorParse, ParsedAnchor } from "./anchor-grammar";

export interface AnchorOccurrence {
  /** 1-based. */
  page: number;
  /** Top-left of the anchor text's box, points from the top-left of the displayed page. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** An anchor-shaped token found in the document: its text, where it is, and what it parses to. */
export type FoundAnchor = AnchorOccurrence & { text: string } & AnchorParse;

/** Lines are derived data: cache them per layer object so repeated look-ups don't rebuild them. */
const linesCache = new WeakMap<TextLayer, { page: number; lines: Line[] }[]>();

/** The layer's lines, page by page (built once per layer object: the finder and the preview's layout share them). */
export function pagesOf(layer: TextLayer): { page: number; lines: Line[] }[] {
  let pages = linesCache.get(layer);
  if (!pages) {
    pages = layer.pages.map((p) => ({ page: p.page, lines: buildLines(p.items) }));
    linesCache.set(layer, pages);
  }
  return pages;
}

/**
 * Every occurrence of `anchorKey` in reading order (page, top to bottom, left to right).
 * White-space is ignored when matching, so "{{s1|signature|120|40}}" is found even when the
 * PDF puts a gap inside it. `occurrenceIndex` n is element n of the result.
 */
export function findAnchors(layer: TextLayer, anchorKey: string): AnchorOccurrence[] {
  const found: AnchorOccurrence[] = [];
  for (const { page, lines } of pagesOf(layer)) {
    for (const line of lines) {
      for (const [from, to] of matchIgnoringSpaces(line, anchorKey)) {
        const box = boxOf(line, from, to);
        if (box) found.push({ page, ...box });
      }
    }
  }
  return readingOrder(found);
}

/**
 * Occurrence `occurrenceIndex` (0-based, default 0) of `anchorKey`, or undefined when there are
 * fewer occurrences (the caller answers 422 naming the anchor and the count found).
 */
export function anchorOccurrence(layer: TextLayer, anchorKey: string, occurrenceIndex = 0): AnchorOccurrence | undefined {
  if (!Number.isInteger(occurrenceIndex) || occurrenceIndex < 0) return undefined;
  return findAnchors(layer, anchorKey)[occurrenceIndex];
}

/** `{{` up to the nearest `}}` on the line, without another `{{` inside. */
const TOKEN = /\{\{(?:(?!\{\{|\}\}).)*\}\}/gs;
/** An opening that looks like one of ours but is never closed on its line. */
const UNCLOSED = /\{\{\s*(?:s\d+\s*\||signet\s*:)(?:(?!\{\{|\}\}).)*$/is;

/** Every `{{...}}` token in the document, parsed, with its box, in reading order. */
export function findAllAnchors(layer: TextLayer): FoundAnchor[] {
  const found: FoundAnchor[] = [];
  for (const { page, lines } of pagesOf(layer)) {
    for (const line of lines) {
      let lastEnd = 0;
      for (const m of line.text.matchAll(TOKEN)) {
        const from = m.index;
        const to = from + m[0].length;
        lastEnd = to;
        const box = boxOf(line, from, to);
        if (!box) continue;
        const text = m[0].replace(/\s+/g, " ");
        found.push({ page, ...box, text, ...parseAnchor(text) });
      }
      const rest = line.text.slice(lastEnd);
      const open = UNCLOSED.exec(rest);
      if (open) {
        const from = lastEnd + open.index;
        const box = boxOf(line, from, line.text.length);
        if (box)
          found.push({
            page,
            ...box,
            text: open[0].trim(),
            ok: false,
            reason: "the anchor is not closed with }} on the same line",
          });
      }
    }
  }
  return readingOrder(found);
}
