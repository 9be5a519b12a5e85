/**
 * The PDF grammar read strictly (ISO 32000-2, 7.2 and 7.3), for the bytes written after a seal.
 *
 * Readers are tolerant in different ways: pdf-lib reads `480.-0` as two numbers (480 and -0), qpdf as
 * one bad token, poppler and pdf.js as one number; `1.2.3`, `--5`, a number glued to a keyword, a name
 * with a broken `#` escape, a key given twice or a dictionary with a key and no value are each read
 * one way by one reader and another way by the next. What follows a seal is judged by what it says,
 * so it must say one thing: here a token is a number only when it is `[+-]?digits[.digits]` (or
 * `[+-]?.digits`), a regular token that is no number is one of the few keywords, names escape with
 * two hex digits, hex strings hold hex digits, dictionaries pair a name with a value and name a key
 * once. Anything else is a SyntaxProblem, reported as a modification rather than read one way.
 *
 * The values read are kept as a small tree, so that the judge can look for actions and scripts in
 * what the bytes say, not in what a tolerant parser made of them. Streams' data is not PDF syntax
 * and is skipped (its extent comes from /Length, which must end where `endstream` is).
 */

export type Value =
  | { kind: "number"; value: number; integer: boolean }
  | { kind: "name"; value: string }
  | { kind: "string" }
  | { kind: "boolean" }
  | { kind: "null" }
  | { kind: "ref"; num: number; gen: number }
  | { kind: "array"; items: Value[] }
  | { kind: "dict"; entries: Map<string, Value> };

/** A token or structure readers may read differently, at a byte offset of the file. */
export class SyntaxProblem extends Error {
  override name = "SyntaxProblem";
  constructor(
    readonly at: number,
    readonly what: string,
  ) {
    super(`${what} at byte ${at}`);
  }
}

const WHITE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIM = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const KEYWORDS = new Set(["true", "false", "null", "R", "obj", "endobj", "stream", "endstream"]);
/** Integers readers agree on (ISO 32000-2, Annex C: 32-bit). */
const MAX_INT = 2 ** 31 - 1;
/** Nesting of arrays and dictionaries (readers stop at different depths; real files use a few). */
const MAX_DEPTH = 64;
const HEX = /^[0-9A-Fa-f]$/;

type Token = TokenBody & { end: number };
type TokenBody =
  | { t: "number"; value: number; integer: boolean; at: number }
  | { t: "name"; value: string; at: number }
  | { t: "string"; at: number }
  | { t: "keyword"; value: string; at: number }
  | { t: "punct"; value: "[" | "]" | "<<" | ">>" | "{" | "}"; at: number };

const text = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString("latin1");

/** A strict tokenizer over bytes[pos, end). */
export class StrictLexer {
  private peeked: Token[] = [];
  private lastEnd: number;

  constructor(
    readonly bytes: Uint8Array,
    public pos: number,
    readonly end: number = bytes.length,
  ) {
    this.lastEnd = pos;
  }

  /** Skips white-space and comments; the offset of what follows. */
  skipSpace(): number {
    const { bytes, end } = this;
    while (this.pos < end) {
      const c = bytes[this.pos]!;
      if (WHITE.has(c)) this.pos++;
      else if (c === 0x25) while (this.pos < end && bytes[this.pos] !== 0x0a && bytes[this.pos] !== 0x0d) this.pos++;
      else break;
    }
    return this.pos;
  }

  /** The offset of the next token (after white-space), without reading it. */
  offset(): number {
    return this.peeked[0]?.at ?? this.skipSpace();
  }

  peek(k = 0): Token | undefined {
    while (this.peeked.length <= k) {
      const t = this.read();
      if (!t) return undefined;
      this.peeked.push(t);
    }
    return this.peeked[k];
  }

  next(): Token | undefined {
    const t = this.peeked.length ? this.peeked.shift() : this.read();
    if (t) this.lastEnd = t.end;
    return t;
  }

  /** Where the last token taken with next() ends. */
  get after(): number {
    return this.lastEnd;
  }

  private read(): Token | undefined {
    const t = this.scan();
    return t && { ...t, end: this.pos };
  }

  private scan(): TokenBody | undefined {
    const { bytes, end } = this;
    const at = this.skipSpace();
    if (at >= end) return undefined;
    const c = bytes[at]!;
    if (c === 0x2f /* / */) return this.name(at);
    if (c === 0x28 /* ( */) return this.literal(at);
    if (c === 0x3c /* < */) {
      if (bytes[at + 1] === 0x3c) {
        this.pos = at + 2;
        return { t: "punct", value: "<<", at };
      }
      return this.hex(at);
    }
    if (c === 0x3e /* > */) {
      if (bytes[at + 1] !== 0x3e) throw new SyntaxProblem(at, "a lone '>'");
      this.pos = at + 2;
      return { t: "punct", value: ">>", at };
    }
    if (c === 0x5b || c === 0x5d || c === 0x7b || c === 0x7d) {
      this.pos = at + 1;
      return { t: "punct", value: String.fromCharCode(c) as "[" | "]" | "{" | "}", at };
    }
    if (c === 0x29) throw new SyntaxProblem(at, "a lone ')'");
    let i = at;
    while (i < end && !WHITE.has(bytes[i]!) && !DELIM.has(bytes[i]!)) i++;
    this.pos = i;
    const word = text(bytes, at, i);
    if (NUMBER.test(word)) {
      const value = Number(word);
      const integer = !word.includes(".");
      if (integer && Math.abs(value) > MAX_INT)
        throw new SyntaxProblem(at, `a number out of the range readers agree on ("${word}")`);
      return { t: "number", value, integer, at };
    }
    if (KEYWORDS.has(word)) return { t: "keyword", value: word, at };
    throw new SyntaxProblem(at, `a token that is neither a number nor a keyword ("${word.slice(0, 40)}")`);
  }

  private name(at: number): TokenBody {
    const { bytes, end } = this;
    let i = at + 1;
    let value = "";
    while (i < end && !WHITE.has(bytes[i]!) && !DELIM.has(bytes[i]!)) {
      if (bytes[i] === 0x23 /* # */) {
        const hex = text(bytes, i + 1, Math.min(i + 3, end));
        if (hex.length !== 2 || !HEX.test(hex[0]!) || !HEX.test(hex[1]!) || hex === "00")
          throw new SyntaxProblem(at, `a name with a malformed # escape ("${text(bytes, at, Math.min(i + 3, end))}")`);
        value += String.fromCharCode(parseInt(hex, 16));
        i += 3;
      } else value += String.fromCharCode(bytes[i++]!);
    }
    this.pos = i;
    return { t: "name", value, at };
  }

  private literal(at: number): TokenBody {
    const { bytes, end } = this;
    let depth = 0;
    for (let i = at; i < end; i++) {
      const c = bytes[i]!;
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x28) depth++;
      else if (c === 0x29 && --depth === 0) {
        this.pos = i + 1;
        return { t: "string", at };
      }
    }
    throw new SyntaxProblem(at, "a string that does not end");
  }

  private hex(at: number): TokenBody {
    const { bytes, end } = this;
    for (let i = at + 1; i < end; i++) {
      const c = bytes[i]!;
      if (c === 0x3e) {
        this.pos = i + 1;
        return { t: "string", at };
      }
      if (!WHITE.has(c) && !HEX.test(String.fromCharCode(c)))
        throw new SyntaxProblem(i, `a hex string with a character that is not a hex digit ("${String.fromCharCode(c)}")`);
    }
    throw new SyntaxProblem(at, "a hex string that does not end");
  }
}

/** One value (an indirect reference `N G R` is one value); `depth` bounds nesting. */
export function readValue(lex: StrictLexer, depth = 0): Value {
  if (depth > MAX_DEPTH) throw new SyntaxProblem(lex.offset(), "arrays or dictionaries nested too deep");
  const t = lex.next();
  if (!t) throw new SyntaxProblem(lex.end, "a value missing at the end");
  switch (t.t) {
    case "number": {
      // `N G R` is one value; look two tokens ahead only after an integer (never past the end of a dictionary).
      const gen = t.integer && t.value >= 0 ? lex.peek() : undefined;
      if (gen?.t === "number" && gen.integer && gen.value >= 0) {
        const r = lex.peek(1);
        if (r?.t === "keyword" && r.value === "R") {
          lex.next();
          lex.next();
          return { kind: "ref", num: t.value, gen: gen.value };
        }
      }
      return { kind: "number", value: t.value, integer: t.integer };
    }
    case "name":
      return { kind: "name", value: t.value };
    case "string":
      return { kind: "string" };
    case "keyword":
      if (t.value === "true" || t.value === "false") return { kind: "boolean" };
      if (t.value === "null") return { kind: "null" };
      throw new SyntaxProblem(t.at, `the keyword "${t.value}" where a value belongs`);
    case "punct":
      if (t.value === "[") {
        const items: Value[] = [];
        for (;;) {
          const n = lex.peek();
          if (!n) throw new SyntaxProblem(t.at, "an array that does not end");
          if (n.t === "punct" && n.value === "]") {
            lex.next();
            return { kind: "array", items };
          }
          items.push(readValue(lex, depth + 1));
        }
      }
      if (t.value === "<<") {
        const entries = new Map<string, Value>();
        for (;;) {
          const k = lex.next();
          if (!k) throw new SyntaxProblem(t.at, "a dictionary that does not end");
          if (k.t === "punct" && k.value === ">>") return { kind: "dict", entries };
          if (k.t !== "name") throw new SyntaxProblem(k.at, "a dictionary key that is not a name");
          const v = lex.peek();
          if (v?.t === "punct" && v.value === ">>") throw new SyntaxProblem(k.at, `a dictionary key with no value (/${k.value})`);
          if (entries.has(k.value)) throw new SyntaxProblem(k.at, `a dictionary key given twice (/${k.value})`);
          entries.set(k.value, readValue(lex, depth + 1));
        }
      }
      throw new SyntaxProblem(t.at, `"${t.value}" where a value belongs`);
  }
}

export interface StrictObject {
  num: number;
  gen: number;
  value: Value;
  /** The stream's data, when it is a stream. */
  stream?: { start: number; end: number };
  /** The offset after `endobj`. */
  end: number;
}

const startsWith = (bytes: Uint8Array, at: number, word: string) => text(bytes, at, at + word.length) === word;

/**
 * `N G obj value endobj`, or `N G obj dict stream … endstream endobj`, at `at`. A stream's data runs
 * for its /Length (`length` resolves an indirect one; undefined when it cannot be) and must be
 * followed by an end of line and `endstream`; the keyword `stream` by CRLF or LF, never CR alone.
 */
export function readIndirectObject(
  bytes: Uint8Array,
  at: number,
  length: (ref: { num: number; gen: number }) => number | undefined = () => undefined,
): StrictObject {
  const lex = new StrictLexer(bytes, at);
  const num = lex.next();
  const gen = lex.next();
  const obj = lex.next();
  if (num?.t !== "number" || !num.integer || gen?.t !== "number" || !gen.integer || obj?.t !== "keyword" || obj.value !== "obj")
    throw new SyntaxProblem(at, "an object header that is not `N G obj`");
  const value = readValue(lex);
  const kw = lex.next();
  if (kw?.t === "keyword" && kw.value === "endobj") return { num: num.value, gen: gen.value, value, end: lex.after };
  if (kw?.t !== "keyword" || kw.value !== "stream")
    throw new SyntaxProblem(kw?.at ?? lex.end, "an object that does not end with endobj");
  if (value.kind !== "dict") throw new SyntaxProblem(kw.at, "a stream whose dictionary is not one");
  let start = kw.at + "stream".length;
  if (bytes[start] === 0x0d && bytes[start + 1] === 0x0a) start += 2;
  else if (bytes[start] === 0x0a) start += 1;
  else throw new SyntaxProblem(kw.at, "the keyword stream not followed by CRLF or LF");
  const l = value.entries.get("Length");
  const n = l?.kind === "number" && l.integer ? l.value : l?.kind === "ref" ? length(l) : undefined;
  if (n === undefined || n < 0 || start + n > bytes.length) throw new SyntaxProblem(kw.at, "a stream without a usable /Length");
  let e = start + n;
  if (bytes[e] === 0x0d && bytes[e + 1] === 0x0a) e += 2;
  else if (bytes[e] === 0x0a || bytes[e] === 0x0d) e += 1;
  if (!startsWith(bytes, e, "endstream")) throw new SyntaxProblem(start + n, "a stream whose /Length does not end at endstream");
  const tail = new StrictLexer(bytes, e + "endstream".length);
  const close = tail.next();
  if (close?.t !== "keyword" || close.value !== "endobj")
    throw new SyntaxProblem(e, "a stream object that does not end with endobj");
  return { num: num.value, gen: gen.value, value, stream: { start, end: start + n }, end: tail.after };
}

/** Keys whose value is an action or a script (ISO 32000-2, 12.6). */
const ACTION_KEYS = new Set(["A", "AA", "OpenAction", "JS", "JavaScript"]);
/** Action types (the /S of an action dictionary), and /Type /Action. */
const ACTION_TYPES = new Set([
  "Action",
  "GoTo",
  "GoToR",
  "GoToE",
  "GoToDp",
  "Launch",
  "Thread",
  "URI",
  "Sound",
  "Movie",
  "Hide",
  "Named",
  "SubmitForm",
  "ResetForm",
  "ImportData",
  "JavaScript",
  "ECMAScript",
  "SetOCGState",
  "Rendition",
  "GoTo3DView",
  "RichMediaExecute",
]);

/**
 * Where a value holds an action or a script: for each top-level key of a dictionary (or "" for the
 * value itself) the name that says so, e.g. `{ key: "AA", name: "/AA" }` or `{ key: "S", name: "/JavaScript" }`.
 */
export function actionsIn(value: Value): { key: string; name: string }[] {
  const found: { key: string; name: string }[] = [];
  const walk = (v: Value, top: string) => {
    if (v.kind === "name") {
      if (ACTION_TYPES.has(v.value)) found.push({ key: top, name: `/${v.value}` });
    } else if (v.kind === "array") for (const x of v.items) walk(x, top);
    else if (v.kind === "dict")
      for (const [k, x] of v.entries) {
        const key = top || k;
        if (ACTION_KEYS.has(k)) found.push({ key, name: `/${k}` });
        walk(x, key);
      }
  };
  if (value.kind === "dict")
    for (const [k, x] of value.entries) {
      if (ACTION_KEYS.has(k)) found.push({ key: k, name: `/${k}` });
      walk(x, k);
    }
  else walk(value, "");
  return found;
}
