/**
 * Reading a PDF the way viewers read it: from the last `startxref`, through each cross-reference
 * section (a classic table or an xref stream, hybrid files' /XRefStm included) and its /Prev, the
 * newest entry of an object winning, compressed entries taken from their object stream at the index
 * the entry names. Only objects reachable from the newest trailer are loaded, as pdf.js and poppler
 * fetch objects only when something refers to them.
 *
 * pdf-lib's own loader scans the whole file and keeps the last definition of each object and the
 * last trailer it meets; a file can be written so that the scan and the cross-reference disagree
 * (an unlisted copy of an object after the listed one, a second trailer). Every reading in the engine
 * goes through this one instead (load.ts). When the chain cannot be followed (a damaged table, an
 * entry that does not name the object found at its offset) viewers rebuild the table by scanning the
 * file; `XrefError` tells the caller to do the same.
 */
import {
  decodePDFRawStream,
  PDFArray,
  PDFCatalog,
  PDFContext,
  PDFDict,
  PDFHeader,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFPageLeaf,
  PDFPageTree,
  PDFRawStream,
  PDFRef,
} from "@cantoo/pdf-lib";
import { activeBudget, exhaust, LIMITS, tooComplex } from "./limits";

/** The cross-reference chain cannot be followed: read the file by scanning it, as viewers then do. */
export class XrefError extends Error {
  override name = "XrefError";
}

export type XrefEntry =
  | { num: number; gen: number; kind: "free" }
  | { num: number; gen: number; kind: "offset"; offset: number }
  | { num: number; gen: number; kind: "compressed"; stream: number; index: number };

export interface XrefSection {
  /** Where the section starts (what `startxref` or /Prev named). */
  offset: number;
  kind: "table" | "stream";
  entries: XrefEntry[];
  /** The trailer dictionary (an xref stream's own dictionary). */
  trailer: PDFDict;
  /** The byte after the section: after the trailer dictionary, or after the xref stream's `endobj`. */
  end: number;
  /** An xref stream's object number. */
  streamNumber?: number;
  prev?: number;
  xrefStm?: number;
}

/** Cross-reference sections followed in one file (real files with many incremental saves have hundreds). */
const MAX_SECTIONS = 10_000;

const WS = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
/** Bytes `from`…`to` (clipped to the file) as Latin-1 text: PDF syntax is bytes, one character each. */
export const latin1 = (bytes: Uint8Array, from: number, to: number) =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, Math.min(to, bytes.length) - from)).toString("latin1");

interface ByteStreamLike {
  moveTo(offset: number): void;
  offset(): number;
  peek(): number;
  peekAhead(n: number): number;
  assertNext(byte: number): number;
  done(): boolean;
  bytes: Uint8Array;
  idx: number;
  column: number;
}
/** pdf-lib's object parser with the members it has but does not declare public. */
interface ObjectParser {
  bytes: ByteStreamLike;
  context: PDFContext;
  parseObject(ref?: PDFRef): PDFObject;
  parseDict(ref?: PDFRef): PDFDict;
  parseName(): PDFName;
  skipWhitespaceAndComments(): void;
}

/** Bytes that end a name: white-space and delimiters (ISO 32000-1, 7.2.2), as pdf-lib's parser has them. */
const NAME_END = new Uint8Array(256);
for (const c of [...WS, ...Buffer.from("()<>[]{}/%", "latin1")]) NAME_END[c] = 1;

/**
 * Names as written in files, each with the PDFName the parser made of it, by a hash of its bytes (a
 * collision replaces the entry); bounded, as a hostile file may have millions of names.
 */
const keptNames = new Map<number, { bytes: Uint8Array; name: PDFName }>();
const MAX_KEPT_NAMES = 4096;
const MAX_KEPT_NAME_LENGTH = 127;
const unescapeName = (raw: string) =>
  raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function sameBytes(a: Uint8Array, b: Uint8Array, at: number): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[at + i]) return false;
  return true;
}

/**
 * pdf-lib's parseName, the same name made from the same bytes: the token up to white-space or a
 * delimiter, its `#xx` escapes decoded, then PDFName.of. @cantoo/pdf-lib builds a string byte by byte
 * and runs two regular-expression passes over every name it reads (its own unescaping, then
 * PDFName.of's); a file names the same few dozen keys thousands of times, so a name already met is
 * found by its bytes instead.
 */
function parseName(this: ObjectParser): PDFName {
  const s = this.bytes;
  s.assertNext(0x2f /* / */);
  const bytes = s.bytes;
  const start = s.idx;
  let end = start;
  let hash = 0x811c9dc5;
  for (let c = bytes[end]; end < bytes.length && !NAME_END[c!]; c = bytes[++end]) hash = Math.imul(hash ^ c!, 0x01000193);
  s.idx = end;
  s.column += end - start;
  const kept = keptNames.get(hash);
  if (kept && kept.bytes.length === end - start && sameBytes(kept.bytes, bytes, start)) return kept.name;
  const raw = latin1(bytes, start, end);
  const name = PDFName.of(raw.includes("#") ? unescapeName(raw) : raw);
  if (end - start <= MAX_KEPT_NAME_LENGTH && (kept || keptNames.size < MAX_KEPT_NAMES))
    keptNames.set(hash, { bytes: bytes.slice(start, end), name });
  return name;
}

const TYPE = PDFName.of("Type");
const CATALOG = PDFName.of("Catalog");
const PAGES = PDFName.of("Pages");
const PAGE = PDFName.of("Page");

/** pdf-lib's parseDict, its /Type names compared with names made once (it makes four PDFNames per dictionary). */
function parseDict(this: ObjectParser, ref?: PDFRef): PDFDict {
  const s = this.bytes;
  s.assertNext(0x3c);
  s.assertNext(0x3c);
  this.skipWhitespaceAndComments();
  const dict = new Map<PDFName, PDFObject>();
  while (!s.done() && s.peek() !== 0x3e && s.peekAhead(1) !== 0x3e) {
    const key = this.parseName();
    dict.set(key, this.parseObject(ref));
    this.skipWhitespaceAndComments();
  }
  this.skipWhitespaceAndComments();
  s.assertNext(0x3e);
  s.assertNext(0x3e);
  const type = dict.get(TYPE);
  if (type === CATALOG) return PDFCatalog.fromMapWithContext(dict, this.context);
  if (type === PAGES) return PDFPageTree.fromMapWithContext(dict, this.context);
  if (type === PAGE) return PDFPageLeaf.fromMapWithContext(dict, this.context);
  return PDFDict.fromMapWithContext(dict, this.context);
}

/** pdf-lib's object parser over `bytes`, reading names and dictionaries as above. */
function objectParser(bytes: Uint8Array, context: PDFContext): ObjectParser {
  const parser = PDFObjectParser.forBytes(bytes, context) as unknown as ObjectParser;
  parser.parseName = parseName;
  parser.parseDict = parseDict;
  return parser;
}

/** Skips white-space and comments from `at`; the offset of the next token. */
export function skipSpace(bytes: Uint8Array, at: number, end = bytes.length): number {
  let i = at;
  while (i < end) {
    const c = bytes[i]!;
    if (WS.has(c)) i++;
    else if (c === 0x25 /* % */) {
      while (i < end && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
    } else break;
  }
  return i;
}

const startsWith = (bytes: Uint8Array, at: number, word: string) => latin1(bytes, at, at + word.length) === word;

/** The offset the last `startxref` before `end` names (viewers look from the end of the file). */
export function lastStartxref(bytes: Uint8Array, end = bytes.length): number {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, end);
  const at = buf.lastIndexOf("startxref", end, "latin1");
  if (at < 0) throw new XrefError("the file has no startxref");
  const m = /^startxref\s+(\d+)/.exec(latin1(bytes, at, at + 40));
  if (!m) throw new XrefError("startxref names no offset");
  return Number(m[1]);
}

/**
 * Where each revision of the file may end: after each `%%EOF` marker (and the end of line after it).
 * Only a hint of where to look: each such prefix is then read through its own cross-reference.
 */
export function revisionEnds(bytes: Uint8Array): number[] {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  const ends: number[] = [];
  for (let at = buf.indexOf("%%EOF", 0, "latin1"); at >= 0; at = buf.indexOf("%%EOF", at + 5, "latin1")) {
    let end = at + 5;
    if (buf[end] === 0x0d) end++;
    if (buf[end] === 0x0a) end++;
    ends.push(end);
  }
  return ends;
}

/**
 * Reads indirect objects of one file: `at(offset)` parses `N G obj …` where an entry says it is, with
 * a stream's /Length honoured (an indirect one looked up through `resolve`), as pdf.js reads it: the
 * stream's bytes are /Length long when `endstream` follows them, else they end at the first `endstream`.
 */
export class ObjectReader {
  readonly context: PDFContext;
  /** Where each object read so far ends (after its `endobj`), by the offset of its header. */
  readonly ends = new Map<number, number>();
  private readonly parser: ObjectParser;

  constructor(
    readonly bytes: Uint8Array,
    context?: PDFContext,
  ) {
    this.context = context ?? PDFContext.create();
    this.parser = objectParser(bytes, this.context);
  }

  /** The object whose header is at `offset`, and the offset after its `endobj` (or after the object when it has none). */
  at(
    offset: number,
    resolve: (ref: PDFRef) => PDFObject | undefined = () => undefined,
  ): { num: number; gen: number; object: PDFObject; end: number; hasEndobj: boolean } {
    const { bytes } = this;
    if (!Number.isInteger(offset) || offset < 0 || offset >= bytes.length)
      throw new XrefError(`offset ${offset} is not in the file`);
    // White-space before the header is skipped, as qpdf, poppler and pdf.js do (Certipost's tool names
    // the line break before each object); a comment is not.
    let at = offset;
    while (at < bytes.length && at - offset < 64 && WS.has(bytes[at]!)) at++;
    const m = /^(\d{1,10})[\0\t\n\f\r ]+(\d{1,5})[\0\t\n\f\r ]+obj/.exec(latin1(bytes, at, at + 40));
    if (!m) throw new XrefError(`no object begins at offset ${offset}`);
    const p = this.parser;
    p.bytes.moveTo(at + m[0].length);
    let object: PDFObject;
    let after: number;
    try {
      p.skipWhitespaceAndComments();
      if (p.bytes.peek() === 0x3c && p.bytes.peekAhead(1) === 0x3c) {
        const dict = p.parseDict();
        const s = skipSpace(bytes, p.bytes.offset());
        if (startsWith(bytes, s, "stream")) {
          const stream = this.streamAfter(dict, s + 6, resolve);
          object = stream.object;
          after = stream.end;
        } else {
          object = dict;
          after = p.bytes.offset();
        }
      } else {
        object = p.parseObject();
        after = p.bytes.offset();
      }
    } catch (e) {
      if (e instanceof XrefError) throw e;
      // Budget errors (limits.ts) pass through; anything else is an object that cannot be read.
      if (e instanceof Error && e.name === "PdfError") throw e;
      throw new XrefError(`the object at offset ${offset} cannot be parsed`);
    }
    const e = skipSpace(bytes, after);
    const hasEndobj = startsWith(bytes, e, "endobj");
    const end = hasEndobj ? e + 6 : after;
    this.ends.set(offset, end);
    return { num: Number(m[1]), gen: Number(m[2]), object, end, hasEndobj };
  }

  private streamAfter(dict: PDFDict, keywordEnd: number, resolve: (ref: PDFRef) => PDFObject | undefined) {
    const { bytes } = this;
    let start = keywordEnd;
    if (bytes[start] === 0x0d) start++;
    if (bytes[start] === 0x0a) start++;
    let lengthObj = dict.get(PDFName.of("Length"));
    if (lengthObj instanceof PDFRef) lengthObj = resolve(lengthObj);
    const length = lengthObj instanceof PDFNumber ? lengthObj.asNumber() : -1;
    let end = -1;
    if (Number.isInteger(length) && length >= 0 && start + length <= bytes.length) {
      if (startsWith(bytes, skipSpace(bytes, start + length), "endstream")) end = start + length;
    }
    if (end < 0) {
      const found = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf("endstream", start, "latin1");
      if (found < 0) throw new XrefError("a stream has no endstream");
      end = found;
      if (bytes[end - 1] === 0x0a) end--;
      if (bytes[end - 1] === 0x0d) end--;
      if (end < start) end = start;
    }
    const afterKeyword = skipSpace(bytes, end) + "endstream".length;
    return { object: PDFRawStream.of(dict, bytes.subarray(start, end)), end: afterKeyword };
  }
}

const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : undefined);

/**
 * A stream's bytes decoded, its /DecodeParms predictor undone. pdf-lib's decoders leave predictors
 * out, and xref streams are nearly always written with the PNG "Up" predictor (qpdf, Acrobat): PNG
 * predictors (10–15: a filter byte per row, then None, Sub, Up, Average or Paeth) and TIFF predictor 2
 * (8 bits per component), as in ISO 32000-1, 7.4.4.4.
 */
export function decodeStream(stream: PDFRawStream): Uint8Array {
  const data = decodePDFRawStream(stream).decode();
  let parms: PDFObject | undefined = stream.dict.get(PDFName.of("DecodeParms"));
  if (parms instanceof PDFRef) parms = stream.dict.context.lookup(parms);
  if (parms instanceof PDFArray) parms = parms.get(parms.size() - 1);
  if (parms instanceof PDFRef) parms = stream.dict.context.lookup(parms);
  if (!(parms instanceof PDFDict)) return data;
  const predictor = num(parms.get(PDFName.of("Predictor"))) ?? 1;
  if (predictor <= 1) return data;
  const colors = num(parms.get(PDFName.of("Colors"))) ?? 1;
  const bits = num(parms.get(PDFName.of("BitsPerComponent"))) ?? 8;
  const columns = num(parms.get(PDFName.of("Columns"))) ?? 1;
  if (![colors, bits, columns].every((v) => Number.isInteger(v) && v > 0 && v <= 1 << 20))
    throw new XrefError("a stream's predictor parameters are malformed");
  const bpp = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowLength = Math.ceil((colors * bits * columns) / 8);
  if (predictor === 2) {
    if (bits !== 8) throw new XrefError("a TIFF predictor other than 8 bits per component");
    const out = Uint8Array.from(data);
    for (let row = 0; row < out.length; row += rowLength)
      for (let i = row + bpp; i < Math.min(row + rowLength, out.length); i++) out[i] = (out[i]! + out[i - bpp]!) & 0xff;
    return out;
  }
  if (predictor < 10) throw new XrefError(`an unknown predictor (${predictor})`);
  const rows = Math.floor(data.length / (rowLength + 1));
  const out = new Uint8Array(rows * rowLength);
  for (let r = 0; r < rows; r++) {
    const type = data[r * (rowLength + 1)]!;
    const src = r * (rowLength + 1) + 1;
    const at = r * rowLength;
    for (let i = 0; i < rowLength; i++) {
      const x = data[src + i]!;
      const left = i >= bpp ? out[at + i - bpp]! : 0;
      const up = r > 0 ? out[at - rowLength + i]! : 0;
      const upLeft = r > 0 && i >= bpp ? out[at - rowLength + i - bpp]! : 0;
      let v: number;
      if (type === 0) v = x;
      else if (type === 1) v = x + left;
      else if (type === 2) v = x + up;
      else if (type === 3) v = x + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        v = x + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      } else throw new XrefError(`an unknown PNG predictor row filter (${type})`);
      out[at + i] = v & 0xff;
    }
  }
  return out;
}

function readTable(reader: ObjectReader, offset: number): XrefSection {
  const { bytes } = reader;
  const trailerAt = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf("trailer", offset, "latin1");
  if (trailerAt < 0) throw new XrefError("a cross-reference table has no trailer");
  const tokens = latin1(bytes, offset + 4, trailerAt)
    .trim()
    .split(/[\0\t\n\f\r ]+/)
    .filter(Boolean);
  const entries: XrefEntry[] = [];
  for (let i = 0; i < tokens.length;) {
    const first = Number(tokens[i++]);
    const count = Number(tokens[i++]);
    if (!Number.isInteger(first) || !Number.isInteger(count) || first < 0 || count < 0)
      throw new XrefError("a cross-reference table has a malformed subsection");
    if (entries.length + count > LIMITS.objects) throw new XrefError("a cross-reference table is too long");
    for (let k = 0; k < count; k++, i += 3) {
      const [o, g, t] = [tokens[i], tokens[i + 1], tokens[i + 2]];
      if (!o || !g || !/^\d+$/.test(o) || !/^\d+$/.test(g) || (t !== "n" && t !== "f"))
        throw new XrefError("a cross-reference table has a malformed entry");
      const n = first + k;
      entries.push(
        t === "f" ? { num: n, gen: Number(g), kind: "free" } : { num: n, gen: Number(g), kind: "offset", offset: Number(o) },
      );
    }
  }
  const parser = objectParser(bytes, reader.context);
  parser.bytes.moveTo(skipSpace(bytes, trailerAt + 7));
  let trailer: PDFDict;
  try {
    trailer = parser.parseDict();
  } catch {
    throw new XrefError("a trailer cannot be parsed");
  }
  return {
    offset,
    kind: "table",
    entries,
    trailer,
    end: parser.bytes.offset(),
    prev: num(trailer.get(PDFName.of("Prev"))),
    xrefStm: num(trailer.get(PDFName.of("XRefStm"))),
  };
}

function readStream(reader: ObjectReader, offset: number): XrefSection {
  const { num: streamNumber, object, end } = reader.at(offset);
  if (!(object instanceof PDFRawStream)) throw new XrefError("startxref names neither a table nor a stream");
  const dict = object.dict;
  const w = dict.get(PDFName.of("W"));
  const size = num(dict.get(PDFName.of("Size")));
  if (!(w instanceof PDFArray) || w.size() !== 3 || size === undefined) throw new XrefError("an xref stream has no /W or /Size");
  const widths = w.asArray().map((x) => num(x));
  if (widths.some((x) => x === undefined || !Number.isInteger(x) || x < 0 || x > 8))
    throw new XrefError("an xref stream's /W is malformed");
  const [w0, w1, w2] = widths as [number, number, number];
  const index = dict.get(PDFName.of("Index"));
  const ranges: [number, number][] = [];
  if (index instanceof PDFArray) {
    const v = index.asArray().map((x) => num(x));
    for (let i = 0; i + 1 < v.length; i += 2) ranges.push([v[i] ?? -1, v[i + 1] ?? -1]);
  } else ranges.push([0, size]);
  let data: Uint8Array;
  try {
    data = decodeStream(object);
  } catch (e) {
    if (e instanceof Error && (e.name === "PdfError" || e instanceof XrefError)) throw e;
    throw new XrefError("an xref stream cannot be decoded");
  }
  const rowLength = w0 + w1 + w2;
  const read = (at: number, width: number) => {
    let v = 0;
    for (let i = 0; i < width; i++) v = v * 256 + (data[at + i] ?? 0);
    return v;
  };
  const entries: XrefEntry[] = [];
  let row = 0;
  for (const [first, count] of ranges) {
    if (!Number.isInteger(first) || !Number.isInteger(count) || first < 0 || count < 0)
      throw new XrefError("an xref stream's /Index is malformed");
    if (entries.length + count > LIMITS.objects) throw new XrefError("an xref stream is too long");
    for (let k = 0; k < count; k++, row++) {
      const at = row * rowLength;
      if (at + rowLength > data.length) throw new XrefError("an xref stream is shorter than its /Index");
      const type = w0 === 0 ? 1 : read(at, w0);
      const f1 = read(at + w0, w1);
      const f2 = read(at + w0 + w1, w2);
      const n = first + k;
      if (type === 0) entries.push({ num: n, gen: f2, kind: "free" });
      else if (type === 1) entries.push({ num: n, gen: f2, kind: "offset", offset: f1 });
      else if (type === 2) entries.push({ num: n, gen: 0, kind: "compressed", stream: f1, index: f2 });
      // Other types are reserved: readers treat them as null objects.
    }
  }
  return {
    offset,
    kind: "stream",
    entries,
    trailer: dict,
    end,
    streamNumber,
    prev: num(dict.get(PDFName.of("Prev"))),
  };
}

/** The cross-reference section at `offset`: a table (`xref`) or an xref stream (`N G obj`). */
export function readXrefSection(reader: ObjectReader, offset: number): XrefSection {
  if (!Number.isInteger(offset) || offset < 0 || offset >= reader.bytes.length)
    throw new XrefError(`a cross-reference offset (${offset}) is not in the file`);
  if (startsWith(reader.bytes, offset, "xref")) return readTable(reader, offset);
  // An offset that names white-space just before `xref` (Certipost's tool writes one): qpdf ("extraneous
  // whitespace seen before xref"), poppler and pdf.js skip it and read that table. Not a comment.
  let at = offset;
  while (at < reader.bytes.length && at - offset < 64 && WS.has(reader.bytes[at]!)) at++;
  if (at > offset && startsWith(reader.bytes, at, "xref")) return readTable(reader, at);
  return readStream(reader, offset);
}

export interface XrefChain {
  /** Newest first, in the order readers follow them (a table, its /XRefStm, then /Prev). */
  sections: XrefSection[];
  /** Each object number's entry: the first one met (the newest). */
  table: Map<number, XrefEntry>;
  /** The newest trailer. */
  trailer: PDFDict;
}

/** Follows the chain from `start` (the last startxref of the file by default). */
export function readXrefChain(reader: ObjectReader, start = lastStartxref(reader.bytes)): XrefChain {
  const sections: XrefSection[] = [];
  const table = new Map<number, XrefEntry>();
  const queue = [start];
  const seen = new Set<number>();
  while (queue.length) {
    const offset = queue.shift()!;
    if (seen.has(offset)) continue; // pdf.js and poppler stop at a section they read already
    seen.add(offset);
    if (sections.length >= MAX_SECTIONS) throw new XrefError("too many cross-reference sections");
    const section = readXrefSection(reader, offset);
    sections.push(section);
    for (const e of section.entries) if (!table.has(e.num)) table.set(e.num, e);
    if (section.xrefStm !== undefined) queue.push(section.xrefStm);
    if (section.prev !== undefined) queue.push(section.prev);
  }
  return { sections, table, trailer: sections[0]!.trailer };
}

/**
 * Walks what `from` refers to, through dictionaries, arrays, stream dictionaries and references:
 * `open(ref)` gives the object a reference names, or undefined to go no further there (one already
 * seen, one that does not exist). `skip(key)`: dictionary entries not to follow.
 */
export function walkReferences(
  from: (PDFObject | undefined)[],
  open: (ref: PDFRef) => PDFObject | undefined,
  skip?: (key: string) => boolean,
): void {
  const stack = [...from];
  while (stack.length) {
    const o = stack.pop();
    if (o instanceof PDFRef) stack.push(open(o));
    else if (o instanceof PDFDict) {
      for (const [k, v] of o.entries()) if (!skip?.(k.decodeText())) stack.push(v);
    } else if (o instanceof PDFArray) stack.push(...o.asArray());
    else if (o instanceof PDFRawStream) stack.push(o.dict);
  }
}

/**
 * An object stream's decoded bytes and its header: for each of its /N objects, [object number, offset
 * from /First]. Throws XrefError when it is not readable as one; more than LIMITS.objects objects is
 * TOO_COMPLEX.
 */
export function readObjectStream(
  object: PDFRawStream,
  n: number,
): { data: Uint8Array; pairs: [number, number][]; first: number } {
  const count = num(object.dict.get(PDFName.of("N")));
  const first = num(object.dict.get(PDFName.of("First")));
  if (count === undefined || first === undefined || count < 0 || first < 0)
    throw new XrefError(`object stream ${n} has no /N or /First`);
  if (count > LIMITS.objects) {
    const budget = activeBudget();
    const why = `it has more than ${LIMITS.objects.toLocaleString("en")} objects`;
    throw budget ? exhaust(budget, why) : tooComplex(why);
  }
  let data: Uint8Array;
  try {
    data = decodeStream(object);
  } catch (e) {
    if (e instanceof Error && (e.name === "PdfError" || e instanceof XrefError)) throw e;
    throw new XrefError(`object stream ${n} cannot be decoded`);
  }
  const tokens = latin1(data, 0, first)
    .trim()
    .split(/[\0\t\n\f\r ]+/)
    .filter(Boolean)
    .map(Number);
  if (tokens.length < count * 2 || tokens.some((t) => !Number.isInteger(t)))
    throw new XrefError(`object stream ${n} has a malformed header`);
  const pairs: [number, number][] = [];
  for (let i = 0; i < count; i++) pairs.push([tokens[2 * i]!, tokens[2 * i + 1]!]);
  return { data, pairs, first };
}

/** What readByXref found. */
export interface XrefReading {
  context: PDFContext;
  chain: XrefChain;
  /**
   * The file is already its one reading as written: one cross-reference section, its objects back to
   * back from the header to the section (nothing between them but white-space and comments, so nothing
   * unlisted), each listed object reached from the trailer, each object stream holding exactly what the
   * section lists in it, and nothing after `%%EOF`. A scan finds what the cross-reference names.
   */
  asWritten: boolean;
}

/** See XrefReading.asWritten. */
function isAsWritten(
  reader: ObjectReader,
  chain: XrefChain,
  reached: Set<number>,
  headers: Map<number, [number, number][]>,
): boolean {
  const { bytes } = reader;
  const [section, more] = chain.sections;
  if (!section || more || section.prev !== undefined || section.xrefStm !== undefined) return false;
  const offsets: number[] = [];
  const inStreams = new Map<number, number>();
  for (const e of chain.table.values()) {
    if (e.kind === "free") continue;
    const own = e.kind === "offset" && section.kind === "stream" && e.num === section.streamNumber;
    const container = e.kind === "offset" && headers.has(e.num);
    if (!own && !container && !reached.has(e.num)) return false; // listed, but nothing refers to it
    if (e.kind === "offset") offsets.push(e.offset);
    else inStreams.set(e.stream, (inStreams.get(e.stream) ?? 0) + 1);
  }
  for (const [stream, pairs] of headers) if (pairs.length !== (inStreams.get(stream) ?? 0)) return false;
  if (section.kind === "stream" && !offsets.includes(section.offset)) offsets.push(section.offset);
  offsets.sort((a, b) => a - b);
  let at = skipSpace(bytes, 0);
  for (const offset of offsets) {
    const end = reader.ends.get(offset);
    if (offset !== at || end === undefined) return false;
    at = skipSpace(bytes, end);
  }
  if (section.kind === "table") {
    if (at !== section.offset) return false;
    at = skipSpace(bytes, section.end);
  } else if (offsets.at(-1) !== section.offset) return false;
  const tail = /^startxref[\0\t\n\f\r ]+(\d+)[\0\t\n\f\r ]*%%EOF/.exec(latin1(bytes, at, at + 64));
  // After %%EOF, white-space and comments only (a comment is no object for any reader).
  return !!tail && Number(tail[1]) === section.offset && skipSpace(bytes, at + tail[0].length) === bytes.length;
}

/**
 * The objects of `bytes` (or of its first `end` bytes: a revision) reachable from the newest
 * trailer, each as the cross-reference names it, in a pdf-lib context whose trailer is that
 * trailer's. Throws XrefError where a viewer would have to rebuild the table.
 */
export function readByXref(bytes: Uint8Array, end = bytes.length): XrefReading {
  const file = end === bytes.length ? bytes : bytes.subarray(0, end);
  const reader = new ObjectReader(file);
  const chain = readXrefChain(reader);
  const ctx = reader.context;
  const header = /%PDF-(\d)\.(\d)/.exec(latin1(file, 0, 1024));
  if (header) ctx.header = PDFHeader.forVersion(Number(header[1]), Number(header[2]));

  const objectStreams = new Map<number, { data: Uint8Array; pairs: [number, number][]; first: number }>();
  const loading = new Set<number>();
  const loaded = new Map<number, PDFObject | undefined>();

  const objectStream = (n: number) => {
    let s = objectStreams.get(n);
    if (s) return s;
    const entry = chain.table.get(n);
    if (!entry || entry.kind !== "offset") throw new XrefError(`object stream ${n} is not where the cross-reference says`);
    const { num: found, object } = reader.at(entry.offset, resolve);
    if (found !== n || !(object instanceof PDFRawStream))
      throw new XrefError(`object stream ${n} is not where the cross-reference says`);
    s = readObjectStream(object, n);
    objectStreams.set(n, s);
    return s;
  };

  function load(n: number): PDFObject | undefined {
    if (loaded.has(n)) return loaded.get(n);
    if (loading.has(n)) throw new XrefError(`object ${n} refers to itself while it is read`);
    const entry = chain.table.get(n);
    if (!entry || entry.kind === "free") {
      loaded.set(n, undefined);
      return undefined;
    }
    loading.add(n);
    let object: PDFObject;
    if (entry.kind === "offset") {
      const read = reader.at(entry.offset, resolve);
      if (read.num !== n || read.gen !== entry.gen)
        throw new XrefError(`the cross-reference puts object ${n} where object ${read.num} is`);
      object = read.object;
    } else {
      const s = objectStream(entry.stream);
      const pair = s.pairs[entry.index];
      if (!pair || pair[0] !== n) throw new XrefError(`object ${n} is not at its index in object stream ${entry.stream}`);
      const parser = objectParser(s.data, ctx);
      parser.bytes.moveTo(s.first + pair[1]);
      try {
        object = parser.parseObject();
      } catch (e) {
        if (e instanceof Error && e.name === "PdfError") throw e;
        throw new XrefError(`object ${n} in object stream ${entry.stream} cannot be parsed`);
      }
    }
    loading.delete(n);
    loaded.set(n, object);
    return object;
  }
  function resolve(ref: PDFRef): PDFObject | undefined {
    return load(ref.objectNumber);
  }

  // Everything reachable from the trailer, loaded once each.
  const trailer = chain.trailer;
  const stack: PDFObject[] = [];
  for (const key of ["Root", "Info", "Encrypt"]) {
    const v = trailer.get(PDFName.of(key));
    if (v) stack.push(v);
  }
  const visited = new Set<number>();
  walkReferences(stack, (ref) => {
    if (visited.has(ref.objectNumber)) return undefined;
    visited.add(ref.objectNumber);
    const v = load(ref.objectNumber);
    if (v !== undefined) ctx.assign(PDFRef.of(ref.objectNumber, ref.generationNumber), v);
    return v;
  });
  const get = (k: string) => trailer.get(PDFName.of(k));
  ctx.trailerInfo = { Root: get("Root"), Info: get("Info"), Encrypt: get("Encrypt"), ID: get("ID") };
  const headers = new Map([...objectStreams].map(([n, o]) => [n, o.pairs]));
  return { context: ctx, chain, asWritten: isAsWritten(reader, chain, visited, headers) };
}
