/**
 * Glyph names to Unicode, the way poppler's `pdftotext` reads them (GfxFont.cc, Gfx8BitFont and
 * parseCharName, which follows Adobe's glyph-naming convention): the Adobe Glyph List first, then
 * a name's parts: "a.sc" is "a", "f_f_i" is "ffi", "uni0041" and "u1F600" are code points, and in
 * fonts whose names are all numbers ("g65", "G41") the number is the code point.
 */
import fs from "node:fs";
import { createRequire } from "node:module";

/**
 * The Adobe Glyph List as pdf.js keeps it (pdfjs-dist, a dependency already: it renders pages in the
 * browser). No npm package publishes the whole list (`aglfn` has only the 586 names for new fonts) and
 * pdf.js does not export its copy, so its table is read from the worker file of the pinned version:
 * it holds every AGL name of one code point with the AGL's value, and a hundred or so additions.
 * The glyph-names test checks the table is found and whole.
 */
function pdfjsGlyphList(): Map<string, number> {
  const file = createRequire(import.meta.url).resolve("pdfjs-dist/legacy/build/pdf.worker.mjs");
  // Only the table is decoded: names cut from a string of the whole 2 MB file would keep all of it alive
  // in every engine thread (a long name is a slice of the string it came from, not a copy).
  const bytes = fs.readFileSync(file);
  const start = bytes.indexOf("const getGlyphsUnicode = getLookupTableFactory(function (t) {");
  const end = start < 0 ? -1 : bytes.indexOf("\n});", start);
  if (start < 0 || end < 0) throw new Error(`The glyph list was not found in ${file}: pdfjs-dist changed its layout`);
  const map = new Map<string, number>();
  for (const m of bytes.toString("utf8", start, end).matchAll(/t(?:\.([A-Za-z_][\w.]*)|\["([^"]+)"\]) = 0x([0-9a-fA-F]+);/g)) {
    const name = m[1] ?? m[2];
    if (name !== undefined && m[3] !== undefined) map.set(name, parseInt(m[3], 16));
  }
  return map;
}

let agl: Map<string, number> | undefined;

/**
 * The list as poppler has it (NameToUnicodeTable.h): the AGL's names of one code point (its 81
 * names of several are left out), names that are the character itself ("0" for 0), and three
 * names poppler adds.
 */
function table(): Map<string, number> {
  if (agl) return agl;
  const map = pdfjsGlyphList();
  for (let c = 0x21; c < 0x7f; c++) if (!/[A-Za-z"[]/.test(String.fromCharCode(c))) map.set(String.fromCharCode(c), c);
  map.set("exclamleft", 0x21);
  map.set("lessorequalslant", 0x2a7d);
  map.set("greaterorequalslant", 0x2a7e);
  agl = map;
  return map;
}

/** Unicode of a name in the glyph list (poppler's first pass), or undefined. */
export function listedGlyph(name: string): string | undefined {
  const u = table().get(name);
  return u === undefined ? undefined : String.fromCodePoint(u);
}

let byCode: Map<number, string> | undefined;

/** A name for a code point: the glyph list's first, else uniXXXX (or uXXXXX). */
export function glyphNameOf(cp: number): string {
  if (!byCode) {
    byCode = new Map();
    for (const [name, u] of table()) if (!byCode.has(u) && name.length > 1) byCode.set(u, name);
  }
  const hex = cp.toString(16).toUpperCase();
  return byCode.get(cp) ?? (cp <= 0xffff ? `uni${hex.padStart(4, "0")}` : `u${hex}`);
}

export interface NameRules {
  /** Every name of the font's encoding parses as a number (see numericNames). */
  numeric: boolean;
  /** ... and those numbers are hexadecimal ("G4a", "4a"). */
  hex: boolean;
}

const isHexLetter = (c: string) => /[a-fA-F]/.test(c);

/**
 * A name poppler takes for a hexadecimal code ("G1f": a letter and two hex digits, or two hex
 * digits, with a hex letter among the digits so that "a0" stays a decimal-looking name).
 */
export function looksHex(name: string): boolean {
  if (name.length === 3)
    return /^[A-Za-z][0-9A-Fa-f]{2}$/.test(name) && (isHexLetter(name.charAt(1)) || isHexLetter(name.charAt(2)));
  if (name.length === 2) return /^[0-9A-Fa-f]{2}$/.test(name) && isHexLetter(name.charAt(1));
  return false;
}

/** poppler's parseNumericName: "g65" (decimal, up to two letters first) or "G41" / "41" (hex). */
export function numericName(name: string, hex: boolean): number | undefined {
  let s = name;
  if (hex) {
    const n = /^[0-9A-Za-z]*/.exec(s)![0].length;
    if (n === 3 && /^[A-Za-z]/.test(s)) s = s.slice(1);
    else if (n !== 2) return undefined;
  } else {
    for (let i = 0; i < 2 && /^[A-Za-z]/.test(s); i++) s = s.slice(1);
  }
  // strtol: optional white-space and sign, and a 0x prefix in base 16.
  const m = (hex ? /^\s*([+-]?)(?:0[xX])?([0-9A-Fa-f]+)/ : /^\s*([+-]?)(\d+)/).exec(s);
  if (!m) return undefined;
  if (!/^[^0-9A-Za-z]*$/.test(s.slice(m[0].length))) return undefined;
  const v = parseInt(`${m[1] ?? ""}${m[2] ?? ""}`, hex ? 16 : 10);
  return v >= 0 && v <= 0x10ffff ? v : undefined;
}

/**
 * Does the font use numeric names (poppler's testForNumericNames)? Only when its /Differences
 * start every run at code 0 to 5 and every name in it parses as a number.
 */
export function numericNames(differences: (string | number)[] | undefined, hex: boolean): boolean {
  if (!differences) return false;
  for (const d of differences) {
    if (typeof d === "number") {
      if (!Number.isInteger(d) || d > 5) return false;
    } else if (numericName(d, hex) === undefined) return false;
  }
  return true;
}

function isScalar(u: number): boolean {
  return u <= 0xd7ff || (u >= 0xe000 && u <= 0x10ffff);
}

/**
 * poppler's parseCharName (the AGL convention, steps 1-3). Returns "" when nothing maps, as the
 * convention's step 3.5 says.
 */
function parseName(name: string, names: boolean, ligatures: boolean, rules: NameRules, variants: boolean): string {
  // 1. Drop everything from the first period: "7.oldstyle", "s.sc".
  if (variants) {
    const dot = name.indexOf(".");
    if (dot === 0) return "";
    if (dot > 0) return parseName(name.slice(0, dot), true, ligatures, rules, false);
  }
  // 2. Split at underscores: "f_f_i", "T_h".
  if (ligatures && name.includes("_")) {
    let out = "";
    for (const part of name.split("_")) if (part) out += parseName(part, true, false, rules, variants);
    return out;
  }
  // 3.2 A name in the list.
  if (names) {
    const u = table().get(name);
    if (u !== undefined) return String.fromCodePoint(u);
  }
  const n = name.length;
  // 3.3 "uni" and groups of four hex digits, each a BMP scalar value (poppler skips bad groups).
  if (n >= 7 && n % 4 === 3 && name.startsWith("uni")) {
    let out = "";
    for (let m = 3; m < n; m += 4) {
      const group = name.slice(m, m + 4);
      if (!/^[0-9A-Fa-f]{4}$/.test(group)) continue;
      const u = parseInt(group, 16);
      if (u <= 0xffff && isScalar(u)) out += String.fromCharCode(u);
    }
    return out;
  }
  // 3.4 "u" and four to six hex digits.
  if (n >= 5 && n <= 7 && /^u[0-9A-Fa-f]{4,6}$/.test(name)) {
    const u = parseInt(name.slice(1), 16);
    if (isScalar(u)) return String.fromCodePoint(u);
  }
  // Not in the convention: "g65", "G41" in fonts whose names are all like that.
  if (rules.numeric) {
    const u = numericName(name, rules.hex);
    if (u !== undefined) return String.fromCodePoint(u);
  }
  return "";
}

/** The second pass of poppler over a name the list lacks: variants, ligatures, uniXXXX, uXXXXX. */
export function parseGlyphName(name: string, rules: NameRules = { numeric: false, hex: false }): string {
  return parseName(name, false, true, rules, true);
}

/** Unicode text for a glyph name ("" when none): the list, then the name's parts. */
export function glyphNameToUnicode(name: string): string {
  return listedGlyph(name) ?? parseGlyphName(name);
}
