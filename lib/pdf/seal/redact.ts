/**
 * Removing text from a page, not just hiding it. A white rectangle over an anchor hides it from
 * the eye, but `pdftotext` (and any copy-paste) still reads the text under it (facts.md), and
 * "{{s1|signature|150|50}}" must not survive in a sealed document.
 *
 * How: the page's content runs through the walker the text layer reads with (../text/walker.ts),
 * so the glyphs found here are the glyphs the anchors were found in, and every text-showing operator
 * with a glyph whose centre falls inside a cover box is rewritten as a TJ in which each such glyph
 * becomes a position adjustment of exactly its advance. The glyph's bytes are gone from the file;
 * every other glyph, on the same line or elsewhere, keeps its position to the thousandth of a unit.
 * Form XObjects that hold such glyphs are copied, rewritten, and the page draws the copy instead
 * (another page that shares the form keeps the original). A marked-content sequence whose
 * /ActualText stood for removed glyphs loses that entry, since readers show it instead of the glyphs.
 */
import zlib from "node:zlib";
import {
  PDFArray,
  type PDFDict,
  type PDFDocument,
  PDFFlateStream,
  PDFName,
  type PDFPage,
  PDFRawStream,
  type PDFRef,
} from "@cantoo/pdf-lib";
import { pageGeometry } from "../page-box";
import { FontCache } from "../text/fonts";
import { Lexer, Name, type Operand } from "../text/lexer";
import { activeBudget, newBudget } from "../limits";
import { decodeStream, getDict, resolve, type DecodeBudget } from "../text/objects";
import {
  ContentWalker,
  type FormRun,
  type Glyph,
  type Matrix,
  type OperatorSpan,
  type Properties,
  type WalkerEvents,
} from "../text/walker";
import type { PageBox } from "../page-space";
import { fmt } from "./ink";

/** How far (points) a glyph's centre may lie outside a cover box and still be removed. */
const TOLERANCE = 0.25;

interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** Index into the caller's box list, to count what each box removed. */
  index: number;
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface RedactionResult {
  /** Glyphs removed per cover box, in the order of the boxes given. */
  removed: number[];
  /** Boxes left as they are: what lies in them is not only their token's own glyphs. */
  refused: number[];
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
    if (s instanceof PDFFlateStream)
      parts.push(s.getUnencodedContents()); // drawn by pdf-lib in this process
    else if (s instanceof PDFRawStream) {
      const data = decodeStream(doc.context, s, budget);
      if (data.length === 0 && s.getContents().length > 0) return undefined;
      parts.push(data);
    }
  }
  return Buffer.concat(parts.flatMap((p) => [p, Buffer.from("\n")]));
}

const WS = new Set([0, 9, 10, 12, 13, 32]);
const DELIM = new Set([..."()<>[]{}/%"].map((c) => c.charCodeAt(0)));

/**
 * True when `buf[from, to)` holds a BI (inline image) operator outside strings and comments. Only
 * called when the span contains the bytes "EI", which is rare: text strings seldom contain it and
 * hex strings never do.
 */
function hasInlineImage(buf: Uint8Array, from: number, to: number): boolean {
  let p = from;
  while (p < to) {
    const c = buf[p];
    if (c === undefined) break;
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
      while (p < to && !WS.has(buf[p]!) && !DELIM.has(buf[p]!)) p++;
      if (p - start === 2 && buf[start] === 66 /* B */ && buf[start + 1] === 73 /* I */) return true;
    }
  }
  return false;
}

function containsEI(buf: Uint8Array, from: number, to: number): boolean {
  for (let p = from; p + 1 < to; p++) if (buf[p] === 69 && buf[p + 1] === 73) return true;
  return false;
}

/** A glyph of the operator being run: where its bytes are, its advance, and whether a box covers it. */
interface Shown {
  bytes: Uint8Array;
  start: number;
  advance: number;
  covered: boolean;
}

/** One content being rewritten: the page's, or a form's. */
interface Frame {
  content: Uint8Array;
  edits: Edit[];
  names: XObjectNames;
  /** The name of the rewritten copy of the form that the Do being run drew. */
  redrawn?: string;
  done: boolean;
}

/** An open marked-content sequence with /ActualText, and where its BDC stands. */
interface ActualText {
  frame: Frame;
  from: number;
  to: number;
  tag: string;
  properties: Properties;
  stripped: boolean;
}

/** The glyph's centre: half its advance along the baseline, half-way between descent and ascent across it. */
function glyphCentre(g: Glyph): [number, number] {
  const mid = ((g.font.ascent + g.font.descent) / 2) * g.state.fontSize;
  return [g.x + g.dx / 2 + mid * g.matrix[2], g.y + g.dy / 2 + mid * g.matrix[3]];
}

const inside = (r: Rect, x: number, y: number) =>
  x >= r.x0 - TOLERANCE && x <= r.x1 + TOLERANCE && y >= r.y0 - TOLERANCE && y <= r.y1 + TOLERANCE;

/**
 * Reads a page's glyphs (its content and the forms it draws, as the redactor reads them) and
 * gives, per box, the characters of the glyphs whose centres lie inside it, in drawing order: what
 * removing the box's text would remove. A glyph's characters are its font's (ToUnicode or
 * encoding), never a marked-content /ActualText, which a reader shows instead of the glyphs.
 */
class PageSurvey implements WalkerEvents {
  readonly found: string[];
  constructor(private readonly rects: Rect[]) {
    this.found = rects.map(() => "");
  }
  glyph(g: Glyph): void {
    const [cx, cy] = glyphCentre(g);
    this.rects.forEach((r, i) => {
      if (inside(r, cx, cy)) this.found[i] += g.unicode || "\ufffd";
    });
  }
}

/** Characters of a string without white-space, counted. */
function charCounts(text: string): Map<string, number> {
  const m = new Map<string, number>();
  for (const c of text.replace(/\s+/g, "")) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/**
 * Whether the glyphs found in a token's box are the token's own: the token's characters, each as
 * often as in the token, or drawn up to four times over (fake bold, shadows). Anything else (a clause
 * under an invisible or oversized token, glyphs whose /ActualText reads as the token) is not.
 */
export function isOwnText(found: string, token: string): boolean {
  const want = charCounts(token);
  const got = charCounts(found);
  let total = 0;
  for (const n of want.values()) total += n;
  if (total === 0) return false;
  let gotTotal = 0;
  for (const n of got.values()) gotTotal += n;
  const k = gotTotal / total;
  if (!Number.isInteger(k) || k < 1 || k > 4) return false;
  for (const [c, n] of got) if ((want.get(c) ?? 0) * k !== n) return false;
  return true;
}

export interface SurveyedBox {
  /** The characters of the glyphs whose centres lie in the box (drawing order). */
  found: string;
  /** They are the token's own (isOwnText): removing them removes the token and nothing else. */
  own: boolean;
}

/** A cover box and the token it covers. */
export type TokenBox = PageBox & { text: string };

/**
 * What removing each token's box would remove, and whether that is the token alone. Pure over the
 * document: used at field creation (a token drawn over other text is refused there) and by the seal.
 */
export function surveyTokenBoxes(doc: PDFDocument, boxes: TokenBox[], walk = walkContext(doc)): SurveyedBox[] {
  const found = boxes.map(() => "");
  const byPage = groupByPage(boxes);
  const { budget, fonts, formCache, pages } = walk;
  for (const [pageNo, rects] of byPage) {
    const page = pages[pageNo - 1];
    if (!page) continue;
    const survey = new PageSurvey(rects);
    const walker = new ContentWalker(doc.context, fonts, survey, { base: pageGeometry(page).toDisplay, budget, formCache });
    const content = pageContent(doc, page, budget);
    if (!content) continue;
    walker.run(content, page.node.Resources());
    rects.forEach((r, i) => (found[r.index] = survey.found[i] ?? ""));
  }
  return boxes.map((b, i) => ({ found: found[i] ?? "", own: isOwnText(found[i] ?? "", b.text) }));
}

/** What reading a document's pages needs once: a budget, its fonts and its forms' decoded content, shared by every walk. */
interface WalkContext {
  budget: DecodeBudget;
  fonts: FontCache;
  formCache: Map<string, Uint8Array>;
  pages: PDFPage[];
}

function walkContext(doc: PDFDocument): WalkContext {
  const budget: DecodeBudget = activeBudget() ?? newBudget();
  return { budget, fonts: new FontCache(doc.context, budget), formCache: new Map(), pages: doc.getPages() };
}

function groupByPage(boxes: PageBox[]): Map<number, Rect[]> {
  const byPage = new Map<number, Rect[]>();
  boxes.forEach((b, index) => {
    const list = byPage.get(b.page) ?? [];
    list.push({ x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height, index });
    byPage.set(b.page, list);
  });
  return byPage;
}

/**
 * Removes the covered glyphs of one page, reading it with the content walker. The walker reports
 * where each operator ends, not where its operands begin, so an edit replaces everything since the
 * previous operator: white-space, comments and the operands. The one thing that may hide in there
 * is an inline image (BI ... EI, skipped inside the lexer); then the edit starts after its EI, once
 * re-reading from there gives back the same operator.
 */
class PageRedactor implements WalkerEvents {
  private readonly walker: ContentWalker;
  private readonly frames: Frame[] = [];
  /** The glyphs of the operator being run. */
  private readonly shown: Shown[] = [];
  private covered = false;
  private readonly marked: (ActualText | undefined)[] = [];

  constructor(
    private readonly doc: PDFDocument,
    fonts: FontCache,
    private readonly rects: Rect[],
    private readonly removed: number[],
    budget: DecodeBudget,
    formCache: Map<string, Uint8Array>,
    base: Matrix,
  ) {
    this.walker = new ContentWalker(doc.context, fonts, this, { base, budget, formCache });
  }

  /** Rewrites the page's content; returns the new bytes, or undefined when nothing was covered. */
  rewrite(content: Uint8Array, resources: PDFDict | undefined, names: XObjectNames): Uint8Array | undefined {
    const frame: Frame = { content, edits: [], names, done: false };
    this.frames.push(frame);
    this.walker.run(content, resources);
    return this.close(frame);
  }

  glyph(g: Glyph): void {
    const [cx, cy] = glyphCentre(g);
    const hit = this.covering(cx, cy);
    this.shown.push({ bytes: g.bytes, start: g.start, advance: g.advance, covered: hit !== undefined });
    if (!hit) return;
    this.removed[hit.index] = (this.removed[hit.index] ?? 0) + 1;
    this.covered = true;
    // A reader shows an ActualText instead of its glyphs: it must not outlive them.
    for (const m of this.marked) if (m) this.stripActualText(m);
  }

  /** The content stream being read: the page's, or the innermost form's. */
  private get top(): Frame {
    const frame = this.frames.at(-1);
    if (!frame) throw new Error("The redactor was given an operator outside any content stream");
    return frame;
  }

  operator(op: string, args: readonly Operand[], at: OperatorSpan): void {
    const frame = this.top;
    if (op === "Do" && frame.redrawn) {
      this.edit(frame, at.from, at.to, op, args.length, `/${frame.redrawn} Do`);
      frame.redrawn = undefined;
    } else if (this.covered) {
      const text = this.replacement(op, args);
      if (text !== undefined) this.edit(frame, at.from, at.to, op, args.length, text);
    }
    this.shown.length = 0;
    this.covered = false;
  }

  beginMarkedContent(tag: string, properties: Properties | undefined, at: OperatorSpan): void {
    const frame = this.top;
    this.marked.push(
      properties?.has("ActualText") ? { frame, from: at.from, to: at.to, tag, properties, stripped: false } : undefined,
    );
  }

  endMarkedContent(): void {
    this.marked.pop();
  }

  beginForm(form: FormRun): void {
    const names = new XObjectNames(getDict(this.doc.context, form.resources, "XObject"));
    this.frames.push({ content: form.content, edits: [], names, done: false });
  }

  /** A form that held covered glyphs is copied, rewritten, and its caller draws the copy. */
  endForm(form: FormRun): void {
    const frame = this.frames.pop()!;
    const rewritten = this.close(frame);
    if (!rewritten) return;
    const ctx = this.doc.context;
    const { stream, resources } = form;
    const dict = stream.dict.clone(ctx);
    dict.delete(PDFName.of("DecodeParms"));
    if (frame.names.added.length) {
      // The copy gets its own Resources, so that names added for rewritten inner forms stay local.
      const copy = resources ? resources.clone(ctx) : ctx.obj({});
      const xobjects = getDict(ctx, copy, "XObject")?.clone(ctx) ?? ctx.obj({});
      for (const a of frame.names.added) xobjects.set(PDFName.of(a.key), a.ref);
      copy.set(PDFName.of("XObject"), xobjects);
      dict.set(PDFName.of("Resources"), copy);
    } else if (resources && !stream.dict.has(PDFName.of("Resources"))) {
      // The form borrowed its caller's resources; the copy names them itself.
      dict.set(PDFName.of("Resources"), resources);
    }
    const caller = this.top;
    caller.redrawn = caller.names.add(ctx.register(flate(ctx, dict, rewritten)));
  }

  private covering(x: number, y: number): Rect | undefined {
    return this.rects.find((r) => inside(r, x, y));
  }

  /** The text-showing operator that just ran, without its covered glyphs. */
  private replacement(op: string, a: readonly Operand[]): string | undefined {
    const gs = this.walker.state;
    switch (op) {
      case "Tj":
        return this.showWithout([a[0]], "");
      case "TJ":
        return Array.isArray(a[0]) ? this.showWithout(a[0], "") : undefined;
      case "'":
        return this.showWithout([a[0]], "T* ");
      case '"':
        return this.showWithout([a[2]], `${fmt(gs.wordSpace)} Tw ${fmt(gs.charSpace)} Tc T* `);
    }
    return undefined;
  }

  /**
   * A TJ (after `prefix`) that shows `elements` (strings and adjustments) as the operator did,
   * with each covered glyph replaced by an adjustment of exactly its advance: the text matrix
   * ends where the original left it, so the operators after this one are untouched.
   */
  private showWithout(elements: readonly (Operand | undefined)[], prefix: string): string {
    const gs = this.walker.state;
    // Adjustments are thousandths of a text-space unit scaled by the font size and Tz. With either
    // at 0 a glyph advances by Tc and Tw only, which no adjustment can give back: that advance is
    // lost, and only text drawn at size 0 (invisible) moves.
    const unit = gs.fontSize * gs.hScale;
    const shown = this.shown;
    const out: string[] = [];
    let pending = 0; // adjustment (thousandths of text space) not yet written
    const flushNumber = () => {
      if (pending !== 0) out.push(fmt(pending));
      pending = 0;
    };
    let i = 0;
    for (const e of elements) {
      if (typeof e === "number") pending += e;
      if (!(e instanceof Uint8Array)) continue;
      let runStart = -1;
      for (let s = shown[i]; s !== undefined && s.bytes === e; s = shown[++i]) {
        if (!s.covered) {
          if (runStart < 0) runStart = s.start;
          continue;
        }
        if (runStart >= 0) {
          flushNumber();
          out.push(hex(e, runStart, s.start));
          runStart = -1;
        }
        if (unit !== 0) pending -= (s.advance / unit) * 1000;
      }
      if (runStart >= 0) {
        flushNumber();
        out.push(hex(e, runStart, e.length));
      }
    }
    flushNumber();
    return `${prefix}[${out.join(" ")}] TJ`;
  }

  /** Rewrites a BDC whose sequence lost glyphs with the same properties but /ActualText. */
  private stripActualText(m: ActualText): void {
    if (m.stripped || m.frame.done) return;
    m.stripped = true;
    const rest = new Map(m.properties);
    rest.delete("ActualText");
    this.edit(m.frame, m.from, m.to, "BDC", 2, `${writeName(m.tag)} ${writeOperand(rest)} BDC`);
  }

  private edit(frame: Frame, from: number, to: number, op: string, argc: number, text: string): void {
    const start = operandStart(frame.content, from, to, op, argc);
    if (start !== undefined) frame.edits.push({ start, end: to, text });
  }

  /** The frame's content with its edits, or undefined when it has none. */
  private close(frame: Frame): Uint8Array | undefined {
    frame.done = true;
    if (frame.edits.length === 0) return undefined;
    const content = frame.content;
    // A BDC's edit is known only once a glyph inside its sequence is covered: after later ones.
    const edits = frame.edits.sort((x, y) => x.start - y.start);
    const parts: Buffer[] = [];
    let at = 0;
    for (const e of edits) {
      parts.push(Buffer.from(content.buffer, content.byteOffset + at, e.start - at), Buffer.from(`\n${e.text}\n`, "latin1"));
      at = e.end;
    }
    parts.push(Buffer.from(content.buffer, content.byteOffset + at, content.length - at));
    return Buffer.concat(parts);
  }
}

/** Where the operands of the operator ending at `opEnd` begin, or undefined when that cannot be told. */
function operandStart(buf: Uint8Array, from: number, opEnd: number, op: string, argc: number): number | undefined {
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

/** A name as content-stream syntax (7.3.5): delimiters, white-space and # escaped. */
function writeName(name: string): string {
  let out = "/";
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i) & 0xff;
    out += c < 0x21 || c > 0x7e || c === 0x23 || DELIM.has(c) ? `#${c.toString(16).padStart(2, "0")}` : name[i];
  }
  return out;
}

/** An operand (a property list and what it holds) as content-stream syntax. */
function writeOperand(v: Operand): string {
  if (typeof v === "number") return fmt(v);
  if (typeof v === "boolean" || v === null) return String(v);
  if (v instanceof Name) return writeName(v.name);
  if (v instanceof Uint8Array) return hex(v, 0, v.length);
  if (Array.isArray(v)) return `[${v.map(writeOperand).join(" ")}]`;
  return `<<${[...v].map(([k, e]) => `${writeName(k)} ${writeOperand(e)}`).join(" ")}>>`;
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
 *
 * A box that names its token (`text`: an anchor's) is surveyed first: only when the glyphs
 * inside it are the token's own is anything removed; otherwise nothing is, and the box is listed in
 * `refused`, for the caller to leave it unpainted too. A sender's invisible or oversized token over a
 * visible clause thus never takes the clause with it.
 */
export function removeTextInBoxes(doc: PDFDocument, boxes: (PageBox & { text?: string })[]): RedactionResult {
  const removed = boxes.map(() => 0);
  const named = boxes.flatMap((b, i) => (b.text === undefined ? [] : [{ b: { ...b, text: b.text }, i }]));
  const refused = new Set<number>();
  const walk = walkContext(doc);
  if (named.length) {
    const survey = surveyTokenBoxes(
      doc,
      named.map((n) => n.b),
      walk,
    );
    survey.forEach((s, k) => {
      if (!s.own) refused.add(named[k]!.i);
    });
  }
  const byPage = groupByPage(boxes.map((b, i) => (refused.has(i) ? { ...b, page: 0 } : b)));
  byPage.delete(0);
  if (byPage.size === 0) return { removed, refused: [...refused] };
  const { budget, fonts, formCache, pages } = walk;
  for (const [pageNo, rects] of byPage) {
    const page = pages[pageNo - 1];
    if (!page) continue;
    const geo = pageGeometry(page);
    const redactor = new PageRedactor(doc, fonts, rects, removed, budget, formCache, geo.toDisplay);
    const resources = page.node.Resources();
    const names = new XObjectNames(getDict(doc.context, resources, "XObject"));
    const content = pageContent(doc, page, budget);
    if (!content) continue;
    const rewritten = redactor.rewrite(content, resources, names);
    if (!rewritten) continue;
    // Contents first: setXObject normalizes the page, which wraps the contents it finds in q/Q.
    page.node.set(PDFName.of("Contents"), doc.context.register(flate(doc.context, doc.context.obj({}), rewritten)));
    for (const a of names.added) page.node.setXObject(PDFName.of(a.key), a.ref);
  }
  return { removed, refused: [...refused] };
}
