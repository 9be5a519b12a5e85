/**
 * The one reader of content streams (PDF 32000-1, 8.4, 9.3-9.4, 8.10 and 14.6): graphics state
 * (q Q cm), text state (Tc Tw Tz TL Tf Ts Tr), text objects (BT ET Td TD Tm T*), text showing
 * (Tj TJ ' "), Form XObjects (Do) and marked content (BMC BDC EMC). It reports every glyph with its
 * position on the displayed page, every operator with where it stands in its content, and every
 * marked-content sequence with its properties. The text layer (interpreter.ts) and the redactor
 * (../seal/redact.ts) both read pages through it, so the glyph the seal removes is the glyph the
 * reader found.
 *
 * Everything else (paths, images, colours) is skipped without being decoded, which is why this is
 * faster than a renderer. Colour is ignored on purpose: anchors drawn in white must be found like
 * any other text. Where the spec leaves room, poppler's Gfx.cc decides (`pdftotext` is the
 * reference the text layer is checked against).
 */
import {
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";
import { PdfError } from "../errors";
import { exhaust, LIMITS } from "../limits";
import type { FontCache, PdfFont } from "./fonts";
import { Lexer, Name, type Operand } from "./lexer";
import { decodeStream, getArray, getDict, getName, numbers, resolve, type DecodeBudget } from "./objects";

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

/** The graphics state this walker keeps: the CTM and the text state. */
export interface GraphicsState {
  ctm: Matrix;
  font: PdfFont | undefined;
  /** Tf's size, unscaled. */
  fontSize: number;
  charSpace: number;
  wordSpace: number;
  /** Tz / 100. */
  hScale: number;
  leading: number;
  rise: number;
  /** Tr: 3 is invisible text (OCR layers), which is still text. */
  renderMode: number;
}

/**
 * One glyph as shown. The walker fills one object again for every glyph: read it inside the
 * callback and copy what you keep.
 */
export class Glyph {
  font!: PdfFont;
  code = 0;
  /** The string operand being shown; the code's bytes are `bytes[start, end)`. */
  bytes!: Uint8Array;
  start = 0;
  end = 0;
  /** Origin on the displayed page (points from its top-left), text rise included. */
  x = 0;
  y = 0;
  /**
   * Advance in text space: glyph width, Tc, Tw and Tz applied; in vertical writing (WMode 1) the
   * glyph's height (negative, downwards) with Tc and Tw, along text space's y axis.
   */
  advance = 0;
  /**
   * Linear part of Tm x CTM: [a, b] is one text-space unit along the baseline on the displayed
   * page, [c, d] one unit across it.
   */
  readonly matrix: [number, number, number, number] = [1, 0, 0, 1];
  /** Font size as drawn (poppler's getTransformedFontSize) and poppler's rotation 0-3. */
  size = 0;
  rot = 0;
  /** The state in force: Tf's size, Tc, Tw, Tz, Ts, Tr. */
  state!: Readonly<GraphicsState>;

  /** The advance on the displayed page (down text space's y axis in vertical writing). */
  get dx(): number {
    return this.advance * (this.font.vertical ? this.matrix[2] : this.matrix[0]);
  }

  get dy(): number {
    return this.advance * (this.font.vertical ? this.matrix[3] : this.matrix[1]);
  }

  get unicode(): string {
    return this.font.unicode(this.code);
  }
}

/**
 * Where the operator being run stands: its operands start after `from` (the end of the operator
 * before it), and it ends at `to`. The walker updates one object per content: copy what you keep.
 */
export interface OperatorSpan {
  content: Uint8Array;
  from: number;
  to: number;
}

/** A marked-content property list, inline (`BDC <<...>>`) or named in the resources' /Properties. */
export type Properties = ReadonlyMap<string, Operand>;

export interface FormRun {
  ref: PDFRef | undefined;
  stream: PDFRawStream;
  /** Decoded content (shared with other runs of the same form: do not modify). */
  content: Uint8Array;
  /** The resources its content names (its own, or its caller's when it has none). */
  resources: PDFDict | undefined;
}

export interface WalkerEvents {
  glyph?(g: Glyph): void;
  /** After an operator ran (after the events it caused: glyphs, a whole form). */
  operator?(op: string, args: readonly Operand[], at: OperatorSpan): void;
  beginMarkedContent?(tag: string, properties: Properties | undefined, at: OperatorSpan): void;
  /** The sequence's own tag and properties; unbalanced EMCs are ignored. */
  endMarkedContent?(tag: string, properties: Properties | undefined): void;
  beginForm?(form: FormRun): void;
  /** Only after a form's content ran to its end. */
  endForm?(form: FormRun): void;
}

export interface WalkerOptions {
  /** User space of the page to the displayed page. */
  base: Matrix;
  budget: DecodeBudget;
  /** performance.now() after which the walk throws TOO_COMPLEX. */
  deadline?: number;
  /** Decoded form content by object, shared between pages (and walkers) of one document. */
  formCache?: Map<string, Uint8Array>;
}

/** poppler's limit (Gfx::drawForm); the budget's formRuns bounds the work whatever the depth. */
const MAX_FORM_DEPTH = 100;
const MAX_STACK = 256;
const MAX_MARKED_DEPTH = 256;
/** Objects converted per named property list: a list that reaches further is cut there. */
const MAX_PROPERTY_NODES = 1_000;

/** The text-state operators that set one number as it is (Tz's percentage is set apart). */
const TEXT_STATE_NUMBERS = { Tc: "charSpace", Tw: "wordSpace", TL: "leading", Ts: "rise", Tr: "renderMode" } as const;

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

export class ContentWalker {
  private gs: GraphicsState;
  private readonly stack: GraphicsState[] = [];
  private tm: Matrix = IDENTITY.slice() as Matrix;
  private tlm: Matrix = IDENTITY.slice() as Matrix;
  private ops = 0;
  private shown = 0;
  private readonly activeForms = new Set<string>();
  private readonly formCache: Map<string, Uint8Array>;
  private readonly deadline: number;
  private readonly glyph = new Glyph();
  /** Resources of the content being run and of every content that drew it, innermost last. */
  private readonly resourceChain: (PDFDict | undefined)[] = [];
  /** Open marked-content sequences; as in poppler, one stack for the page and the forms it draws. */
  private readonly marked: { tag: string; properties: Properties | undefined }[] = [];
  private markedOverflow = 0;
  private at: OperatorSpan = { content: new Uint8Array(0), from: 0, to: 0 };

  constructor(
    private readonly ctx: PDFContext,
    private readonly fonts: FontCache,
    private readonly events: WalkerEvents,
    private readonly opts: WalkerOptions,
  ) {
    this.gs = {
      ctm: opts.base,
      font: undefined,
      fontSize: 0,
      charSpace: 0,
      wordSpace: 0,
      hScale: 1,
      leading: 0,
      rise: 0,
      renderMode: 0,
    };
    this.formCache = opts.formCache ?? new Map();
    this.deadline = opts.deadline ?? Infinity;
  }

  /** The state in force (read it from a callback, for instance Tc and Tw after a `"`). */
  get state(): Readonly<GraphicsState> {
    return this.gs;
  }

  /** Runs a page's content (or any content with these resources) in the current state. */
  run(content: Uint8Array, resources: PDFDict | undefined): void {
    this.runContent(content, resources, 0);
  }

  private runContent(content: Uint8Array, resources: PDFDict | undefined, depth: number): void {
    const lexer = new Lexer(content);
    const args: Operand[] = [];
    const fontDict = getDict(this.ctx, resources, "Font");
    const savedAt = this.at;
    const at: OperatorSpan = { content, from: 0, to: 0 };
    this.at = at;
    this.resourceChain.push(resources);
    const onOperator = this.events.operator;
    // No try/finally: a walk that throws is over, and nothing reads this walker again.
    for (;;) {
      const op = lexer.nextOp(args);
      if (op === undefined) break;
      if ((++this.ops & 0x1fff) === 0 && performance.now() > this.deadline) {
        throw new PdfError("TOO_COMPLEX", "Reading the PDF's text took longer than the time limit; the document is too complex");
      }
      at.to = lexer.pos;
      this.exec(op, args, resources, fontDict, depth);
      if (onOperator) onOperator.call(this.events, op, args, at);
      at.from = at.to;
    }
    this.resourceChain.pop();
    this.at = savedAt;
  }

  private exec(op: string, a: Operand[], resources: PDFDict | undefined, fontDict: PDFDict | undefined, depth: number): void {
    const gs = this.gs;
    switch (op) {
      // Showing without a font does nothing at all, not even the moves of ' and " (poppler).
      case "Tj":
        if (gs.font && a[0] instanceof Uint8Array) this.show(a[0]);
        return;
      case "Td":
        if (typeof a[0] === "number" && typeof a[1] === "number") this.moveText(a[0], a[1]);
        return;
      case "TJ":
        if (gs.font && Array.isArray(a[0])) {
          for (const e of a[0]) {
            if (e instanceof Uint8Array) this.show(e);
            else if (typeof e === "number") this.adjust(e);
          }
        }
        return;
      case "'":
        if (gs.font && a[0] instanceof Uint8Array) {
          this.moveText(0, -gs.leading);
          this.show(a[0]);
        }
        return;
      case '"':
        if (gs.font && typeof a[0] === "number" && typeof a[1] === "number" && a[2] instanceof Uint8Array) {
          gs.wordSpace = a[0];
          gs.charSpace = a[1];
          this.moveText(0, -gs.leading);
          this.show(a[2]);
        }
        return;
      case "TD":
        if (typeof a[0] === "number" && typeof a[1] === "number") {
          gs.leading = -a[1];
          this.moveText(a[0], a[1]);
        }
        return;
      case "T*":
        this.moveText(0, -gs.leading);
        return;
      case "Tm":
        if (a.length >= 6 && a.every((v) => typeof v === "number")) {
          this.tlm = a.slice(0, 6) as Matrix;
          this.tm = this.tlm.slice() as Matrix;
        }
        return;
      case "BT":
        this.tm = IDENTITY.slice() as Matrix;
        this.tlm = IDENTITY.slice() as Matrix;
        return;
      case "Tf":
        if (a[0] instanceof Name) gs.font = this.fonts.get(fontDict?.get(PDFName.of(a[0].name)));
        if (typeof a[1] === "number") gs.fontSize = a[1];
        return;
      case "Tc":
      case "Tw":
      case "TL":
      case "Ts":
      case "Tr":
        if (typeof a[0] === "number") gs[TEXT_STATE_NUMBERS[op]] = a[0];
        return;
      case "Tz":
        if (typeof a[0] === "number") gs.hScale = a[0] / 100;
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
      case "BMC":
        if (a[0] instanceof Name) this.beginMarked(a[0].name, undefined);
        return;
      case "BDC":
        if (a[0] instanceof Name) this.beginMarked(a[0].name, a[1]);
        return;
      case "EMC":
        this.endMarked();
        return;
    }
  }

  private moveText(tx: number, ty: number): void {
    const l = this.tlm;
    const t = this.tm;
    l[4] += tx * l[0] + ty * l[2];
    l[5] += tx * l[1] + ty * l[3];
    t[0] = l[0];
    t[1] = l[1];
    t[2] = l[2];
    t[3] = l[3];
    t[4] = l[4];
    t[5] = l[5];
  }

  /** A TJ adjustment: thousandths of the font size back along the baseline (down, in vertical writing; Tz not applied). */
  private adjust(n: number): void {
    const gs = this.gs;
    const t = this.tm;
    if (gs.font!.vertical) {
      const ty = (-n / 1000) * gs.fontSize;
      t[4] += ty * t[2];
      t[5] += ty * t[3];
    } else {
      const tx = (-n / 1000) * gs.fontSize * gs.hScale;
      t[4] += tx * t[0];
      t[5] += tx * t[1];
    }
  }

  /** Shows one string in the current font (the caller checked there is one). */
  private show(bytes: Uint8Array): void {
    // Every glyph shown counts, on the page or not: a string of 3 million glyphs drawn off the page
    // costs as much to walk as one drawn on it.
    this.shown += bytes.length;
    if (this.shown > LIMITS.pageGlyphs * 2)
      throw exhaust(this.opts.budget, `a page shows more than ${(LIMITS.pageGlyphs * 2).toLocaleString("en")} glyphs`);
    const gs = this.gs;
    const font = gs.font!;
    const fs = gs.fontSize;
    const th = gs.hScale;
    const c = gs.ctm;
    const tm = this.tm;
    // Linear part of Tm x CTM: constant within this string, since glyphs only translate Tm.
    const ma = tm[0] * c[0] + tm[1] * c[2];
    const mb = tm[0] * c[1] + tm[1] * c[3];
    const mc = tm[2] * c[0] + tm[3] * c[2];
    const md = tm[2] * c[1] + tm[3] * c[3];
    // poppler's rotation test (TextPage::beginWord) on the font matrix, sizes included, and for
    // Type 3 fonts their FontMatrix too.
    let fa = ma * fs * th,
      fb = mb * fs * th,
      fc = mc * fs,
      fd = md * fs;
    // poppler GfxState::getTransformedFontSize: the length of the text's vertical unit.
    const size = Math.hypot(fc, fd);
    const fm = font.glyphMatrix;
    if (fm)
      [fa, fb, fc, fd] = [fm[0] * fa + fm[1] * fc, fm[0] * fb + fm[1] * fd, fm[2] * fa + fm[3] * fc, fm[2] * fb + fm[3] * fd];
    const g = this.glyph;
    g.font = font;
    g.bytes = bytes;
    g.state = gs;
    const gm = g.matrix;
    gm[0] = ma;
    gm[1] = mb;
    gm[2] = mc;
    gm[3] = md;
    g.rot = Math.abs(fa * fd) > Math.abs(fb * fc) ? (fa > 0 || fd < 0 ? 0 : 2) : fc > 0 ? 1 : 3;
    // Vertical writing: lines run a quarter turn from the glyphs' baseline.
    const vertical = font.vertical;
    if (vertical) g.rot = (g.rot + 1) & 3;
    g.size = size;
    const events = this.events;
    const report = events.glyph !== undefined;
    for (let pos = 0; pos < bytes.length;) {
      const len = font.readCode(bytes, pos);
      const code = font.lastCode;
      // Word spacing applies to the single byte 32, whatever code it is (poppler's doShowText).
      const spacing = gs.charSpace + (len === 1 && bytes[pos] === 32 ? gs.wordSpace : 0);
      const t = vertical ? font.height(code) * fs + spacing : (font.width(code) * fs + spacing) * th;
      if (report) {
        // Origin of the glyph: (0, rise) in text space through Tm and the CTM.
        g.code = code;
        g.start = pos;
        g.end = pos + len;
        g.x = tm[4] * c[0] + tm[5] * c[2] + c[4] + gs.rise * mc;
        g.y = tm[4] * c[1] + tm[5] * c[3] + c[5] + gs.rise * md;
        g.advance = t;
        events.glyph!(g);
      }
      if (vertical) {
        tm[4] += t * tm[2];
        tm[5] += t * tm[3];
      } else {
        tm[4] += t * tm[0];
        tm[5] += t * tm[1];
      }
      pos += len;
    }
  }

  private form(name: string, resources: PDFDict | undefined, depth: number): void {
    if (depth >= MAX_FORM_DEPTH) return;
    // Forms may share forms: a DAG of 12 levels that draws each child ten times is 10¹² runs.
    if (--this.opts.budget.formRuns < 0)
      throw exhaust(this.opts.budget, `it draws forms more than ${LIMITS.formRuns.toLocaleString("en")} times`);
    const ref = getDict(this.ctx, resources, "XObject")?.get(PDFName.of(name));
    const stream = ref instanceof PDFRef ? this.ctx.lookup(ref) : ref;
    if (!(stream instanceof PDFRawStream) || getName(this.ctx, stream.dict, "Subtype") !== "Form") return;
    // A form that draws itself (directly or not) would recurse forever.
    const key = ref instanceof PDFRef ? ref.tag : undefined;
    if (key && this.activeForms.has(key)) return;
    let content = key ? this.formCache.get(key) : undefined;
    if (!content) {
      content = decodeStream(this.ctx, stream, this.opts.budget);
      if (key) this.formCache.set(key, content);
    }
    const run: FormRun = {
      ref: ref instanceof PDFRef ? ref : undefined,
      stream,
      content,
      resources: getDict(this.ctx, stream.dict, "Resources") ?? resources,
    };
    const m = numbers(getArray(this.ctx, stream.dict, "Matrix"));
    const saved = { ...this.gs };
    const savedTm = this.tm.slice() as Matrix;
    const savedTlm = this.tlm.slice() as Matrix;
    const savedStack = this.stack.slice();
    if (m && m.length >= 6) this.gs.ctm = multiply(m.slice(0, 6) as Matrix, this.gs.ctm);
    if (key) this.activeForms.add(key);
    try {
      this.events.beginForm?.(run);
      this.runContent(content, run.resources, depth + 1);
    } finally {
      if (key) this.activeForms.delete(key);
      // A form cannot change the caller's state, whatever q/Q imbalance it has.
      this.stack.length = 0;
      this.stack.push(...savedStack);
      this.gs = saved;
      this.tm = savedTm;
      this.tlm = savedTlm;
    }
    this.events.endForm?.(run);
  }

  private beginMarked(tag: string, operand: Operand | undefined): void {
    if (this.marked.length >= MAX_MARKED_DEPTH) {
      this.markedOverflow++;
      return;
    }
    const listening = this.events.beginMarkedContent || this.events.endMarkedContent;
    const properties = !listening
      ? undefined
      : operand instanceof Map
        ? operand
        : operand instanceof Name
          ? this.namedProperties(operand.name)
          : undefined;
    this.marked.push({ tag, properties });
    this.events.beginMarkedContent?.(tag, properties, this.at);
  }

  private endMarked(): void {
    if (this.markedOverflow > 0) {
      this.markedOverflow--;
      return;
    }
    const mc = this.marked.pop();
    if (mc) this.events.endMarkedContent?.(mc.tag, mc.properties);
  }

  /** A property list named in /Properties, looked up from the innermost resources out (poppler). */
  private namedProperties(name: string): Properties | undefined {
    for (let i = this.resourceChain.length - 1; i >= 0; i--) {
      const dict = resolve(this.ctx, getDict(this.ctx, this.resourceChain[i], "Properties")?.get(PDFName.of(name)));
      if (dict instanceof PDFDict) return propertiesOf(this.ctx, dict);
    }
    return undefined;
  }
}

const converted = new WeakMap<PDFDict, Properties>();

/** A property list as operands, the form an inline one has; cached per object. */
function propertiesOf(ctx: PDFContext, dict: PDFDict): Properties {
  let props = converted.get(dict);
  if (!props) {
    const budget = { nodes: MAX_PROPERTY_NODES };
    props = toOperand(ctx, dict, budget, 0) as Map<string, Operand>;
    converted.set(dict, props);
  }
  return props;
}

function toOperand(ctx: PDFContext, obj: PDFObject | undefined, budget: { nodes: number }, depth: number): Operand {
  const v = resolve(ctx, obj);
  if (--budget.nodes < 0 || depth > 8) return null;
  if (v instanceof PDFNumber) return v.asNumber();
  if (v instanceof PDFName) return new Name(v.decodeText());
  if (v instanceof PDFString || v instanceof PDFHexString) return v.asBytes();
  if (v instanceof PDFBool) return v.asBoolean();
  if (v instanceof PDFArray) return v.asArray().map((e) => toOperand(ctx, e, budget, depth + 1));
  if (v instanceof PDFDict) {
    const m = new Map<string, Operand>();
    for (const [k, e] of v.entries()) m.set(k.decodeText(), toOperand(ctx, e, budget, depth + 1));
    return m;
  }
  return null;
}
