/**
 * Tokenizer for PDF content streams and CMaps (PDF 32000-1, 7.2 and 7.8).
 *
 * Written by hand rather than taken from pdfjs because pdfjs only exposes text through
 * getTextContent (no per-glyph widths) or getOperatorList (which also decodes every image);
 * both measured 3.5-6x slower than poppler on a 300-page Chromium PDF. This lexer is lenient:
 * malformed input yields odd tokens, never an exception, so one bad operator cannot stop
 * extraction of the rest of the page.
 */

/** A PDF name operand (`/F1`), kept apart from strings and operators. */
export class Name {
  constructor(readonly name: string) {}
}

export type Operand = number | boolean | null | Name | Uint8Array | Operand[] | Map<string, Operand>;

/** An operator with the operands that preceded it. */
export interface Op {
  op: string;
  args: Operand[];
}

const WS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of "()<>[]{}/%") DELIM[c.charCodeAt(0)] = 1;

/** Each byte's value as a hex digit, -1 for the others. */
const HEX = new Int8Array(256).fill(-1);
for (let c = 0; c < 256; c++) {
  if (c >= 48 && c <= 57) HEX[c] = c - 48;
  else if (c >= 65 && c <= 70) HEX[c] = c - 55;
  else if (c >= 97 && c <= 102) HEX[c] = c - 87;
}
const hexVal = (c: number): number => HEX[c]!;
/**
 * The shared strings of one and two bytes (Lexer.hexString), made when first read. At most MAX_SHARED of
 * two bytes are kept (a font's codes, even a large CJK one's, are a few thousand): a file that shows all
 * 65,536 would otherwise leave 6 MB in the engine's thread for good; past it, each is made anew.
 */
const ONE_BYTE: (Uint8Array | undefined)[] = new Array(256);
const TWO_BYTES: (Uint8Array | undefined)[] = new Array(65536);
export const MAX_SHARED = 8192;
let shared = 0;

function twoBytes(v: number): Uint8Array {
  const kept = TWO_BYTES[v];
  if (kept) return kept;
  const made = Uint8Array.of(v >> 8, v & 0xff);
  if (shared < MAX_SHARED) {
    TWO_BYTES[v] = made;
    shared++;
  }
  return made;
}

/** How many two-byte strings are kept (tests). */
export const sharedStrings = () => shared;

/**
 * An operator (a keyword) is a JS string: no operand is one (strings are bytes, names are Name), so telling
 * them apart is `typeof`. One- and two-letter operators (nearly all of them) come from a table, so reading
 * one allocates nothing.
 */
const shortKeywords: (string | undefined)[] = new Array(256 + 65536);

const ARRAY_END = Symbol("]");
const DICT_END = Symbol(">>");
type Token = Operand | typeof ARRAY_END | typeof DICT_END | string;

const POW10 = Array.from({ length: 16 }, (_, i) => 10 ** i);

/** Guards against pathological nesting such as 100,000 `[` in a row. */
const MAX_DEPTH = 64;

export class Lexer {
  pos = 0;
  /**
   * @param maxArgs operands kept per operator. Content-stream operators take at most ~33, so 64
   *   caps memory on garbage; CMaps put hundreds of entries before one keyword and need more.
   */
  constructor(
    readonly buf: Uint8Array,
    private readonly maxArgs = 64,
  ) {}

  private skipSpace(): void {
    const b = this.buf;
    let p = this.pos;
    for (;;) {
      while (p < b.length && WS[b[p]!]) p++;
      if (p < b.length && b[p] === 37 /* % */) {
        while (p < b.length && b[p] !== 10 && b[p] !== 13) p++;
        continue;
      }
      break;
    }
    this.pos = p;
  }

  /** Next token, or undefined at the end of the buffer. */
  private token(depth: number): Token | undefined {
    this.skipSpace();
    const b = this.buf;
    const c = b[this.pos];
    if (c === undefined) return undefined;
    switch (c) {
      case 40 /* ( */:
        return this.literalString();
      case 60 /* < */:
        if (b[this.pos + 1] === 60) {
          this.pos += 2;
          return depth < MAX_DEPTH ? this.dict(depth + 1) : new Map();
        }
        return this.hexString();
      case 62 /* > */:
        this.pos += b[this.pos + 1] === 62 ? 2 : 1;
        return DICT_END;
      case 91 /* [ */: {
        this.pos++;
        if (depth >= MAX_DEPTH) return [];
        const arr: Operand[] = [];
        for (;;) {
          const t = this.token(depth + 1);
          if (t === undefined || t === ARRAY_END) return arr;
          if (t === DICT_END || isKeyword(t)) continue;
          arr.push(t);
        }
      }
      case 93 /* ] */:
        this.pos++;
        return ARRAY_END;
      case 47 /* / */:
        return this.name();
      case 123 /* { */:
      case 125 /* } */:
      case 41 /* ) */:
        this.pos++;
        return String.fromCharCode(c);
    }
    if ((c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46) return this.number();
    const start = this.pos;
    let p = start;
    while (p < b.length && !WS[b[p]!] && !DELIM[b[p]!]) p++;
    if (p === start) p++; // a stray byte: consume it so the lexer always advances
    this.pos = p;
    // One- and two-letter operators (nearly all of them) are found without building a string.
    if (p - start <= 2) {
      const slot = p - start === 1 ? c : 256 + ((c << 8) | b[start + 1]!);
      return (shortKeywords[slot] ??= latin1(b, start, p));
    }
    const word = latin1(b, start, p);
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    return word;
  }

  private number(): number {
    const b = this.buf;
    let p = this.pos;
    let sign = 1;
    // Some writers emit "--5" or "+-5"; take the last sign, as Acrobat does.
    while (b[p] === 43 || b[p] === 45) {
      if (b[p] === 45) sign = -sign;
      p++;
    }
    let v = 0;
    let digits = 0;
    for (let d = b[p]; d !== undefined && d >= 48 && d <= 57; d = b[p]) {
      v = v * 10 + (d - 48);
      p++;
      digits++;
    }
    if (b[p] === 46) {
      p++;
      // The fraction's digits as a whole number, divided once: no division per digit (Chromium writes a
      // number with six decimals before every glyph).
      let frac = 0;
      let places = 0;
      for (let d = b[p]; d !== undefined && d >= 48 && d <= 57; d = b[p]) {
        if (places < 15) {
          frac = frac * 10 + (d - 48);
          places++;
        }
        p++;
        digits++;
      }
      if (places) v += frac / POW10[places]!;
    }
    // Trailing junk glued to a number ("12.5.3", "5-3") is skipped rather than becoming an operator.
    while (p < b.length && !WS[b[p]!] && !DELIM[b[p]!]) p++;
    this.pos = p;
    return digits === 0 ? 0 : sign * v;
  }

  private name(): Name {
    const b = this.buf;
    let p = this.pos + 1;
    const start = p;
    while (p < b.length && !WS[b[p]!] && !DELIM[b[p]!]) p++;
    this.pos = p;
    let s = latin1(b, start, p);
    if (s.includes("#")) {
      s = s.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    }
    return new Name(s);
  }

  private hexString(): Uint8Array {
    const b = this.buf;
    let p = this.pos + 1;
    // Most strings a page shows are one glyph's code, <0052>: those of one or two bytes, written plainly,
    // are shared (nothing that reads an operand writes to it), so showing a glyph allocates no array.
    if (b[p + 4] === 62) {
      const v = (HEX[b[p]!]! << 12) | (HEX[b[p + 1]!]! << 8) | (HEX[b[p + 2]!]! << 4) | HEX[b[p + 3]!]!;
      if (v >= 0) {
        this.pos = p + 5;
        return twoBytes(v);
      }
    } else if (b[p + 2] === 62) {
      const v = (HEX[b[p]!]! << 4) | HEX[b[p + 1]!]!;
      if (v >= 0) {
        this.pos = p + 3;
        return (ONE_BYTE[v] ??= Uint8Array.of(v));
      }
    }
    let end = p;
    while (end < b.length && b[end] !== 62) end++;
    const out = new Uint8Array((end - p + 1) >> 1);
    let n = 0;
    let hi = -1;
    for (; p < end; p++) {
      const v = hexVal(b[p]!);
      if (v < 0) continue;
      if (hi < 0) hi = v;
      else {
        out[n++] = (hi << 4) | v;
        hi = -1;
      }
    }
    if (hi >= 0) out[n++] = hi << 4;
    this.pos = end + 1;
    return n === out.length ? out : out.subarray(0, n);
  }

  private literalString(): Uint8Array {
    const b = this.buf;
    let p = this.pos + 1;
    let depth = 1;
    const out: number[] = [];
    while (p < b.length) {
      const c = b[p++]!;
      if (c === 40) depth++;
      else if (c === 41) {
        if (--depth === 0) break;
      } else if (c === 92 /* \ */) {
        const e = b[p++];
        switch (e) {
          case 110:
            out.push(10);
            continue;
          case 114:
            out.push(13);
            continue;
          case 116:
            out.push(9);
            continue;
          case 98:
            out.push(8);
            continue;
          case 102:
            out.push(12);
            continue;
          case 13:
            if (b[p] === 10) p++;
            continue;
          case 10:
            continue;
        }
        if (e === undefined) break;
        if (e >= 48 && e <= 55) {
          let v = e - 48;
          for (let i = 0, d = b[p]; i < 2 && d !== undefined && d >= 48 && d <= 55; i++, d = b[p]) {
            v = v * 8 + (d - 48);
            p++;
          }
          out.push(v & 0xff);
          continue;
        }
        out.push(e);
        continue;
      }
      out.push(c);
    }
    this.pos = p;
    return Uint8Array.from(out);
  }

  private dict(depth: number): Map<string, Operand> {
    const m = new Map<string, Operand>();
    for (;;) {
      const k = this.token(depth);
      if (k === undefined || k === DICT_END) return m;
      if (!(k instanceof Name)) continue;
      const v = this.token(depth);
      if (v === undefined || v === DICT_END) return m;
      if (v === ARRAY_END || isKeyword(v)) continue;
      m.set(k.name, v);
    }
  }

  /**
   * Reads operands up to the next operator. Returns undefined at the end of the data.
   * `args` is reused between calls by the caller to avoid an allocation per operator.
   */
  nextOp(args: Operand[]): string | undefined {
    // pop, not `length = 0`: setting the length is a call into the runtime, once per operator.
    while (args.length) args.pop();
    for (;;) {
      const t = this.token(0);
      if (t === undefined) return args.length ? "" : undefined;
      if (t === ARRAY_END || t === DICT_END) continue;
      if (isKeyword(t)) {
        if (t === "BI") {
          this.skipInlineImage();
          args.length = 0;
          continue;
        }
        return t;
      }
      if (args.length < this.maxArgs) args.push(t);
    }
  }

  /**
   * Skips `BI <dict> ID <binary> EI`. The binary data has no length in PDF 1.x, so we look for
   * "EI" between white-space, the same heuristic every reader uses.
   */
  private skipInlineImage(): void {
    let length = -1;
    for (;;) {
      const t = this.token(0);
      if (t === undefined) return;
      if (t === "ID") break;
      if (t instanceof Name && (t.name === "L" || t.name === "Length")) {
        const v = this.token(0);
        if (typeof v === "number") length = v;
      }
    }
    const b = this.buf;
    let p = this.pos + 1; // the single white-space byte after ID
    if (length >= 0 && p + length <= b.length) {
      p += length;
    }
    for (; p + 1 < b.length; p++) {
      if (b[p] === 69 && b[p + 1] === 73 && (p === 0 || WS[b[p - 1]!]) && (p + 2 >= b.length || WS[b[p + 2]!])) {
        this.pos = p + 2;
        return;
      }
    }
    this.pos = b.length;
  }
}

function isKeyword(t: Token): t is string {
  return typeof t === "string";
}

function latin1(b: Uint8Array, start: number, end: number): string {
  if (end - start === 1) return String.fromCharCode(b[start]!);
  if (end - start === 2) return String.fromCharCode(b[start]!, b[start + 1]!);
  let s = "";
  for (let i = start; i < end && i - start < 256; i++) s += String.fromCharCode(b[i]!);
  return s;
}
