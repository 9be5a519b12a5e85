/**
 * What an embedded font program says about its codes, for simple fonts whose dictionary gives no
 * base encoding: poppler (GfxFont.cc, getFontType and the Gfx8BitFont constructor) then takes the
 * encoding built into a Type 1 (FontFile) or CFF (FontFile3 /Type1C) program, and never one from
 * a TrueType program ("a losing proposition", its comment says: it reads WinAnsi names instead).
 */
import fontkit from "@pdf-lib/fontkit";
import { type PDFContext, type PDFDict, PDFRawStream } from "@cantoo/pdf-lib";
import { baseEncoding, type CodeNames } from "./encodings";
import { decodeStream, get, getName, getNumber, type DecodeBudget } from "./objects";

/** poppler's GfxFontType for a simple font. */
export type FontType = "type1" | "type1c" | "type1c-ot" | "truetype" | "truetype-ot" | "type3" | "unknown";

/** The program's own format from its first bytes (poppler's FoFiIdentifier, simplified). */
function sniff(data: Uint8Array): FontType {
  const b = data;
  if (b.length < 4) return "unknown";
  const tag = String.fromCharCode(...b.subarray(0, 4));
  if (tag.startsWith("%!") || (b[0] === 0x80 && b[1] === 0x01)) return "type1";
  if (tag === "\0\x01\0\0" || tag === "true" || tag === "ttcf") return "truetype";
  if (tag === "OTTO") return "type1c-ot";
  if (b[0] === 1 && b[1] === 0 && (b[2] ?? 0) >= 4) return "type1c";
  return "unknown";
}

export interface FontProgram {
  type: FontType;
  /** The decoded program, when it was read (only Type 1 and CFF programs are). */
  data?: Uint8Array;
}

/**
 * The font's type as poppler decides it: from /Subtype and the FontFile key, corrected by the
 * program's bytes. The program is decoded only when its encoding is wanted (`wantData`: the
 * dictionary names no base encoding) and it may hold one: a TrueType program can be megabytes
 * and is never asked for one.
 */
export function fontProgram(
  ctx: PDFContext,
  dict: PDFDict,
  desc: PDFDict | undefined,
  budget: DecodeBudget,
  wantData: boolean,
): FontProgram {
  const subtype = getName(ctx, dict, "Subtype");
  let expected: FontType =
    subtype === "Type1" || subtype === "MMType1"
      ? "type1"
      : subtype === "Type1C"
        ? "type1c"
        : subtype === "Type3"
          ? "type3"
          : subtype === "TrueType"
            ? "truetype"
            : "unknown";
  if (expected === "type3" || !desc) return { type: expected };
  let file: PDFRawStream | undefined;
  for (const key of ["FontFile", "FontFile2", "FontFile3"]) {
    const f = get(ctx, desc, key);
    if (f instanceof PDFRawStream) {
      file = f;
      if (key === "FontFile3") {
        const sub = getName(ctx, f.dict, "Subtype");
        if (sub === "Type1C" && expected === "type1") expected = "type1c";
        else if (sub === "OpenType")
          expected = expected === "truetype" ? "truetype-ot" : expected === "type1" ? "type1c-ot" : expected;
      }
      break;
    }
  }
  // A TrueType program where TrueType is expected is taken at its word, unread: nothing in it
  // would be used.
  if (!file || !wantData || expected.startsWith("truetype")) return { type: expected };
  const data = decodeStream(ctx, file, budget);
  const found = sniff(data);
  return { type: found === "unknown" ? expected : found, data };
}

/**
 * The encoding in a Type 1 program's clear-text part: "/Encoding StandardEncoding def", or
 * "/Encoding 256 array" and "dup <code> /<glyph> put" lines (codes it does not list have no name).
 */
export function type1Encoding(data: Uint8Array, clearLength: number | undefined): CodeNames | undefined {
  let text = Buffer.from(data.subarray(0, Math.min(clearLength ?? data.length, data.length, 256 * 1024))).toString("latin1");
  const eexec = text.indexOf("eexec");
  if (eexec >= 0) text = text.slice(0, eexec);
  if (/\/Encoding\s+StandardEncoding\s+def/.test(text)) return baseEncoding("StandardEncoding");
  const names: CodeNames = new Array(256);
  let found = /\/Encoding\s+\d+\s+array/.test(text);
  for (const m of text.matchAll(/dup\s+(\d+)\s*\/([^\s\/\[\]{}()<>%]+)\s+put/g)) {
    const code = Number(m[1]);
    if (code < 256) {
      names[code] = m[2];
      found = true;
    }
  }
  return found ? names : undefined;
}

/** The clear-text length of a FontFile stream (/Length1), for type1Encoding. */
export function clearTextLength(ctx: PDFContext, desc: PDFDict | undefined): number | undefined {
  const file = get(ctx, desc, "FontFile");
  return file instanceof PDFRawStream ? getNumber(ctx, file.dict, "Length1") : undefined;
}

/** The byte at `i` of a CFF program; a program cut short is refused like a malformed one (cffEncoding catches). */
function byteAt(b: Uint8Array, i: number): number {
  const v = b[i];
  if (v === undefined) throw new RangeError("truncated CFF");
  return v;
}

/** One INDEX of a CFF (Adobe TN 5176, 5): its entries' [start, end) and where it ends. */
function readIndex(b: Uint8Array, pos: number): { entries: [number, number][]; end: number } {
  const count = (byteAt(b, pos) << 8) | byteAt(b, pos + 1);
  if (count === 0) return { entries: [], end: pos + 2 };
  const offSize = byteAt(b, pos + 2);
  if (offSize < 1 || offSize > 4) throw new RangeError("bad CFF INDEX");
  let p = pos + 3;
  const base = p + (count + 1) * offSize - 1;
  const entries: [number, number][] = [];
  let start = 0;
  for (let i = 0; i <= count; i++) {
    let v = 0;
    for (let k = 0; k < offSize; k++) v = v * 256 + byteAt(b, p++);
    if (i > 0) entries.push([base + start, base + v]);
    start = v;
  }
  return { entries, end: base + start };
}

/** The operands of one operator in a CFF DICT (TN 5176, 4), or undefined when it is absent. */
function dictOperand(b: Uint8Array, start: number, end: number, op: number): number | undefined {
  const operands: number[] = [];
  for (let p = start; p < end;) {
    const v = byteAt(b, p);
    if (v <= 21) {
      const code = v === 12 ? 1200 + byteAt(b, p + 1) : v;
      p += v === 12 ? 2 : 1;
      if (code === op) return operands[0];
      operands.length = 0;
    } else if (v === 28) {
      operands.push(((byteAt(b, p + 1) << 24) >> 16) | byteAt(b, p + 2));
      p += 3;
    } else if (v === 29) {
      operands.push((byteAt(b, p + 1) << 24) | (byteAt(b, p + 2) << 16) | (byteAt(b, p + 3) << 8) | byteAt(b, p + 4));
      p += 5;
    } else if (v === 30) {
      // A real number: nibbles up to 0xf; never an offset, so its value does not matter here.
      p++;
      while (p < end && (byteAt(b, p) & 0x0f) !== 0x0f && (byteAt(b, p) & 0xf0) !== 0xf0) p++;
      p++;
      operands.push(0);
    } else if (v >= 32 && v <= 246) {
      operands.push(v - 139);
      p++;
    } else if (v >= 247 && v <= 250) {
      operands.push((v - 247) * 256 + byteAt(b, p + 1) + 108);
      p += 2;
    } else if (v >= 251 && v <= 254) {
      operands.push(-(v - 251) * 256 - byteAt(b, p + 1) - 108);
      p += 2;
    } else p++;
  }
  return undefined;
}

/** A bare CFF in the smallest OpenType wrapper, so that fontkit reads its charset and strings. */
function wrapCff(cff: Uint8Array): Buffer {
  const out = Buffer.alloc(28 + cff.length);
  out.write("OTTO", 0, "latin1");
  out.writeUInt16BE(1, 4); // one table
  out.writeUInt16BE(16, 6);
  out.write("CFF ", 12, "latin1");
  out.writeUInt32BE(28, 20);
  out.writeUInt32BE(cff.length, 24);
  out.set(cff, 28);
  return out;
}

interface CffGlyphs {
  isCIDFont: boolean;
  string(sid: number): string | null;
  getGlyphName(gid: number): string | null;
  topDict: { CharStrings?: unknown[]; Encoding?: unknown };
}

/**
 * The encoding built into a CFF program (FontFile3 /Type1C) as poppler's FoFiType1C reads it:
 * StandardEncoding, ExpertEncoding, or the program's own table of codes and glyphs (with its
 * supplement of extra codes), gaps filled from StandardEncoding as Gfx8BitFont does. Glyph names
 * (charset and strings) come from fontkit; CID-keyed programs have none.
 */
export function cffEncoding(data: Uint8Array): CodeNames | undefined {
  try {
    const font = fontkit.create(wrapCff(data)) as unknown as Record<string, CffGlyphs>;
    const cff = font["CFF "];
    if (!cff || cff.isCIDFont) return undefined;
    const nGlyphs = cff.topDict.CharStrings?.length ?? 0;
    const names: CodeNames = new Array(256);
    const nameOf = (gid: number) => (gid < nGlyphs ? (cff.getGlyphName(gid) ?? undefined) : undefined);
    const nameIndex = readIndex(data, byteAt(data, 2));
    const top = readIndex(data, nameIndex.end).entries[0];
    const offset = top ? (dictOperand(data, top[0], top[1], 16) ?? 0) : 0;
    if (offset === 1) {
      const expert = (cff.topDict.Encoding as string[] | undefined) ?? [];
      for (let c = 0; c < 256; c++) names[c] = expert[c] || undefined;
    }
    let p = offset;
    // Counts past the end of the data read as 0, as the loops' bounds would stop them anyway.
    const format = offset > 1 ? (data[p++] ?? 0) : 0xff;
    let gid = 1;
    if ((format & 0x7f) === 0) {
      const nCodes = data[p++] ?? 0;
      for (let i = 0; i < nCodes && p < data.length; i++, gid++) {
        const code = byteAt(data, p++);
        const name = nameOf(gid);
        if (name) names[code] = name;
      }
    } else if ((format & 0x7f) === 1) {
      const nRanges = data[p++] ?? 0;
      for (let i = 0; i < nRanges && p + 1 < data.length; i++) {
        const first = byteAt(data, p++);
        const nLeft = byteAt(data, p++);
        for (let k = 0; k <= nLeft && gid < nGlyphs; k++, gid++) {
          const name = nameOf(gid);
          if (first + k < 256 && name) names[first + k] = name;
        }
      }
    }
    if (offset > 1 && format & 0x80) {
      const nSups = data[p++] ?? 0;
      for (let i = 0; i < nSups && p + 2 < data.length; i++) {
        const code = byteAt(data, p);
        const sid = (byteAt(data, p + 1) << 8) | byteAt(data, p + 2);
        p += 3;
        const name = cff.string(sid);
        if (name) names[code] = name;
      }
    }
    const standard = baseEncoding("StandardEncoding");
    for (let c = 0; c < 256; c++) if (!names[c] && standard[c]) names[c] = standard[c];
    return names;
  } catch {
    // A program fontkit cannot read: poppler would not read its encoding either.
    return undefined;
  }
}
