/**
 * Removing text from a page, not just hiding it. A white rectangle over an anchor hides it from
 * the eye, but `pdftotext` (and any copy-paste) still reads the text under it (facts.md), and
 * "{{s1|signature|150|50}}" must not survive in a sealed document.
 *
 * How: the page's content stream is run with the same text-state rules as the text layer
 * (lib/pdf/text/interpreter.ts), and every text-showing operator with a glyph whose centre falls
 * inside a cover box is rewritten as a TJ in which each such glyph becomes a position adjustment
 * of exactly its advance. The glyph's bytes are gone from the file; every other glyph, on the same
 * line or elsewhere, keeps its position to the thousandth of a unit. Form XObjects that hold such
 * glyphs are copied, rewritten, and the page draws the copy instead (another page that shares the
 * form keeps the original).
 */
import zlib from "node:zlib";
import { PDFArray, PDFDict, PDFDocument, PDFFlateStream, PDFName, PDFPage, PDFRawStream, PDFRef } from "pdf-lib";
import { pageGeometry } from "../page-box";
import { FontCache, type PdfFont } from "../text/fonts";
import { multiply, type Matrix } from "../text/interpreter";
import { Lexer, Name, type Operand } from "../text/lexer";
import { activeBudget, exhaust, LIMITS, newBudget } from "../limits";
import { decodeStream, getArray, getDict, getName, numbers, resolve, type DecodeBudget } from "../text/objects";
import type { PageBox } from "../page-space";
import { fmt } from "./ink";

/** How far (points) a glyph's centre may lie outside a cover box and still be removed. */
const TOLERANCE = 0.25;
const MAX_FORM_DEPTH = 12;
const MAX_STACK = 256;

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Index into the caller's box list, to count what each box removed. */
  index: number;
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

interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface RedactionResult {
  /** Glyphs removed per cover box, in the order of the boxes given. */
  removed: number[];
}

function hex(bytes: Uint8Array, from: number, to: number): string {
  return `<${Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString("hex")}>`;
}

/**
 * Bytes of a page's content: its streams joined with a newline, as the spec reads an array; or
 * undefined when a stream cannot be decoded (an unsupported filter), since rewriting the page
 * would then lose that stream's drawing.
 */
function pageContent(doc: PDFDocument, page: PDFPage, budget: DecodeBudget): Uint8Array | undefined {
  const contents = resolve(doc.context, page.node.get(PDFName.of("Contents")));
  const list = contents instanceof PDFArray ? contents.asArray() : [contents];
  const parts: Uint8Array[] = [];
  for (const item of list) {
    const s = resolve(doc.context, item);
    if (s instanceof PDFFlateStream) parts.push(s.getUnencodedContents()); // drawn by pdf-lib in this process
    else if (s instanceof PDFRawStream) {
      const data = decodeStream(doc.context, s, budget);
      if (data.length === 0 && s.getContents().length > 0) return undefined;
      parts.push(data);
    }
  }
  return Buffer.concat(parts.flatMap((p) => [p, Buffer.from("\n")]));
}

const WS = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));

/**
 * True when `buf[from, to)` holds a BI (inline image) operator outside strings and comments. Only
 * called when the span contains the bytes "EI", which is rare: text strings seldom contain it and
 * hex strings never do.
 */
function hasInlineImage(buf: Uint8Array, from: number, to: number): boolean {
  let p = from;
  while (p < to) {
    const c = buf[p];
    if (WS.has(c)) p++;
    else if (c === 37 /* % */) while (p < to && buf[p] !== 10 && buf[p] !== 13) p++;
    else if (c === 40 /* ( */) {
      let depth = 0;
      for (; p < to; p++) {
        if (buf[p] === 92 /* \ */) p++;
        else if (buf[p] === 40) depth++;
        else if (buf[p] === 41 && --depth === 0) break;
      }
      p++;
    } else if (c === 60 /* < */ && buf[p + 1] !== 60) {
      while (p < to && buf[p] !== 62) p++;
      p++;
    } else if (DELIM.has(c)) p++;
    else {
      const start = p;
      while (p < to && !WS.has(buf[p]) && !DELIM.has(buf[p])) p++;
      if (p - start === 2 && buf[start] === 66 /* B */ && buf[start + 1] === 73 /* I */) return true;
    }
  }
  return false;
}

function containsEI(buf: Uint8Array, from: number, to: number): boolean {
  for (let p = from; p + 1 < to; p++) if (buf[p] === 69 && buf[p + 1] === 73) return true;
  return false;
}

/**
 * Runs one content stream and collects the edits that remove covered glyphs. The lexer does not
 * report where an operator's operands begin, only where each operator ends, so an edit replaces
 * everything since the previous operator: white-space, comments and the operands. The one thing
 * that may hide in there is an inline image (BI ... EI, skipped inside the lexer); then the edit
 * starts after its EI, once re-reading from there gives back the same operator.
 */
class Rewriter {
  private gs: GState;
  private readonly stack: GState[] = [];
  private tm: Matrix = [1, 0, 0, 1, 0, 0];
  private tlm: Matrix = [1, 0, 0, 1, 0, 0];

  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: FontCache,
    private readonly rects: Rect[],
    private readonly removed: number[],
    private readonly budget: DecodeBudget,
    base: Matrix,
  ) {
    this.gs = { ctm: base, font: undefined, fontSize: 0, charSpace: 0, wordSpace: 0, hScale: 1, leading: 0, rise: 0 };
  }

  /**
   * Rewrites `content`; returns the new bytes, or undefined when nothing was covered.
   * `addXObject` registers a rewritten form in the resources of this content and returns its name.
   */
  run(content: Uint8Array, resources: PDFDict | undefined, addXObject: (ref: PDFRef) => string, depth: number): Uint8Array | undefined {
    const ctx = this.doc.context;
    const fontDict = getDict(ctx, resources, "Font");
    const lexer = new Lexer(content);
    const args: Operand[] = [];
    const edits: Edit[] = [];
    let spanStart = 0;
    for (;;) {
      const op = lexer.nextOp(args);
      if (op === undefined) break;
      const end = lexer.pos;
      const text = this.exec(op, args, resources, fontDict, addXObject, depth);
      if (text !== undefined) {
        const start = this.operandStart(content, spanStart, end, op, args.length);
        if (start !== undefined) edits.push({ start, end, text });
      }
      spanStart = end;
    }
    if (edits.length === 0) return undefined;
    const parts: Buffer[] = [];
    let at = 0;
    for (const e of edits) {
      parts.push(Buffer.from(content.buffer, content.byteOffset + at, e.start - at), Buffer.from(`\n${e.text}\n`, "latin1"));
      at = e.end;
    }
    parts.push(Buffer.from(content.buffer, content.byteOffset + at, content.length - at));
    return Buffer.concat(parts);
  }

  private operandStart(buf: Uint8Array, from: number, opEnd: number, op: string, argc: number): number | undefined {
    if (!containsEI(buf, from, opEnd) || !hasInlineImage(buf, from, opEnd)) return from;
    for (let p = opEnd - 2; p >= from; p--) {
      if (buf[p] !== 69 || buf[p + 1] !== 73) continue;
      const check = new Lexer(buf.subarray(p + 2, opEnd));
      const args: Operand[] = [];
      if (check.nextOp(args) === op && args.length === argc && check.pos === opEnd - p - 2) return p + 2;
    }
    // Cannot isolate the operator: leave it (the caller still paints the box white).
    return undefined;
  }

  /** Executes one operator; returns replacement text when it showed covered glyphs. */
  private exec(op: string, a: Operand[], resources: PDFDict | undefined, fontDict: PDFDict | undefined, addXObject: (ref: PDFRef) => string, depth: number): string | undefined {
    const gs = this.gs;
    switch (op) {
      case "Tj":
        return a[0] instanceof Uint8Array ? this.show([a[0]], "") : undefined;
      case "TJ":
        return Array.isArray(a[0]) ? this.show(a[0], "") : undefined;
      case "'":
        this.moveText(0, -gs.leading);
        return a[0] instanceof Uint8Array ? this.show([a[0]], "T* ") : undefined;
      case '"': {
        if (typeof a[0] === "number") gs.wordSpace = a[0];
        if (typeof a[1] === "number") gs.charSpace = a[1];
        this.moveText(0, -gs.leading);
        return a[2] instanceof Uint8Array ? this.show([a[2]], `${fmt(gs.wordSpace)} Tw ${fmt(gs.charSpace)} Tc T* `) : undefined;
      }
      case "Td":
        if (typeof a[0] === "number" && typeof a[1] === "number") this.moveText(a[0], a[1]);
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
        this.tm = [1, 0, 0, 1, 0, 0];
        this.tlm = [1, 0, 0, 1, 0, 0];
        return;
      case "Tf":
        if (a[0] instanceof Name) gs.font = this.fonts.get(fontDict?.get(PDFName.of(a[0].name)));
        if (typeof a[1] === "number") gs.fontSize = a[1];
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
        if (a[0] instanceof Name) {
          const ref = this.form(a[0].name, resources, depth);
          if (ref) return `/${addXObject(ref)} Do`;
        }
        return;
    }
    return undefined;
  }

  private moveText(tx: number, ty: number): void {
    const l = this.tlm;
    l[4] += tx * l[0] + ty * l[2];
    l[5] += tx * l[1] + ty * l[3];
    this.tm = l.slice() as Matrix;
  }

  private covering(x: number, y: number): Rect | undefined {
    for (const r of this.rects) if (x >= r.x0 - TOLERANCE && x <= r.x1 + TOLERANCE && y >= r.y0 - TOLERANCE && y <= r.y1 + TOLERANCE) return r;
    return undefined;
  }

  /**
   * Shows strings and adjustments (a TJ array, or one string) and returns the replacement TJ
   * (after `prefix`) when a glyph was covered, else undefined. The text matrix advances exactly
   * as the original would, so the operators after this one are untouched.
   */
  private show(elements: Operand[], prefix: string): string | undefined {
    const gs = this.gs;
    const font = gs.font;
    const fs = gs.fontSize;
    const th = gs.hScale;
    if (!font || fs === 0 || th === 0) {
      this.advanceOnly(elements);
      return undefined;
    }
    const c = gs.ctm;
    const tm = this.tm;
    const ma = tm[0] * c[0] + tm[1] * c[2];
    const mb = tm[0] * c[1] + tm[1] * c[3];
    const mc = tm[2] * c[0] + tm[3] * c[2];
    const md = tm[2] * c[1] + tm[3] * c[3];
    // Glyph centre across the baseline: half-way between descent and ascent, rise included.
    const mid = gs.rise + ((font.ascent + font.descent) / 2) * fs;
    const out: string[] = [];
    let pending = 0; // adjustment (thousandths of text space) not yet written
    let covered = false;
    const flushNumber = () => {
      if (pending !== 0) out.push(fmt(pending));
      pending = 0;
    };
    for (const e of elements) {
      if (typeof e === "number") {
        pending += e;
        tm[4] -= (e / 1000) * fs * th * tm[0];
        tm[5] -= (e / 1000) * fs * th * tm[1];
        continue;
      }
      if (!(e instanceof Uint8Array)) continue;
      let runStart = -1;
      for (let pos = 0; pos < e.length; ) {
        const len = font.readCode(e, pos);
        const code = font.lastCode;
        const tx = (font.width(code) * fs + gs.charSpace + (len === 1 && code === 32 ? gs.wordSpace : 0)) * th;
        const ex = tm[4] * c[0] + tm[5] * c[2] + c[4];
        const ey = tm[4] * c[1] + tm[5] * c[3] + c[5];
        const hit = this.covering(ex + (tx / 2) * ma + mid * mc, ey + (tx / 2) * mb + mid * md);
        if (hit) {
          covered = true;
          this.removed[hit.index]++;
          if (runStart >= 0) {
            flushNumber();
            out.push(hex(e, runStart, pos));
            runStart = -1;
          }
          pending -= (tx / (fs * th)) * 1000;
        } else if (runStart < 0) runStart = pos;
        tm[4] += tx * tm[0];
        tm[5] += tx * tm[1];
        pos += len;
      }
      if (runStart >= 0) {
        flushNumber();
        out.push(hex(e, runStart, e.length));
      }
    }
    if (!covered) return undefined;
    flushNumber();
    return `${prefix}[${out.join(" ")}] TJ`;
  }

  /** Moves the text matrix as showing would, without a font to measure glyphs (nothing is drawn). */
  private advanceOnly(elements: Operand[]): void {
    const gs = this.gs;
    for (const e of elements) {
      if (typeof e === "number") {
        this.tm[4] -= (e / 1000) * gs.fontSize * gs.hScale * this.tm[0];
        this.tm[5] -= (e / 1000) * gs.fontSize * gs.hScale * this.tm[1];
      }
    }
  }

  /** Runs a form XObject; returns the ref of a rewritten copy when it held covered glyphs. */
  private form(name: string, resources: PDFDict | undefined, depth: number): PDFRef | undefined {
    if (depth >= MAX_FORM_DEPTH) return undefined;
    if (--this.budget.formRuns < 0) throw exhaust(this.budget, `it draws forms more than ${LIMITS.formRuns.toLocaleString("en")} times`);
    const ctx = this.doc.context;
    const ref = getDict(ctx, resources, "XObject")?.get(PDFName.of(name));
    const stream = ref instanceof PDFRef ? ctx.lookup(ref) : ref;
    if (!(stream instanceof PDFRawStream) || getName(ctx, stream.dict, "Subtype") !== "Form") return undefined;
    const content = decodeStream(ctx, stream, this.budget);
    const m = numbers(getArray(ctx, stream.dict, "Matrix"));
    const saved = { ...this.gs };
    const savedTm = this.tm.slice() as Matrix;
    const savedTlm = this.tlm.slice() as Matrix;
    const savedStack = this.stack.slice();
    if (m && m.length >= 6) this.gs.ctm = multiply(m.slice(0, 6) as Matrix, this.gs.ctm);
    const formResources = getDict(ctx, stream.dict, "Resources") ?? resources;
    const names = new XObjectNames(getDict(ctx, formResources, "XObject"));
    try {
      const rewritten = this.run(content, formResources, (inner) => names.add(inner), depth + 1);
      if (!rewritten) return undefined;
      const dict = stream.dict.clone(ctx);
      dict.delete(PDFName.of("DecodeParms"));
      if (names.added.length) {
        // The copy gets its own Resources, so that names added for rewritten inner forms stay local.
        const copy = formResources ? formResources.clone(ctx) : ctx.obj({});
        const xobjects = getDict(ctx, copy, "XObject")?.clone(ctx) ?? ctx.obj({});
        for (const a of names.added) xobjects.set(PDFName.of(a.key), a.ref);
        copy.set(PDFName.of("XObject"), xobjects);
        dict.set(PDFName.of("Resources"), copy);
      } else if (formResources && !stream.dict.has(PDFName.of("Resources"))) {
        // The form borrowed its caller's resources; the copy names them itself.
        dict.set(PDFName.of("Resources"), formResources);
      }
      return ctx.register(flate(ctx, dict, rewritten));
    } finally {
      this.stack.length = 0;
      this.stack.push(...savedStack);
      this.gs = saved;
      this.tm = savedTm;
      this.tlm = savedTlm;
    }
  }
}

/** Fresh XObject names for rewritten forms, not clashing with the names already in use. */
class XObjectNames {
  readonly added: { key: string; ref: PDFRef }[] = [];
  private readonly taken: Set<string>;
  constructor(existing: PDFDict | undefined) {
    this.taken = new Set(existing ? existing.keys().map((k) => k.decodeText()) : []);
  }
  add(ref: PDFRef): string {
    let i = 1;
    while (this.taken.has(`SealForm${i}`)) i++;
    const key = `SealForm${i}`;
    this.taken.add(key);
    this.added.push({ key, ref });
    return key;
  }
}

function flate(ctx: PDFDocument["context"], dict: PDFDict, bytes: Uint8Array): PDFRawStream {
  const data = zlib.deflateSync(bytes, { level: 6 });
  dict.set(PDFName.of("Filter"), PDFName.of("FlateDecode"));
  dict.set(PDFName.of("Length"), ctx.obj(data.length));
  return PDFRawStream.of(dict, new Uint8Array(data.buffer, data.byteOffset, data.length));
}

/**
 * Removes from the document's content every glyph whose centre lies inside one of `boxes`
 * (API coordinates: points from the top-left of the displayed page). Pages without a box are
 * not read. Returns how many glyphs each box removed: 0 means the box held no text this reader
 * understands (text drawn as paths, inside an annotation, ...), and the caller should at least
 * paint it over.
 */
export function removeTextInBoxes(doc: PDFDocument, boxes: PageBox[]): RedactionResult {
  const removed = boxes.map(() => 0);
  const byPage = new Map<number, Rect[]>();
  boxes.forEach((b, index) => {
    const list = byPage.get(b.page) ?? [];
    list.push({ x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height, index });
    byPage.set(b.page, list);
  });
  if (byPage.size === 0) return { removed };
  const budget: DecodeBudget = activeBudget() ?? newBudget();
  const fonts = new FontCache(doc.context, budget);
  const pages = doc.getPages();
  for (const [pageNo, rects] of byPage) {
    const page = pages[pageNo - 1];
    if (!page) continue;
    const geo = pageGeometry(page);
    const rewriter = new Rewriter(doc, fonts, rects, removed, budget, geo.toDisplay);
    const resources = page.node.Resources();
    const names = new XObjectNames(getDict(doc.context, resources, "XObject"));
    const content = pageContent(doc, page, budget);
    if (!content) continue;
    const rewritten = rewriter.run(content, resources, (ref) => names.add(ref), 0);
    if (!rewritten) continue;
    // Contents first: setXObject normalizes the page, which wraps the contents it finds in q/Q.
    page.node.set(PDFName.of("Contents"), doc.context.register(flate(doc.context, doc.context.obj({}), rewritten)));
    for (const a of names.added) page.node.setXObject(PDFName.of(a.key), a.ref);
  }
  return { removed };
}
