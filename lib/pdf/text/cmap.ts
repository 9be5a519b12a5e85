/**
 * CMaps (PDF 32000-1, 9.7.5 and 9.10.3): how a Type 0 font's byte strings split into character
 * codes and what CID each code selects (CodeCMap, as poppler's CMap has it), and what Unicode text
 * a code stands for (UnicodeCMap: a ToUnicode CMap, or an Adobe-<Ordering>-UCS2 table from CID).
 * Both read the text form found in PDFs and the binary form pdfjs-dist ships Adobe's predefined
 * CMaps in (bcmap.ts), through one interface.
 */
import { exhaust, type ParseBudget } from "../limits";
import { readBinaryCMap, type BinaryCMapSink } from "./bcmap";
import { glyphNameToUnicode } from "./glyph-names";
import { Lexer, Name, type Operand } from "./lexer";

/** What a CMap says, entry by entry, in the text form and the binary one alike. */
interface CMapSink extends BinaryCMapSink {
  /** A bfchar whose destination is a glyph name (or an array element of a bfrange). */
  bfText(code: number, text: string): void;
}

function toInt(b: Uint8Array): number {
  let v = 0;
  for (let i = 0; i < b.length && i < 4; i++) v = v * 256 + b[i]!;
  return v;
}

const isCode = (o: Operand | undefined): o is Uint8Array => o instanceof Uint8Array && o.length > 0;

/**
 * The entries of each begin...end block, `size` operands each. Operands of a block arrive as the
 * args of the `end...` keyword, since the lexer gathers everything up to the next keyword. Blocks
 * hold at most 100 entries by the spec, but writers exceed it, so collect across keywords.
 */
const BLOCKS: Record<string, { size: number; entry(sink: CMapSink, e: Operand[]): void }> = {
  endbfchar: {
    size: 2,
    entry(sink, [code, dst]) {
      if (!isCode(code)) return;
      if (dst instanceof Uint8Array) sink.bfRange(toInt(code), toInt(code), dst);
      else if (dst instanceof Name) {
        const text = glyphNameToUnicode(dst.name);
        if (text) sink.bfText(toInt(code), text);
      }
    },
  },
  endbfrange: {
    size: 3,
    entry(sink, [lo, hi, dst]) {
      if (!isCode(lo) || !isCode(hi)) return;
      const low = toInt(lo);
      const high = toInt(hi);
      if (high < low) return;
      if (dst instanceof Uint8Array) sink.bfRange(low, high, dst);
      else if (Array.isArray(dst)) {
        for (let c = low; c <= high && c - low < dst.length; c++) {
          const d = dst[c - low];
          if (d instanceof Uint8Array) sink.bfText(c, utf16be(d));
        }
      }
    },
  },
  endcidchar: {
    size: 2,
    entry(sink, [code, cid]) {
      if (isCode(code) && typeof cid === "number") sink.cidRange(toInt(code), toInt(code), code.length, cid);
    },
  },
  endcidrange: {
    size: 3,
    entry(sink, [lo, hi, cid]) {
      // poppler takes a range only when both ends have the same length.
      if (isCode(lo) && isCode(hi) && lo.length === hi.length && typeof cid === "number")
        sink.cidRange(toInt(lo), toInt(hi), lo.length, cid);
    },
  },
};

/** Reads a CMap in its text form (PostScript) into `sink`. */
function readTextCMap(data: Uint8Array, sink: CMapSink): void {
  const lexer = new Lexer(data, 200_000);
  const args: Operand[] = [];
  let pending: Operand[] = [];
  let guard = 0;
  for (;;) {
    const op = lexer.nextOp(args);
    if (op === undefined || ++guard > 1_000_000) break;
    const block = BLOCKS[op];
    if (block) {
      pending.push(...args);
      for (let i = 0; i + block.size <= pending.length; i += block.size) block.entry(sink, pending.slice(i, i + block.size));
      pending = [];
      continue;
    }
    switch (op) {
      case "begincodespacerange":
      case "beginbfchar":
      case "beginbfrange":
      case "begincidchar":
      case "begincidrange":
      case "endcodespacerange":
        // poppler reads code lengths from the CID entries themselves, not from codespace ranges.
        pending = [];
        break;
      case "usecmap":
        if (args[0] instanceof Name) sink.useCMap(args[0].name);
        break;
      case "def":
        // /WMode 1 def marks a vertical CMap.
        if (args[0] instanceof Name && args[0].name === "WMode" && args[1] === 1) sink.vertical();
        break;
      default:
        // Keep operands of keywords that appear inside a block (some writers put comments or
        // stray keywords there); they are picked up by the closing `end...`.
        pending.push(...args);
        if (pending.length > 300_000) pending = [];
    }
  }
}

/** poppler's CMap vector: a CID per byte value, or the node that reads one more byte. */
interface CodeNode {
  cids: Uint32Array;
  next: (CodeNode | undefined)[] | undefined;
}

const newNode = (): CodeNode => ({ cids: new Uint32Array(256), next: undefined });

/** Codes a CMap may map, all ranges together (Adobe's largest predefined CMap maps about 1.2 million). */
const MAX_CMAP_CODES = 1 << 22;
/** What one node is charged to the document's byte budget (its CIDs and its links). */
const NODE_BYTES = 256 * 12;
/** CMaps that use CMaps that use CMaps ... (Adobe's go two deep). */
export const MAX_USECMAP_DEPTH = 8;

/**
 * Code -> CID as poppler's CMap reads it: a code is as long as the CID entries say (a byte that
 * starts a longer entry reads on), not as long as the codespace ranges say; a byte nothing maps
 * is a one-byte code of CID 0. Identity CMaps have no entries: two-byte codes, CID = code.
 */
export class CodeCMap {
  vertical = false;
  identity = false;
  private root: CodeNode | undefined;
  private codes = 0;
  /** The code and CID `read` found. */
  code = 0;
  cid = 0;

  /**
   * @param budget the document's, for CMaps embedded in it (nodes are charged to its decoded
   *   bytes); predefined CMaps are read once per process and have none.
   */
  private constructor(private readonly budget?: ParseBudget) {}

  static identity(vertical: boolean): CodeCMap {
    const c = new CodeCMap();
    c.identity = true;
    c.vertical = vertical;
    return c;
  }

  /**
   * A CMap in text form (a font's /Encoding stream); `use` finds the CMaps it names with
   * `usecmap`, and `parent` is its /UseCMap (applied first, as poppler does).
   */
  static parse(data: Uint8Array, use: (name: string) => CodeCMap | undefined, budget?: ParseBudget, parent?: CodeCMap): CodeCMap {
    const c = new CodeCMap(budget);
    c.root = newNode();
    if (parent) c.use(parent);
    readTextCMap(data, c.sink(use));
    return c;
  }

  /** A predefined CMap in pdf.js's binary form. */
  static fromBinary(data: Uint8Array, use: (name: string) => CodeCMap | undefined): CodeCMap {
    const c = new CodeCMap();
    c.root = newNode();
    readBinaryCMap(data, c.sink(use));
    return c;
  }

  private sink(use: (name: string) => CodeCMap | undefined): CMapSink {
    return {
      vertical: () => (this.vertical = true),
      useCMap: (name) => {
        const other = use(name);
        if (other) this.use(other);
      },
      cidRange: (low, high, bytes, cid) => this.addCids(low, high, bytes, cid),
      bfRange: () => {},
      bfText: () => {},
    };
  }

  /** poppler's CMap::useCMap: the other's identity and entries (the WMode stays this CMap's). */
  private use(other: CodeCMap): void {
    this.identity = other.identity;
    if (other.root && this.root) this.copy(this.root, other.root);
  }

  private copy(dest: CodeNode, src: CodeNode): void {
    for (let i = 0; i < 256; i++) {
      const sub = src.next?.[i];
      if (sub) {
        const next = (dest.next ??= new Array(256));
        this.copy((next[i] ??= this.node()), sub);
      } else if (!dest.next?.[i]) dest.cids[i] = src.cids[i]!;
    }
  }

  private node(): CodeNode {
    const b = this.budget;
    if (b) {
      if (b.remaining < NODE_BYTES) throw exhaust(b, "its CMaps take too much memory");
      b.remaining -= NODE_BYTES;
    }
    return newNode();
  }

  /** poppler's CMap::addCIDs: entries of a code length that another length already reads on from are dropped. */
  private addCids(start: number, end: number, bytes: number, firstCid: number): void {
    if (bytes > 4 || end < start || !this.root) return;
    this.codes += end - start + 1;
    if (this.codes > MAX_CMAP_CODES) {
      const reason = `a CMap maps more than ${MAX_CMAP_CODES.toLocaleString("en")} codes`;
      if (this.budget) throw exhaust(this.budget, reason);
      throw new Error(reason);
    }
    for (let block = Math.floor(start / 256) * 256; block <= end; block += 256) {
      let node = this.root;
      for (let k = bytes - 1; k >= 1; k--) {
        const byte = Math.floor(block / 256 ** k) % 256;
        const next = (node.next ??= new Array(256));
        node = next[byte] ??= this.node();
      }
      const from = Math.max(start, block) - block;
      const to = Math.min(end, block + 255) - block;
      for (let byte = from; byte <= to; byte++) {
        if (!node.next?.[byte]) node.cids[byte] = firstCid + (block + byte - start);
      }
    }
  }

  /** Reads the code at `pos` into `code` and `cid`; returns its length in bytes (poppler's CMap::getCID). */
  read(bytes: Uint8Array, pos: number): number {
    const left = bytes.length - pos;
    let node = this.root;
    let code = 0;
    for (let n = 1; node && n <= left; n++) {
      const b = bytes[pos + n - 1]!;
      code = code * 256 + b;
      const next = node.next?.[b];
      if (!next) {
        this.code = code;
        this.cid = node.cids[b]!;
        return n;
      }
      node = next;
    }
    if (this.identity && left >= 2) {
      this.code = this.cid = bytes[pos]! * 256 + bytes[pos + 1]!;
      return 2;
    }
    this.code = bytes[pos] ?? 0;
    this.cid = 0;
    return 1;
  }

  /** The CID of a code `read` returned with this length. */
  cidOf(code: number, length: number): number {
    let node = this.root;
    for (let k = length - 1; node && k >= 0; k--) {
      const b = Math.floor(code / 256 ** k) % 256;
      const next = node.next?.[b];
      if (!next) return k === 0 ? (node.cids[b] ?? 0) : 0;
      node = next;
    }
    return this.identity && length === 2 ? code : 0;
  }
}

interface Range {
  low: number;
  high: number;
  /** Text of `low`; later codes add their offset to its last UTF-16 unit. */
  start: string;
}

/** Above this many codes a range is kept as a range instead of being expanded into the map. */
const EXPAND_LIMIT = 256;

/** Code -> Unicode text: a ToUnicode CMap, or the Unicode of each CID of a character collection. */
export class UnicodeCMap implements CMapSink {
  readonly unicode = new Map<number, string>();
  readonly ranges: Range[] = [];

  static parse(data: Uint8Array): UnicodeCMap {
    const cmap = new UnicodeCMap();
    readTextCMap(data, cmap);
    return cmap;
  }

  static fromBinary(data: Uint8Array): UnicodeCMap {
    const cmap = new UnicodeCMap();
    readBinaryCMap(data, cmap);
    return cmap;
  }

  vertical(): void {}
  useCMap(): void {}
  cidRange(): void {}

  bfRange(low: number, high: number, dst: Uint8Array): void {
    const start = utf16be(dst);
    if (high - low < EXPAND_LIMIT) {
      for (let c = low; c <= high; c++) this.unicode.set(c, offsetText(start, c - low));
    } else this.ranges.push({ low, high, start });
  }

  bfText(code: number, text: string): void {
    this.unicode.set(code, text);
  }

  unicodeOf(code: number): string | undefined {
    const direct = this.unicode.get(code);
    if (direct !== undefined) return direct;
    for (const r of this.ranges) if (code >= r.low && code <= r.high) return offsetText(r.start, code - r.low);
    return undefined;
  }

  get hasUnicode(): boolean {
    return this.unicode.size > 0 || this.ranges.length > 0;
  }
}

/** ToUnicode destinations are UTF-16BE. */
function utf16be(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
  if (b.length % 2 === 1) s += String.fromCharCode(b[b.length - 1]!);
  return s;
}

/** bfrange: successive codes increment the last UTF-16 unit of the destination. */
function offsetText(start: string, offset: number): string {
  if (offset === 0 || start.length === 0) return start;
  return start.slice(0, -1) + String.fromCharCode((start.charCodeAt(start.length - 1) + offset) & 0xffff);
}
