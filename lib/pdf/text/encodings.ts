/**
 * Simple-font encodings: code to glyph name (PDF 32000-1, Annex D), for fonts without a ToUnicode
 * CMap. WinAnsi, Symbol and ZapfDingbats come from pdf-lib's standard-font data (public API);
 * StandardEncoding and MacRomanEncoding are short enough to spell out here. Names become text in
 * glyph-names.ts.
 */
import { StandardFontEmbedder, StandardFonts } from "@cantoo/pdf-lib";
import { glyphNameOf, glyphNameToUnicode } from "./glyph-names";

export type CodeNames = (string | undefined)[];

let winAnsi: CodeNames | undefined;
let symbol: CodeNames | undefined;
let dingbats: CodeNames | undefined;
let dingbatNames: Map<string, string> | undefined;

/** code -> glyph name from one pdf-lib encoding (and, for ZapfDingbats, glyph name -> text). */
function fromPdfLib(font: StandardFonts, names?: Map<string, string>): CodeNames {
  const enc = StandardFontEmbedder.for(font as unknown as Parameters<typeof StandardFontEmbedder.for>[0]).encoding;
  const codes: CodeNames = new Array(256);
  for (const cp of enc.supportedCodePoints) {
    const { code, name } = enc.encodeUnicodeCodePoint(cp);
    if (codes[code] === undefined) codes[code] = name;
    if (names && !names.has(name)) names.set(name, String.fromCodePoint(cp));
  }
  return codes;
}

function init(): void {
  if (winAnsi) return;
  const w = fromPdfLib(StandardFonts.Helvetica);
  // PDF 32000-1 Annex D, note 6 (and poppler's table): WinAnsi's unused codes above 0x7E are
  // bullets, 0xA0 is a space and 0xAD a hyphen.
  for (const c of [0x7f, 0x81, 0x8d, 0x8f, 0x90, 0x9d]) w[c] = "bullet";
  w[0xa0] = "space";
  w[0xad] = "hyphen";
  // pdf-lib names U+0178 "ydieresis".
  w[0x9f] = "Ydieresis";
  winAnsi = w;
  // Codes poppler's tables leave out: the euro in Symbol, the ornaments at 0x80-0x8D in
  // ZapfDingbats (an unnamed code gives no text there).
  symbol = fromPdfLib(StandardFonts.Symbol);
  symbol[0xa0] = undefined;
  dingbatNames = new Map();
  dingbats = fromPdfLib(StandardFonts.ZapfDingbats, dingbatNames);
  for (let c = 0x80; c <= 0x8d; c++) dingbats[c] = undefined;
}

/** Text of a ZapfDingbats glyph name ("a1" is ✁), which only ZapfDingbats fonts use. */
export function dingbatGlyph(name: string): string | undefined {
  init();
  return dingbatNames!.get(name);
}

const ASCII_NAMES =
  "space exclam quotedbl numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore quoteleft a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde".split(
    " ",
  );

const STANDARD_HIGH: Record<number, string> = {
  0xa1: "exclamdown",
  0xa2: "cent",
  0xa3: "sterling",
  0xa4: "fraction",
  0xa5: "yen",
  0xa6: "florin",
  0xa7: "section",
  0xa8: "currency",
  0xa9: "quotesingle",
  0xaa: "quotedblleft",
  0xab: "guillemotleft",
  0xac: "guilsinglleft",
  0xad: "guilsinglright",
  0xae: "fi",
  0xaf: "fl",
  0xb1: "endash",
  0xb2: "dagger",
  0xb3: "daggerdbl",
  0xb4: "periodcentered",
  0xb6: "paragraph",
  0xb7: "bullet",
  0xb8: "quotesinglbase",
  0xb9: "quotedblbase",
  0xba: "quotedblright",
  0xbb: "guillemotright",
  0xbc: "ellipsis",
  0xbd: "perthousand",
  0xbf: "questiondown",
  0xc1: "grave",
  0xc2: "acute",
  0xc3: "circumflex",
  0xc4: "tilde",
  0xc5: "macron",
  0xc6: "breve",
  0xc7: "dotaccent",
  0xc8: "dieresis",
  0xca: "ring",
  0xcb: "cedilla",
  0xcd: "hungarumlaut",
  0xce: "ogonek",
  0xcf: "caron",
  0xd0: "emdash",
  0xe1: "AE",
  0xe3: "ordfeminine",
  0xe8: "Lslash",
  0xe9: "Oslash",
  0xea: "OE",
  0xeb: "ordmasculine",
  0xf1: "ae",
  0xf5: "dotlessi",
  0xf8: "lslash",
  0xf9: "oslash",
  0xfa: "oe",
  0xfb: "germandbls",
};

let standard: CodeNames | undefined;
function standardEncoding(): CodeNames {
  if (standard) return standard;
  const codes: CodeNames = new Array(256);
  ASCII_NAMES.forEach((n, i) => (codes[0x20 + i] = n));
  for (const [c, n] of Object.entries(STANDARD_HIGH)) codes[Number(c)] = n;
  standard = codes;
  return codes;
}

/** MacRomanEncoding 0x80-0xFF as Unicode (0xCA is a no-break space, 0xF0 Apple's private logo). */
export const MAC_ROMAN_HIGH =
  "ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄¤‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ";

let macRoman: CodeNames | undefined;
function macRomanEncoding(): CodeNames {
  if (macRoman) return macRoman;
  const byText = new Map<string, string>();
  // Names for the text, preferring those of StandardEncoding and WinAnsi, else the glyph list's
  // first (the AGL has several names for some characters).
  init();
  for (const n of [...standardEncoding(), ...winAnsi!])
    if (n && !byText.has(glyphNameToUnicode(n))) byText.set(glyphNameToUnicode(n), n);
  const codes = standardEncoding().slice(0, 0x80);
  codes[0x27] = "quotesingle";
  codes[0x60] = "grave";
  for (let i = 0; i < 128; i++)
    codes[0x80 + i] = byText.get(MAC_ROMAN_HIGH.charAt(i)) ?? glyphNameOf(MAC_ROMAN_HIGH.codePointAt(i)!);
  // As poppler's table: 0xCA is a space, 0xBD "Omega" (the AGL's ohm sign), 0xF0 Apple's logo
  // (a name no list knows).
  codes[0xca] = "space";
  codes[0xbd] = "Omega";
  codes[0xf0] = "apple";
  macRoman = codes;
  return codes;
}

export type EncodingName =
  "StandardEncoding" | "WinAnsiEncoding" | "MacRomanEncoding" | "MacExpertEncoding" | "Symbol" | "ZapfDingbats";

export function baseEncoding(name: EncodingName): CodeNames {
  init();
  switch (name) {
    case "WinAnsiEncoding":
      return winAnsi!.slice();
    case "MacRomanEncoding":
      return macRomanEncoding().slice();
    case "Symbol":
      return symbol!.slice();
    case "ZapfDingbats":
      return dingbats!.slice();
    default:
      // MacExpertEncoding (small caps and old-style figures) is read as StandardEncoding: the
      // anchors we look for are plain ASCII, which MacExpert cannot encode anyway.
      return standardEncoding().slice();
  }
}
