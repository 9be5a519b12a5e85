/**
 * CMaps (PDF 32000-1, 9.7.5 and 9.10.3): how byte strings split into character codes, what CID a
 * code selects, and what Unicode text a code stands for (ToUnicode).
 */
import { Lexer, Name, type Operand } from "./lexer";
import { glyphNameToUnicode } from "./glyph-names";

interface CodeSpace {
  bytes: number;
  low: number;
  high: number;
}

interface Range<T> {
  low: number;
  high: number;
  /** Value for `low`; later codes add their offset (for strings: to the last UTF-16 unit). */
  start: T;
}

/** Above this many codes a range is kept as a range instead of being expanded into the map. */
const EXPAND_LIMIT = 256;

export class CMap {
  codespaces: CodeSpace[] = [];
  /** code -> CID (encoding CMaps) */
  readonly cids = new Map<number, number>();
  readonly cidRanges: Range<number>[] = [];
  /** code -> Unicode text (ToUnicode CMaps) */
  readonly unicode = new Map<number, string>();
  readonly unicodeRanges: Range<string>[] = [];
  /** `usecmap /Identity-H` and the predefined Identity CMaps: code = CID, two bytes. */
  identity = false;
  vertical = false;

  static identityCMap(vertical: boolean): CMap {
    const c = new CMap();
    c.identity = true;
    c.vertical = vertical;
    c.codespaces = [{ bytes: 2, low: 0, high: 0xffff }];
    return c;
  }

  static parse(data: Uint8Array): CMap {
    const cmap = new CMap();
    const lexer = new Lexer(data, 200_000);
    const args: Operand[] = [];
    // Operands of a begin...end block arrive as the args of the `end...` keyword, since the
    // lexer gathers everything up to the next keyword. Blocks hold at most 100 entries by the
    // spec, but writers exceed it, so collect across keywords until the matching end.
    let pending: Operand[] = [];
    let guard = 0;
    for (;;) {
      const op = lexer.nextOp(args);
      if (op === undefined || ++guard > 1_000_000) break;
      switch (op) {
        case "begincodespacerange":
        case "beginbfchar":
        case "beginbfrange":
        case "begincidchar":
        case "begincidrange":
          pending = [];
          break;
        case "endcodespacerange":
          pending.push(...args);
          for (let i = 0; i + 1 < pending.length; i += 2) {
            const lo = pending[i];
            const hi = pending[i + 1];
            if (lo instanceof Uint8Array && hi instanceof Uint8Array && lo.length > 0 && lo.length <= 4) {
              cmap.codespaces.push({ bytes: lo.length, low: toInt(lo), high: toInt(hi) });
            }
          }
          break;
        case "endbfchar":
          pending.push(...args);
          for (let i = 0; i + 1 < pending.length; i += 2) {
            const code = pending[i];
            const dst = pending[i + 1];
            if (code instanceof Uint8Array) {
              const text = dst instanceof Uint8Array ? utf16be(dst) : dst instanceof Name ? glyphNameToUnicode(dst.name) || null : null;
              if (text !== null) cmap.unicode.set(toInt(code), text);
            }
          }
          break;
        case "endbfrange":
          pending.push(...args);
          for (let i = 0; i + 2 < pending.length; i += 3) {
            const lo = pending[i];
            const hi = pending[i + 1];
            const dst = pending[i + 2];
            if (!(lo instanceof Uint8Array) || !(hi instanceof Uint8Array)) continue;
            const low = toInt(lo);
            const high = toInt(hi);
            if (high < low) continue;
            if (Array.isArray(dst)) {
              for (let c = low; c <= high && c - low < dst.length; c++) {
                const d = dst[c - low];
                if (d instanceof Uint8Array) cmap.unicode.set(c, utf16be(d));
              }
            } else if (dst instanceof Uint8Array) {
              const start = utf16be(dst);
              if (high - low < EXPAND_LIMIT) {
                for (let c = low; c <= high; c++) cmap.unicode.set(c, offsetText(start, c - low));
              } else cmap.unicodeRanges.push({ low, high, start });
            }
          }
          break;
        case "endcidchar":
          pending.push(...args);
          for (let i = 0; i + 1 < pending.length; i += 2) {
            const code = pending[i];
            const cid = pending[i + 1];
            if (code instanceof Uint8Array && typeof cid === "number") cmap.cids.set(toInt(code), cid);
          }
          break;
        case "endcidrange":
          pending.push(...args);
          for (let i = 0; i + 2 < pending.length; i += 3) {
            const lo = pending[i];
            const hi = pending[i + 1];
            const cid = pending[i + 2];
            if (lo instanceof Uint8Array && hi instanceof Uint8Array && typeof cid === "number") {
              cmap.cidRanges.push({ low: toInt(lo), high: toInt(hi), start: cid });
            }
          }
          break;
        case "usecmap": {
          const n = args[0];
          if (n instanceof Name && /^Identity-[HV]$/.test(n.name)) {
            cmap.identity = true;
            cmap.vertical = n.name.endsWith("V");
          }
          break;
        }
        case "def": {
          // /WMode 1 def marks a vertical CMap.
          if (args[0] instanceof Name && args[0].name === "WMode" && args[1] === 1) cmap.vertical = true;
          break;
        }
        default:
          // Keep operands of keywords that appear inside a block (some writers put comments or
          // stray keywords there); they are picked up by the closing `end...`.
          pending.push(...args);
          if (pending.length > 300_000) pending = [];
      }
    }
    if (cmap.identity && cmap.codespaces.length === 0) cmap.codespaces = [{ bytes: 2, low: 0, high: 0xffff }];
    return cmap;
  }

  /**
   * Reads one character code at `pos`, following the codespace ranges. With no ranges the code
   * is `fallbackBytes` long; a byte sequence outside every range is taken with the length of the
   * shortest range (what Acrobat and pdfjs do), so text after a bad byte stays in step.
   */
  readCode(bytes: Uint8Array, pos: number, fallbackBytes: number): { code: number; length: number } {
    const spaces = this.codespaces;
    if (spaces.length === 0) {
      let code = 0;
      const n = Math.min(fallbackBytes, bytes.length - pos);
      for (let i = 0; i < n; i++) code = (code << 8) | bytes[pos + i];
      return { code, length: Math.max(n, 1) };
    }
    let code = 0;
    for (let n = 1; n <= 4 && pos + n <= bytes.length; n++) {
      code = ((code << 8) | bytes[pos + n - 1]) >>> 0;
      for (const s of spaces) {
        if (s.bytes === n && code >= s.low && code <= s.high) return { code, length: n };
      }
    }
    let shortest = 4;
    for (const s of spaces) shortest = Math.min(shortest, s.bytes);
    const n = Math.max(1, Math.min(shortest, bytes.length - pos));
    code = 0;
    for (let i = 0; i < n; i++) code = ((code << 8) | bytes[pos + i]) >>> 0;
    return { code, length: n };
  }

  cidOf(code: number): number {
    const direct = this.cids.get(code);
    if (direct !== undefined) return direct;
    for (const r of this.cidRanges) if (code >= r.low && code <= r.high) return r.start + (code - r.low);
    return this.identity ? code : 0;
  }

  unicodeOf(code: number): string | undefined {
    const direct = this.unicode.get(code);
    if (direct !== undefined) return direct;
    for (const r of this.unicodeRanges) if (code >= r.low && code <= r.high) return offsetText(r.start, code - r.low);
    return undefined;
  }

  get hasUnicode(): boolean {
    return this.unicode.size > 0 || this.unicodeRanges.length > 0;
  }
}

function toInt(b: Uint8Array): number {
  let v = 0;
  for (let i = 0; i < b.length && i < 4; i++) v = ((v << 8) | b[i]) >>> 0;
  return v;
}

/** ToUnicode destinations are UTF-16BE. */
function utf16be(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i] << 8) | b[i + 1]);
  if (b.length % 2 === 1) s += String.fromCharCode(b[b.length - 1]);
  return s;
}

/** bfrange: successive codes increment the last UTF-16 unit of the destination. */
function offsetText(start: string, offset: number): string {
  if (offset === 0 || start.length === 0) return start;
  return start.slice(0, -1) + String.fromCharCode((start.charCodeAt(start.length - 1) + offset) & 0xffff);
}
