/**
 * The text layer of a PDF: every run of text on every page with its box in points from the
 * top-left of the page as displayed (crop box and /Rotate applied), and the offset of each
 * character inside its run from the font's glyph widths.
 *
 * Extracted once per document version and stored as JSON, so that anchor lookup, preview and
 * stamping never parse the PDF again. Boxes agree with poppler's `pdftotext -bbox`.
 *
 * Why not pdfjs: on a 300-page Chromium PDF, pdfjs getTextContent took 4.7 s and
 * getOperatorList 8.0 s against 1.3 s for `pdftotext -bbox`, and neither gives glyph widths or
 * poppler's ascent. This reader (pdf-lib for objects, its own content-stream interpreter) reads
 * the same file in well under poppler's time; see the benchmark test.
 */
import { PDFArray, type PDFDocument, PDFName, type PDFPage, PDFStream } from "@cantoo/pdf-lib";
import { PdfError } from "./errors";
import { TEXT_LAYER_VERSION } from "./text-layer-version";
import { openPdf } from "./load";
import { oneReadingBytes } from "./canonical";
import { LIMITS, withBudget, type ParseBudget } from "./limits";
import { FontCache } from "./text/fonts";
import { Interpreter } from "./text/interpreter";
import { ItemBuilder, type TextItem } from "./text/items";
import { pageGeometry } from "./page-box";
import { decodeStream, resolve } from "./text/objects";

export type { TextItem, TextDir } from "./text/items";
// Moved to page-box.ts (one definition of the displayed page); re-exported for existing imports.
export { pageGeometry, type PageGeometry } from "./page-box";

export interface TextLayerPage {
  /** 1-based. */
  page: number;
  /** Displayed size in points (rotation applied). */
  width: number;
  height: number;
  /** The page's /Rotate, 0, 90, 180 or 270. */
  rotation: number;
  items: TextItem[];
}

export interface TextLayer {
  /** Bumped when the format or the extraction rules change, so stored layers can be rebuilt. */
  version: typeof TEXT_LAYER_VERSION;
  pages: TextLayerPage[];
}

export { TEXT_LAYER_VERSION } from "./text-layer-version";

export interface ExtractOptions {
  /** Wall-clock limit for the whole document; default 20 s. */
  timeoutMs?: number;
  /** More pages than this gives PdfError TOO_MANY_PAGES. */
  maxPages?: number;
  /** More glyphs than this gives PdfError TOO_COMPLEX; default 5 million. */
  maxGlyphs?: number;
  /**
   * Read only part `index` of `of` equal runs of pages (the engine reads a long document in several
   * worker threads at once); pages keep their numbers in the whole document.
   */
  part?: { index: number; of: number };
  /** Also give the bytes to store for the file (canonical.ts), from the same parse. */
  canonical?: boolean;
}

/** A part of a document's text layer, and the displayed size of every page of the document. */
export interface TextLayerPart {
  pageSizes: { width: number; height: number }[];
  pages: TextLayerPage[];
  /** With opts.canonical: the file's one reading written once, or null when the file already is that as written. */
  canonical?: Uint8Array | null;
}

function pageContent(doc: PDFDocument, page: PDFPage, budget: ParseBudget): Uint8Array {
  const contents = resolve(doc.context, page.node.get(PDFName.of("Contents")));
  const streams = contents instanceof PDFArray ? contents.asArray().map((c) => resolve(doc.context, c)) : [contents];
  const parts = streams.filter((s): s is PDFStream => s instanceof PDFStream).map((s) => decodeStream(doc.context, s, budget));
  const only = parts.length === 1 ? parts[0] : undefined;
  if (only) return only;
  // Operators may straddle the streams of an array; join them with a separator as the spec says.
  const total = parts.reduce((n, p) => n + p.length + 1, 0);
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    out[off + p.length] = 10;
    off += p.length + 1;
  }
  return out;
}

/** Reads the text layer, or throws PdfError (NOT_PDF, ENCRYPTED, UNPARSEABLE, TOO_MANY_PAGES, TOO_COMPLEX). */
export async function extractTextLayer(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<TextLayer> {
  const { pages } = await extractTextLayerPart(bytes, { ...opts, part: undefined });
  return { version: TEXT_LAYER_VERSION, pages };
}

/** The text layer of part of the pages (opts.part; all of them without), with every page's size. */
export function extractTextLayerPart(bytes: Uint8Array, opts: ExtractOptions = {}): Promise<TextLayerPart> {
  return withBudget((budget) => readTextLayer(bytes, opts, budget));
}

async function readTextLayer(bytes: Uint8Array, opts: ExtractOptions, budget: ParseBudget): Promise<TextLayerPart> {
  const deadline = performance.now() + (opts.timeoutMs ?? 20_000);
  const opened = await openPdf(bytes, { maxPages: opts.maxPages });
  const { doc, pages } = opened;
  const sized = pages.map((page) => ({ page, geo: pageGeometry(page) }));
  const { index = 0, of = 1 } = opts.part ?? {};
  const first = Math.floor((index * pages.length) / of);
  const end = Math.floor(((index + 1) * pages.length) / of);
  const fonts = new FontCache(doc.context, budget);
  const formCache = new Map<string, Uint8Array>();
  const maxGlyphs = opts.maxGlyphs ?? 5_000_000;
  let glyphs = 0;
  const out: TextLayerPage[] = [];
  for (const [k, { page, geo }] of sized.slice(first, end).entries()) {
    const i = first + k;
    const builder = new ItemBuilder(geo.width, geo.height);
    const limits = { deadline, maxGlyphs: Math.min(maxGlyphs - glyphs, LIMITS.pageGlyphs), budget };
    try {
      const content = pageContent(doc, page, budget);
      new Interpreter(doc.context, fonts, builder, limits, formCache, geo.toDisplay).run(content, page.node.Resources());
    } catch (e) {
      if (e instanceof PdfError) throw e;
      if (e instanceof RangeError)
        throw new PdfError("TOO_COMPLEX", "The PDF is too complex to process: its content nests too deeply");
      // A defect in one page's objects loses that page's remaining text, not the document.
    }
    builder.flush();
    glyphs += builder.glyphs;
    out.push({ page: i + 1, width: geo.width, height: geo.height, rotation: geo.rotation, items: builder.items });
    if (performance.now() > deadline)
      throw new PdfError("TOO_COMPLEX", "Reading the PDF's text took longer than the time limit; the document is too complex");
  }
  const pageSizes = sized.map(({ geo: { width, height } }) => ({ width, height }));
  // Written after the text is read: dropping what the trailer does not reach changes nothing a page uses.
  return { pageSizes, pages: out, ...(opts.canonical && { canonical: await oneReadingBytes(opened) }) };
}
