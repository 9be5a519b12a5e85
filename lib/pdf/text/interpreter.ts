/**
 * The text layer's reading of a page: the glyphs the content walker (walker.ts) reports become
 * text items, with /ActualText (PDF 32000-1, 14.9.4) in place of the glyphs it stands for.
 */
import type { PDFContext, PDFDict } from "@cantoo/pdf-lib";
import { hasUtf16BOM, pdfDocEncodingDecode, utf16Decode } from "@cantoo/pdf-lib";
import { PdfError } from "../errors";
import type { FontCache, PdfFont } from "./fonts";
import type { ItemBuilder } from "./items";
import type { Operand } from "./lexer";
import { ContentWalker, type Glyph, type Matrix, type Properties } from "./walker";
import type { DecodeBudget } from "./objects";

export interface RunLimits {
  deadline: number;
  maxGlyphs: number;
  budget: DecodeBudget;
}

/** The glyphs of an open ActualText sequence: where they start and end, and how the last was drawn. */
interface ActualSpan {
  text: string;
  glyphs: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  font?: PdfFont;
  size: number;
  rot: number;
  /** The last glyph's character spacing on the page (poppler takes it off the span's width). */
  csx: number;
  csy: number;
}

/**
 * A text string (7.9.2.2): UTF-16 with a byte order mark (either order, as poppler's
 * TextStringToUCS4 reads it), else PDFDocEncoding.
 */
function decodeTextString(bytes: Uint8Array): string {
  if (hasUtf16BOM(bytes)) return bytes.length > 2 ? utf16Decode(bytes) : "";
  return pdfDocEncodingDecode(bytes);
}

/** poppler (Gfx::opBeginMarkedContent) honours ActualText on a /Span with a property list only. */
function actualTextOf(tag: string, properties: Properties | undefined): string | undefined {
  if (tag !== "Span") return undefined;
  const v: Operand | undefined = properties?.get("ActualText");
  return v instanceof Uint8Array ? decodeTextString(v) : undefined;
}

export class Interpreter {
  private readonly walker: ContentWalker;
  private actual: ActualSpan | undefined;

  constructor(
    ctx: PDFContext,
    fonts: FontCache,
    private readonly out: ItemBuilder,
    private readonly limits: RunLimits,
    formCache: Map<string, Uint8Array>,
    baseMatrix: Matrix,
  ) {
    this.walker = new ContentWalker(ctx, fonts, this, {
      base: baseMatrix,
      budget: limits.budget,
      deadline: limits.deadline,
      formCache,
    });
  }

  run(content: Uint8Array, resources: PDFDict | undefined): void {
    this.walker.run(content, resources);
    // A sequence still open at the end of the page gives nothing (poppler drops it too).
    this.actual = undefined;
  }

  glyph(g: Glyph): void {
    const span = this.actual;
    if (span) {
      // poppler's ActualText::addChar: the span runs from the first glyph's origin to the last one's end.
      if (span.glyphs++ === 0) {
        span.x0 = g.x;
        span.y0 = g.y;
      }
      span.x1 = g.x + g.dx;
      span.y1 = g.y + g.dy;
      span.font = g.font;
      span.size = g.size;
      span.rot = g.rot;
      const cs = g.state.charSpace * g.state.hScale;
      span.csx = cs * g.matrix[0];
      span.csy = cs * g.matrix[1];
      return;
    }
    const m = g.matrix;
    const { font, state } = g;
    // poppler's TextPage::addChar takes Tc (and Tw for CharCode 32) off the glyph's box, along
    // the baseline, in horizontal and vertical writing alike.
    const spacing = (state.charSpace + (font.charCode(g.code) === 32 ? state.wordSpace : 0)) * state.hScale;
    this.out.glyph(font, font.unicode(g.code), g.x, g.y, g.dx, g.dy, g.size, g.rot, spacing * m[0], spacing * m[1]);
    if (this.out.glyphs > this.limits.maxGlyphs) this.checkGlyphs();
  }

  beginMarkedContent(tag: string, properties: Properties | undefined): void {
    const text = actualTextOf(tag, properties);
    // A nested ActualText replaces the open one, whose glyphs so far are dropped (poppler's ActualText::begin).
    if (text !== undefined) this.actual = { text, glyphs: 0, x0: 0, y0: 0, x1: 0, y1: 0, size: 0, rot: 0, csx: 0, csy: 0 };
  }

  endMarkedContent(tag: string, properties: Properties | undefined): void {
    if (actualTextOf(tag, properties) === undefined) return;
    const span = this.actual;
    this.actual = undefined;
    // poppler's ActualText::end: the whole text as one character over the glyphs' extent, which
    // TextPage::addChar spreads evenly over that extent.
    if (!span?.font) return;
    this.out.glyph(
      span.font,
      span.text,
      span.x0,
      span.y0,
      span.x1 - span.x0 - span.csx,
      span.y1 - span.y0 - span.csy,
      span.size,
      span.rot,
    );
    this.checkGlyphs();
  }

  private checkGlyphs(): void {
    if (this.out.glyphs > this.limits.maxGlyphs) {
      throw new PdfError(
        "TOO_COMPLEX",
        `The PDF has more than ${this.limits.maxGlyphs} characters of text; the document is too complex`,
      );
    }
  }
}
