/**
 * The two fonts sealing draws with, both shipped in lib/pdf/fonts with their licences:
 * DejaVu Sans (TEXT and DATE values, the certificate, the sandbox line: wide Unicode coverage)
 * and Dancing Script (typed signatures and initials).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import { PDFArray, PDFDict, PDFName, PDFRef, PDFStream, type PDFDocument, type PDFFont } from "@cantoo/pdf-lib";
import { fontkitFor } from "../fontkit";
import { flushNative } from "./ink";

export type SealFontName = "DejaVuSans.ttf" | "DancingScript-Regular.otf";

interface FontFile {
  bytes: Uint8Array;
  face: fontkit.Font;
}

const files = new Map<SealFontName, FontFile>();

/** Found from the working directory (how the server, tests and benchmarks run) or next to this module. */
function fontFile(name: SealFontName): FontFile {
  const hit = files.get(name);
  if (hit) return hit;
  const candidates = [path.join(process.cwd(), "lib/pdf/fonts", name)];
  try {
    candidates.push(fileURLToPath(new URL(`../fonts/${name}`, import.meta.url)));
  } catch {
    // import.meta.url is not a file: URL in some bundles; the working directory remains.
  }
  const file = candidates.find((f) => fs.existsSync(f));
  if (!file) throw new Error(`${name} not found: expected lib/pdf/fonts/${name} under the working directory`);
  const bytes = new Uint8Array(fs.readFileSync(file));
  const entry = { bytes, face: fontkit.create(bytes) };
  files.set(name, entry);
  return entry;
}

/** A font embedded in one document, with what layout needs (units of the font size). */
export interface SealFont {
  pdf: PDFFont;
  /** Ascent and descent (negative) as fractions of the font size, as the PDF's FontDescriptor states them. */
  ascent: number;
  descent: number;
  /** True when the font has a glyph for every character of `text`. */
  covers(text: string): boolean;
  /** Width of `text` at `size`, from cached per-character advances (fast enough to wrap long values). */
  width(text: string, size: number): number;
  /** `text` as a content-stream string for this font (<hex>), cached: encoding runs fontkit's layout. */
  encode(text: string): string;
}

/**
 * pdf-lib parses a font's bytes with fontkit on every embedFont, and the first layout with a font
 * then reads its GSUB/GPOS tables: for DejaVu Sans several hundred milliseconds per document.
 * This stand-in for fontkit hands out the face parsed once per process (faces are only read:
 * subsets and layouts are created per embedding).
 */
const sharedFontkit = fontkitFor((bytes) => {
  for (const f of files.values()) if (f.bytes === bytes) return f.face;
  return fontkit.create(bytes);
});

/** Whole OpenType/CFF fonts embedded in a document, whose font dictionaries need fixing (below). */
const wholeCffFonts = new WeakMap<PDFDocument, PDFFont[]>();

/**
 * Embeds a font. DejaVu Sans is subset. Dancing Script is an OpenType/CFF font, and pdf-lib's CFF
 * subsetter writes a font poppler cannot load ("Embedded font file may be invalid"), so it is
 * embedded whole (63 KB); call finishSealFonts before saving.
 *
 * Layout features: ligatures and contextual alternates are off, because their glyphs get no
 * Unicode mapping in pdf-lib's ToUnicode map ("th" dropped out of a typed name's extracted text)
 * and a value must read back exactly as the signer gave it. Kerning and mark positioning (GPOS)
 * are off because pdf-lib ignores glyph positions anyway, and shaping with them cost ~70 ms per
 * new string of DejaVu Sans.
 */
const FEATURES = { liga: false, clig: false, dlig: false, calt: false, kern: false, mark: false, mkmk: false };

export async function embedSealFont(doc: PDFDocument, name: SealFontName): Promise<SealFont> {
  const { bytes, face } = fontFile(name);
  doc.registerFontkit(sharedFontkit);
  const script = name.startsWith("DancingScript");
  const pdf = await doc.embedFont(bytes, { subset: !script, features: FEATURES });
  if (script) wholeCffFonts.set(doc, [...(wholeCffFonts.get(doc) ?? []), pdf]);
  // Advance widths straight from the font (what pdf-lib sums too), per character, cached.
  const advance = new Map<string, number>();
  const width = (text: string, size: number) => {
    let w = 0;
    for (const ch of text) {
      let a = advance.get(ch);
      if (a === undefined) {
        a = face.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth / face.unitsPerEm;
        advance.set(ch, a);
      }
      w += a;
    }
    return w * size;
  };
  const encoded = new Map<string, string>();
  const encode = (text: string) => {
    let e = encoded.get(text);
    if (e === undefined) {
      e = pdf.encodeText(text).toString();
      encoded.set(text, e);
    }
    return e;
  };
  return {
    pdf,
    width,
    encode,
    ascent: face.ascent / face.unitsPerEm,
    descent: face.descent / face.unitsPerEm,
    covers: (text) => [...text].every((ch) => /\s/.test(ch) || face.hasGlyphForCodePoint(ch.codePointAt(0)!)),
  };
}

/** `text` with every character the font cannot draw replaced by U+FFFD (DejaVu has that glyph). */
export function drawable(font: SealFont, text: string): string {
  return [...text].map((ch) => (font.covers(ch) ? ch : "\ufffd")).join("");
}

/**
 * Greedy word wrap at `width` points; line breaks in `text` are kept, and a word longer than a
 * line (a hash, a user agent) is broken between characters.
 */
export function wrapText(font: SealFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split(/\r\n|\r|\n/)) {
    let cur = "";
    for (const word of para.split(/(?<=\s)/)) {
      const next = cur + word;
      if (cur !== "" && font.width(next.trimEnd(), size) > width) {
        lines.push(cur.trimEnd());
        cur = word;
      } else cur = next;
      while (font.width(cur.trimEnd(), size) > width && [...cur.trimEnd()].length > 1) {
        const chars = [...cur];
        let k = chars.length - 1;
        while (k > 1 && font.width(chars.slice(0, k).join(""), size) > width) k--;
        lines.push(chars.slice(0, k).join(""));
        cur = chars.slice(k).join("");
      }
    }
    lines.push(cur.trimEnd());
  }
  return lines;
}

/**
 * Writes the embedded fonts into the document (pdf-lib does it lazily, at save) and fixes the
 * dictionaries of whole OpenType/CFF fonts: pdf-lib (1.17, and @cantoo/pdf-lib 2.11 still) does
 * not see that @pdf-lib/fontkit's font is CFF-based and declares it TrueType (CIDFontType2 with
 * FontFile2), which poppler reports as "Mismatch between font type and embedded font file". The
 * PDF 1.6 form is CIDFontType0 with FontFile3 of Subtype OpenType; glyphs are still selected by
 * CID = glyph index.
 */
export async function finishSealFonts(doc: PDFDocument): Promise<void> {
  await flushNative(doc);
  const ctx = doc.context;
  for (const font of wholeCffFonts.get(doc) ?? []) {
    const type0 = ctx.lookup(font.ref);
    const descendants = type0 instanceof PDFDict ? type0.lookup(PDFName.of("DescendantFonts")) : undefined;
    const cid = descendants instanceof PDFArray ? ctx.lookup(descendants.get(0)) : undefined;
    if (!(cid instanceof PDFDict)) continue;
    const desc = cid.lookup(PDFName.of("FontDescriptor"));
    const file = desc instanceof PDFDict ? desc.get(PDFName.of("FontFile2")) : undefined;
    if (!(desc instanceof PDFDict) || !(file instanceof PDFRef)) continue; // already fixed
    const stream = ctx.lookup(file);
    if (!(stream instanceof PDFStream)) continue;
    cid.set(PDFName.of("Subtype"), PDFName.of("CIDFontType0"));
    cid.delete(PDFName.of("CIDToGIDMap"));
    desc.delete(PDFName.of("FontFile2"));
    desc.set(PDFName.of("FontFile3"), file);
    stream.dict.set(PDFName.of("Subtype"), PDFName.of("OpenType"));
  }
}
