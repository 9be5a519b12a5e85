/**
 * Simple-font encodings and glyph names (PDF 32000-1, Annex D), for fonts without a ToUnicode
 * CMap. WinAnsi, Symbol and ZapfDingbats come from pdf-lib's standard-font data (public API);
 * StandardEncoding and MacRomanEncoding are short enough to spell out here.
 */
import { StandardFontEmbedder, StandardFonts } from "pdf-lib";

export type CodeNames = (string | undefined)[];

let nameTable: Map<string, string> | undefined;
let winAnsi: CodeNames | undefined;
let symbol: CodeNames | undefined;
let dingbats: CodeNames | undefined;

/** code -> glyph name, and glyph name -> Unicode, from one pdf-lib encoding. */
function fromPdfLib(font: StandardFonts, names: Map<string, string>): CodeNames {
  const enc = StandardFontEmbedder.for(font as unknown as Parameters<typeof StandardFontEmbedder.for>[0]).encoding;
  const codes: CodeNames = new Array(256);
  for (const cp of enc.supportedCodePoints) {
    const { code, name } = enc.encodeUnicodeCodePoint(cp);
    if (codes[code] === undefined) codes[code] = name;
    if (!names.has(name)) names.set(name, String.fromCodePoint(cp));
  }
  return codes;
}

function init(): Map<string, string> {
  if (nameTable) return nameTable;
  const names = new Map<string, string>();
  winAnsi = fromPdfLib(StandardFonts.Helvetica, names);
  symbol = fromPdfLib(StandardFonts.Symbol, names);
  dingbats = fromPdfLib(StandardFonts.ZapfDingbats, names);
  // Names of StandardEncoding and common ligatures that WinAnsi lacks.
  const extra: Record<string, string> = {
    fi: "fi", fl: "fl", ff: "ff", ffi: "ffi", ffl: "ffl", fraction: "⁄", dotlessi: "ı", Lslash: "Ł",
    lslash: "ł", quotesingle: "'", hungarumlaut: "˝", ogonek: "˛", caron: "ˇ", breve: "˘",
    dotaccent: "˙", ring: "˚", nbspace: "\u00a0", sfthyphen: "\u00ad", minus: "−", Euro: "€",
  };
  for (const [k, v] of Object.entries(extra)) if (!names.has(k)) names.set(k, v);
  nameTable = names;
  return names;
}

/** Unicode text for a glyph name: the standard names, uniXXXX, uXXXX[XX], "a.sc", "f_f_i". */
export function glyphNameToUnicode(name: string): string | undefined {
  const names = init();
  const direct = names.get(name);
  if (direct !== undefined) return direct;
  let m = /^uni((?:[0-9A-F]{4})+)$/.exec(name);
  if (m) {
    let s = "";
    for (let i = 0; i < m[1].length; i += 4) s += String.fromCharCode(parseInt(m[1].slice(i, i + 4), 16));
    return s;
  }
  m = /^u([0-9A-F]{4,6})$/.exec(name);
  if (m) {
    const cp = parseInt(m[1], 16);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : undefined;
  }
  const dot = name.indexOf(".");
  if (dot > 0) return glyphNameToUnicode(name.slice(0, dot));
  if (name.includes("_")) {
    const parts = name.split("_").map(glyphNameToUnicode);
    return parts.every((p) => p !== undefined) ? parts.join("") : undefined;
  }
  return undefined;
}

const ASCII_NAMES =
  "space exclam quotedbl numbersign dollar percent ampersand quoteright parenleft parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft backslash bracketright asciicircum underscore quoteleft a b c d e f g h i j k l m n o p q r s t u v w x y z braceleft bar braceright asciitilde".split(
    " ",
  );

const STANDARD_HIGH: Record<number, string> = {
  0xa1: "exclamdown", 0xa2: "cent", 0xa3: "sterling", 0xa4: "fraction", 0xa5: "yen", 0xa6: "florin",
  0xa7: "section", 0xa8: "currency", 0xa9: "quotesingle", 0xaa: "quotedblleft", 0xab: "guillemotleft",
  0xac: "guilsinglleft", 0xad: "guilsinglright", 0xae: "fi", 0xaf: "fl", 0xb1: "endash", 0xb2: "dagger",
  0xb3: "daggerdbl", 0xb4: "periodcentered", 0xb6: "paragraph", 0xb7: "bullet", 0xb8: "quotesinglbase",
  0xb9: "quotedblbase", 0xba: "quotedblright", 0xbb: "guillemotright", 0xbc: "ellipsis", 0xbd: "perthousand",
  0xbf: "questiondown", 0xc1: "grave", 0xc2: "acute", 0xc3: "circumflex", 0xc4: "tilde", 0xc5: "macron",
  0xc6: "breve", 0xc7: "dotaccent", 0xc8: "dieresis", 0xca: "ring", 0xcb: "cedilla", 0xcd: "hungarumlaut",
  0xce: "ogonek", 0xcf: "caron", 0xd0: "emdash", 0xe1: "AE", 0xe3: "ordfeminine", 0xe8: "Lslash",
  0xe9: "Oslash", 0xea: "OE", 0xeb: "ordmasculine", 0xf1: "ae", 0xf5: "dotlessi", 0xf8: "lslash",
  0xf9: "oslash", 0xfa: "oe", 0xfb: "germandbls",
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
  const names = init();
  const byText = new Map<string, string>();
  for (const [n, t] of names) if (!byText.has(t)) byText.set(t, n);
  const codes = standardEncoding().slice(0, 0x80);
  codes[0x27] = "quotesingle";
  codes[0x60] = "grave";
  for (let i = 0; i < 128; i++) codes[0x80 + i] = byText.get(MAC_ROMAN_HIGH[i]) ?? `uni${MAC_ROMAN_HIGH.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0")}`;
  macRoman = codes;
  return codes;
}

export type EncodingName = "StandardEncoding" | "WinAnsiEncoding" | "MacRomanEncoding" | "MacExpertEncoding" | "Symbol" | "ZapfDingbats";

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
