/**
 * Runs the text-related operators of a content stream (PDF 32000-1, 8.4 and 9.3-9.4) and
 * reports every glyph with its position on the displayed page. Everything else (paths, images,
 * colours) is skipped without being decoded, which is why this is faster than a renderer.
 * Colour is ignored on purpose: anchors drawn in white must be found like any other text.
 */
import { PDFContext, PDFDict, PDFName, PDFRawStream, PDFRef } from "pdf-lib";
import { PdfError } from "../errors";
import { exhaust, LIMITS } from "../limits";
import type { FontCache, PdfFont } from "./fonts";
import type { ItemBuilder } from "./items";
import { Lexer, Name, type Operand } from "./lexer";
import { decodeStream, getDict, getName, numbers, getArray, type DecodeBudget } from "./objects";

export type Matrix = [number, number, number, number, number, number];

/** m1 then m2 (PDF's row-vector convention). */
export function multiply(m1: Matrix, m2: Matrix): Matrix {
  return [
    m1[0] * m2[0] + m1[1] * m2[2],
    m1[0] * m2[1] + m1[1] * m2[3],
    m1[2] * m2[0] + m1[3] * m2[2],
    m1[2] * m2[1] + m1[3] * m2[3],
    m1[4] * m2[0] + m1[5] * m2[2] + m2[4],
    m1[4] * m2[1] + m1[5] * m2[3] + m2[5],
  ];
}

interface GState {
  ctm: Matrix;
  font: PdfFont | undefined;
  fontSize: number;
  charSpace: number;
  wordSpace: number;
  hScale: number;
  leading: number;
  rise: number;
}

export interface RunLimits {
  deadline: number;
  maxGlyphs: number;
  budget: DecodeBudget;
}

const MAX_FORM_DEPTH = 12;
const MAX_STACK = 256;

export class Interpreter {
  private gs: GState;
  private readonly stack: GState[] = [];
  private tm: Matrix = [1, 0, 0, 1, 0, 0];
  private tlm: Matrix = [1, 0, 0, 1, 0, 0];
  private ops = 0;
  private shown = 0;
  private readonly activeForms = new Set<string>();

  constructor(
    private readonly ctx: PDFContext,
    private readonly fonts: FontCache,
    private readonly out: ItemBuilder,
    private readonly limits: RunLimits,
    private readonly formCache: Map<string, Uint8Array>,
    baseMatrix: Matrix,
  ) {
    this.gs = { ctm: baseMatrix, font: undefined, fontSize: 0, charSpace: 0, wordSpace: 0, hScale: 1, leading: 0, rise: 0 };
  }

  run(content: Uint8Array, resources: PDFDict | undefined, depth = 0): void {
    const lexer = new Lexer(content);
    const args: Operand[] = [];
    const fontDict = getDict(this.ctx, resources, "Font");
    for (;;) {
      const op = lexer.nextOp(args);
      if (op === undefined) break;
      if ((++this.ops & 0x1fff) === 0 && performance.now() > this.limits.deadline) {
        throw new PdfError("TOO_COMPLEX", "Reading the PDF's text took longer than the time limit; the document is too complex");
      }
      this.exec(op, args, resources, fontDict, depth);
    }
  }

  private exec(op: string, a: Operand[], resources: PDFDict | undefined, fontDict: PDFDict | undefined, depth: number): void {
    const gs = this.gs;
    switch (op) {
      case "Tj":
        if (a[0] instanceof Uint8Array) this.show(a[0]);
        return;
      case "TJ":
        if (Array.isArray(a[0])) {
          for (const e of a[0]) {
            if (e instanceof Uint8Array) this.show(e);
            else if (typeof e === "number") this.advance((-e / 1000) * gs.fontSize * gs.hScale);
          }
        }
        return;
      case "Td":
        if (typeof a[0] === "number" && typeof a[1] === "number") this.moveText(a[0], a[1]);
        return;
      case "Tm":
        if (a.length >= 6 && a.every((v) => typeof v === "number")) {
          this.tlm = a.slice(0, 6) as Matrix;
          this.tm = this.tlm.slice() as Matrix;
        }
        return;
      case "BT":
        this.tm = [1, 0, 0, 1, 0, 0];
        this.tlm = [1, 0, 0, 1, 0, 0];
        return;
      case "ET":
        return;
      case "Tf": {
        const name = a[0];
        if (name instanceof Name) gs.font = this.fonts.get(fontDict?.get(PDFName.of(name.name)));
        if (typeof a[1] === "number") gs.fontSize = a[1];
        return;
      }
      case "TD":
        if (typeof a[0] === "number" && typeof a[1] === "number") {
          gs.leading = -a[1];
          this.moveText(a[0], a[1]);
        }
        return;
      case "T*":
        this.moveText(0, -gs.leading);
        return;
      case "'":
        this.moveText(0, -gs.leading);
        if (a[0] instanceof Uint8Array) this.show(a[0]);
        return;
      case '"':
        if (typeof a[0] === "number") gs.wordSpace = a[0];
        if (typeof a[1] === "number") gs.charSpace = a[1];
        this.moveText(0, -gs.leading);
        if (a[2] instanceof Uint8Array) this.show(a[2]);
        return;
      case "Tc":
        if (typeof a[0] === "number") gs.charSpace = a[0];
        return;
      case "Tw":
        if (typeof a[0] === "number") gs.wordSpace = a[0];
        return;
      case "Tz":
        if (typeof a[0] === "number") gs.hScale = a[0] / 100;
        return;
      case "TL":
        if (typeof a[0] === "number") gs.leading = a[0];
        return;
      case "Ts":
        if (typeof a[0] === "number") gs.rise = a[0];
        return;
      case "q":
        if (this.stack.length < MAX_STACK) this.stack.push({ ...gs });
        return;
      case "Q": {
        const prev = this.stack.pop();
        if (prev) this.gs = prev;
        return;
      }
      case "cm":
        if (a.length >= 6 && a.every((v) => typeof v === "number")) gs.ctm = multiply(a.slice(0, 6) as Matrix, gs.ctm);
        return;
      case "Do":
        if (a[0] instanceof Name) this.form(a[0].name, resources, depth);
        return;
    }
  }

  private moveText(tx: number, ty: number): void {
    const l = this.tlm;
    const t = this.tm;
    l[4] += tx * l[0] + ty * l[2];
    l[5] += tx * l[1] + ty * l[3];
    for (let i = 0; i < 6; i++) t[i] = l[i];
  }

  /** Moves the text matrix along the baseline by tx text-space units. */
  private advance(tx: number): void {
    const t = this.tm;
    t[4] += tx * t[0];
    t[5] += tx * t[1];
  }

  private show(bytes: Uint8Array): void {
    // Every glyph shown counts, on the page or not: a string of 3 million glyphs drawn off the page
    // costs as much to walk as one drawn on it.
    this.shown += bytes.length;
    if (this.shown > LIMITS.pageGlyphs * 2) throw exhaust(this.limits.budget, `a page shows more than ${(LIMITS.pageGlyphs * 2).toLocaleString("en")} glyphs`);
    const gs = this.gs;
    const font = gs.font;
    if (!font) return;
    const fs = gs.fontSize;
    const th = gs.hScale;
    const c = gs.ctm;
    const tm = this.tm;
    // Linear part of Tm x CTM: constant within this string, since glyphs only translate Tm.
    const ma = tm[0] * c[0] + tm[1] * c[2];
    const mb = tm[0] * c[1] + tm[1] * c[3];
    const mc = tm[2] * c[0] + tm[3] * c[2];
    const md = tm[2] * c[1] + tm[3] * c[3];
    // poppler's rotation test (TextPage::beginWord) on the font matrix, sizes included.
    const fa = ma * fs * th, fb = mb * fs * th, fc = mc * fs, fd = md * fs;
    const rot = Math.abs(fa * fd) > Math.abs(fb * fc) ? (fa > 0 || fd < 0 ? 0 : 2) : fc > 0 ? 1 : 3;
    // poppler GfxState::getTransformedFontSize: the length of the text's vertical unit.
    const size = Math.hypot(fc, fd);
    for (let pos = 0; pos < bytes.length; ) {
      const len = font.readCode(bytes, pos);
      pos += len;
      const code = font.lastCode;
      const tx = (font.width(code) * fs + gs.charSpace + (len === 1 && code === 32 ? gs.wordSpace : 0)) * th;
      // Origin of the glyph: (0, rise) in text space through Tm and the CTM.
      const ex = tm[4] * c[0] + tm[5] * c[2] + c[4];
      const ey = tm[4] * c[1] + tm[5] * c[3] + c[5];
      const ox = ex + gs.rise * mc;
      const oy = ey + gs.rise * md;
      this.out.glyph(font, font.unicode(code), ox, oy, tx * ma, tx * mb, size, rot);
      tm[4] += tx * tm[0];
      tm[5] += tx * tm[1];
    }
    if (this.out.glyphs > this.limits.maxGlyphs) {
      throw new PdfError("TOO_COMPLEX", `The PDF has more than ${this.limits.maxGlyphs} characters of text; the document is too complex`);
    }
  }

  private form(name: string, resources: PDFDict | undefined, depth: number): void {
    if (depth >= MAX_FORM_DEPTH) return;
    // Forms may share forms: a DAG of 12 levels that draws each child ten times is 10¹² runs.
    if (--this.limits.budget.formRuns < 0) throw exhaust(this.limits.budget, `it draws forms more than ${LIMITS.formRuns.toLocaleString("en")} times`);
    const xobjects = getDict(this.ctx, resources, "XObject");
    const ref = xobjects?.get(PDFName.of(name));
    const stream = ref instanceof PDFRef ? this.ctx.lookup(ref) : ref;
    if (!(stream instanceof PDFRawStream) || getName(this.ctx, stream.dict, "Subtype") !== "Form") return;
    // A form that draws itself (directly or not) would recurse forever.
    const key = ref instanceof PDFRef ? ref.tag : undefined;
    if (key && this.activeForms.has(key)) return;
    let content = key ? this.formCache.get(key) : undefined;
    if (!content) {
      content = decodeStream(this.ctx, stream, this.limits.budget);
      if (key) this.formCache.set(key, content);
    }
    const m = numbers(getArray(this.ctx, stream.dict, "Matrix"));
    const saved = { ...this.gs };
    const savedTm = this.tm.slice() as Matrix;
    const savedTlm = this.tlm.slice() as Matrix;
    const savedStack = this.stack.slice();
    if (m && m.length >= 6) this.gs.ctm = multiply(m.slice(0, 6) as Matrix, this.gs.ctm);
    if (key) this.activeForms.add(key);
    try {
      this.run(content, getDict(this.ctx, stream.dict, "Resources") ?? resources, depth + 1);
    } finally {
      if (key) this.activeForms.delete(key);
      // A form cannot change the caller's state, whatever q/Q imbalance it has.
      this.stack.length = 0;
      this.stack.push(...savedStack);
      this.gs = saved;
      this.tm = savedTm;
      this.tlm = savedTlm;
    }
  }
}
