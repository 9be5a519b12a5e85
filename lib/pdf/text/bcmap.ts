/**
 * A reader of pdf.js's binary CMaps (`.bcmap`), the form in which pdfjs-dist ships Adobe's
 * predefined CMaps (`pdfjs-dist/cmaps/`). The format, as pdf.js's BinaryCMapReader
 * (src/core/cmap.js) reads it:
 *
 * - byte 0: bit 0 set for a vertical CMap (WMode 1);
 * - then records. A record's first byte `b`: `b >> 5` is its type, 7 for metadata (`b & 31`:
 *   0 a comment, 1 the name of the CMap it uses, each a string); else bit 4 says the entries are
 *   consecutive (each starts one past the previous end, no gap is stored) and `b & 15` + 1 is the
 *   size in bytes of its numbers. A count of entries follows, then the entries of type 0
 *   codespacerange, 1 notdefrange, 2 cidchar, 3 cidrange, 4 bfchar, 5 bfrange. The source codes
 *   of bfchar and bfrange are always 2 bytes; the size is their destination's.
 * - Numbers: a varint is 7 bits a byte, most significant first, the top bit set on every byte
 *   but the last. A code is stored whole for the first entry of a record and as a varint
 *   difference from the previous code after it; signed differences are zigzag coded (low bit the
 *   sign).
 */

export interface BinaryCMapSink {
  vertical(): void;
  useCMap(name: string): void;
  /** Codes [low, high] of `bytes` bytes select CIDs from `cid` on. */
  cidRange(low: number, high: number, bytes: number, cid: number): void;
  /** Codes [low, high] (two bytes) stand for the UTF-16BE `dst`, its last unit incremented per code. */
  bfRange(low: number, high: number, dst: Uint8Array): void;
}

const MAX_SIZE = 16;

export class BcmapFormatError extends Error {}

class Reader {
  pos = 0;
  constructor(private readonly data: Uint8Array) {}

  byte(): number {
    const v = this.data[this.pos];
    if (v === undefined) throw new BcmapFormatError("unexpected end of a binary CMap");
    this.pos++;
    return v;
  }

  varint(): number {
    let n = 0;
    for (let i = 0; ; i++) {
      if (i > 7) throw new BcmapFormatError("a number too long in a binary CMap");
      const b = this.byte();
      n = n * 128 + (b & 0x7f);
      if (!(b & 0x80)) return n;
    }
  }

  signed(): number {
    const n = this.varint();
    return n % 2 ? -(n - 1) / 2 - 1 : n / 2;
  }

  /** `size` bytes as they are. */
  raw(out: Uint8Array, size: number): void {
    if (this.pos + size > this.data.length) throw new BcmapFormatError("unexpected end of a binary CMap");
    for (let i = 0; i < size; i++) out[i] = this.data[this.pos++]!;
  }

  /** A varint spread over `size` bytes, big-endian (higher bits are dropped). */
  bytesOf(out: Uint8Array, size: number): void {
    out.fill(0, 0, size);
    for (let i = 0; ; i++) {
      if (i > 20) throw new BcmapFormatError("a number too long in a binary CMap");
      const b = this.byte();
      // out = out * 128 + (b & 0x7f)
      let carry = b & 0x7f;
      for (let k = size - 1; k >= 0; k--) {
        const v = out[k]! * 128 + carry;
        out[k] = v & 0xff;
        carry = v >> 8;
      }
      if (!(b & 0x80)) return;
    }
  }

  /** A zigzag-coded signed varint over `size` bytes, in two's complement. */
  signedBytesOf(out: Uint8Array, size: number): void {
    this.bytesOf(out, size);
    const sign = out[size - 1]! & 1 ? 0xff : 0;
    let carry = 0;
    for (let k = 0; k < size; k++) {
      const o = out[k]!;
      const v = (carry << 8) | o;
      carry = o & 1;
      out[k] = (v >> 1) ^ sign;
    }
  }

  string(): string {
    const n = this.varint();
    let s = "";
    for (let i = 0; i < n; i++) s += String.fromCharCode(this.varint());
    return s;
  }

  get done(): boolean {
    return this.pos >= this.data.length;
  }
}

/** a += b over `size` bytes (mod 256^size). */
function add(a: Uint8Array, b: Uint8Array, size: number): void {
  let carry = 0;
  for (let k = size - 1; k >= 0; k--) {
    const v = a[k]! + b[k]! + carry;
    a[k] = v & 0xff;
    carry = v >> 8;
  }
}

function increment(a: Uint8Array, size: number): void {
  for (let k = size - 1; k >= 0; k--) {
    const v = a[k]!;
    if (v < 0xff) {
      a[k] = v + 1;
      return;
    }
    a[k] = 0;
  }
}

function toInt(a: Uint8Array, size: number): number {
  let n = 0;
  for (let k = 0; k < size; k++) n = n * 256 + a[k]!;
  return n;
}

/** Reads a binary CMap into `sink` (codespace and notdef ranges are read past: poppler ignores them). */
export function readBinaryCMap(data: Uint8Array, sink: BinaryCMapSink): void {
  const r = new Reader(data);
  if (r.byte() & 1) sink.vertical();
  const start = new Uint8Array(MAX_SIZE);
  const end = new Uint8Array(MAX_SIZE);
  const delta = new Uint8Array(MAX_SIZE);
  const dst = new Uint8Array(MAX_SIZE);
  while (!r.done) {
    const b = r.byte();
    const type = b >> 5;
    if (type === 7) {
      const name = r.string();
      if ((b & 0x1f) === 1) sink.useCMap(name);
      continue;
    }
    const consecutive = (b & 0x10) !== 0;
    const size = (b & 15) + 1;
    const count = r.varint();
    // Codes of bfchar and bfrange are two bytes; `size` is then their destination's.
    const codeSize = type >= 4 ? 2 : size;
    /**
     * The first range of a record is stored whole, the others from the previous end (codespace
     * and notdef ranges always store the gap).
     */
    const nextRange = (first: boolean, gap: boolean) => {
      if (first) r.raw(start, codeSize);
      else {
        increment(end, codeSize);
        start.set(end.subarray(0, codeSize));
        if (gap) {
          r.bytesOf(delta, codeSize);
          add(start, delta, codeSize);
        }
      }
      r.bytesOf(delta, codeSize);
      end.set(start.subarray(0, codeSize));
      add(end, delta, codeSize);
    };
    switch (type) {
      case 0: // codespacerange: its entries are always stored apart
      case 1: // notdefrange
        for (let i = 0; i < count; i++) {
          nextRange(i === 0, true);
          if (type === 1) r.varint();
        }
        break;
      case 2: {
        // cidchar
        let cid = 0;
        for (let i = 0; i < count; i++) {
          if (i === 0) {
            r.raw(start, size);
            cid = r.varint();
          } else {
            increment(start, size);
            if (!consecutive) {
              r.bytesOf(delta, size);
              add(start, delta, size);
            }
            cid += 1 + r.signed();
          }
          const code = toInt(start, size);
          sink.cidRange(code, code, size, cid);
        }
        break;
      }
      case 3: // cidrange
        for (let i = 0; i < count; i++) {
          nextRange(i === 0, !consecutive);
          sink.cidRange(toInt(start, size), toInt(end, size), size, r.varint());
        }
        break;
      case 4: // bfchar
        for (let i = 0; i < count; i++) {
          if (i === 0) {
            r.raw(start, 2);
            r.raw(dst, size);
          } else {
            increment(start, 2);
            if (!consecutive) {
              r.bytesOf(delta, 2);
              add(start, delta, 2);
            }
            increment(dst, size);
            r.signedBytesOf(delta, size);
            add(dst, delta, size);
          }
          const code = toInt(start, 2);
          sink.bfRange(code, code, dst.slice(0, size));
        }
        break;
      case 5: // bfrange
        for (let i = 0; i < count; i++) {
          nextRange(i === 0, !consecutive);
          r.raw(dst, size);
          sink.bfRange(toInt(start, 2), toInt(end, 2), dst.slice(0, size));
        }
        break;
      default:
        throw new BcmapFormatError(`unknown record type ${type} in a binary CMap`);
    }
  }
}
