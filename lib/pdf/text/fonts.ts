/**
 * What the text extractor needs from a PDF font: how bytes split into codes, each code's advance
 * width and Unicode text, and the ascent/descent that poppler's `pdftotext -bbox` uses for the
 * top of a glyph box (FontDescriptor /Ascent and /Descent with poppler's sanity checks, the AFM
 * values for the standard 14 fonts, else 0.95/-0.35). Matching poppler's boxes is a requirement:
 * anchor positions are checked against `pdftotext -bbox` within 2 pt.
 */
import {
  PDFArray,
  type PDFContext,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFString,
  StandardFontEmbedder,
  StandardFonts,
} from "@cantoo/pdf-lib";
import { CodeCMap, MAX_USECMAP_DEPTH, UnicodeCMap } from "./cmap";
import { collectionUnicode, predefinedCMap } from "./predefined-cmaps";
import { baseEncoding, dingbatGlyph, type CodeNames, type EncodingName } from "./encodings";
import { clearTextLength, cffEncoding, fontProgram, type1Encoding } from "./font-programs";
import { listedGlyph, looksHex, numericNames, parseGlyphName } from "./glyph-names";
import { get, getArray, getDict, getName, getNumber, numbers, decodeStream, type DecodeBudget } from "./objects";

export interface PdfFont {
  /** Identifies the font within a document (items are split where the font changes). */
  readonly id: number;
  readonly ascent: number;
  readonly descent: number;
  readonly vertical: boolean;
  /**
   * What the drawn font size is multiplied by for text boxes: 1, except for Type 3 fonts, whose
   * glyph size poppler guesses from their widths (TextPage::updateFont).
   */
  readonly sizeScale: number;
  /** A Type 3 font's FontMatrix (its linear part): poppler turns the text's direction by it. */
  readonly glyphMatrix?: GlyphMatrix;
  /** Reads the code at `pos`; returns its byte length. The code is left in `lastCode`. */
  readCode(bytes: Uint8Array, pos: number): number;
  lastCode: number;
  /** Advance in text space for a font size of 1 (glyph width / 1000 for all but Type 3). */
  width(code: number): number;
  /** Vertical writing: the advance along text space's y axis for a size of 1 (negative: downwards). */
  height(code: number): number;
  /** poppler's CharCode of a code (what its word-space test compares with 32): the CID for Type 0 fonts. */
  charCode(code: number): number;
  /** Unicode text of a code ("" when the font gives no way to know). */
  unicode(code: number): string;
}

let nextId = 1;

const STANDARD_FONTS: Record<string, StandardFonts> = {
  helvetica: StandardFonts.Helvetica,
  "helvetica-bold": StandardFonts.HelveticaBold,
  "helvetica-italic": StandardFonts.HelveticaOblique,
  "helvetica-bold-italic": StandardFonts.HelveticaBoldOblique,
  times: StandardFonts.TimesRoman,
  "times-bold": StandardFonts.TimesRomanBold,
  "times-italic": StandardFonts.TimesRomanItalic,
  "times-bold-italic": StandardFonts.TimesRomanBoldItalic,
  courier: StandardFonts.Courier,
  "courier-bold": StandardFonts.CourierBold,
  "courier-italic": StandardFonts.CourierOblique,
  "courier-bold-italic": StandardFonts.CourierBoldOblique,
  symbol: StandardFonts.Symbol,
  zapfdingbats: StandardFonts.ZapfDingbats,
};

/**
 * The standard 14 font a BaseFont names, with the aliases poppler and Acrobat accept
 * ("Arial,Bold", "TimesNewRomanPS-BoldMT", ...). Anything else is not a standard font.
 */
export function standardFontFor(baseFont: string): StandardFonts | undefined {
  const n = baseFont
    .replace(/^[A-Z]{6}\+/, "")
    .replace(/\s+/g, "")
    .toLowerCase();
  const m =
    /^(arial|helvetica|timesnewroman(?:ps)?|times|couriernew(?:ps)?|courier|symbol|zapfdingbats)(?:mt)?(?:[-,]?(roman)?(bold)?(italic|oblique)?(?:mt)?)?$/.exec(
      n,
    );
  if (!m) return undefined;
  const name = m[1] ?? "";
  const family =
    name.startsWith("arial") || name === "helvetica"
      ? "helvetica"
      : name.startsWith("times")
        ? "times"
        : name.startsWith("courier")
          ? "courier"
          : name;
  if (family === "symbol" || family === "zapfdingbats") return STANDARD_FONTS[family];
  return STANDARD_FONTS[family + (m[3] ? "-bold" : "") + (m[4] ? "-italic" : "")];
}

const afmCache = new Map<StandardFonts, StandardFontEmbedder["font"]>();
function afm(name: StandardFonts): StandardFontEmbedder["font"] {
  let f = afmCache.get(name);
  if (!f) {
    f = StandardFontEmbedder.for(name as unknown as Parameters<typeof StandardFontEmbedder.for>[0]).font;
    afmCache.set(name, f);
  }
  return f;
}

interface Metrics {
  ascent: number;
  descent: number;
}

function standardMetrics(name: StandardFonts): Metrics {
  const f = afm(name);
  // Symbol and ZapfDingbats have no Ascender/Descender in their AFM; poppler uses the bbox.
  return { ascent: (f.Ascender ?? f.FontBBox[3]) / 1000, descent: (f.Descender ?? f.FontBBox[1]) / 1000 };
}

/** poppler GfxFont::readFontDescriptor: ignore zero, absurd (>= 3 em) and wrongly signed values. */
function descriptorMetrics(ctx: PDFContext, desc: PDFDict | undefined, m: Metrics): Metrics {
  let { ascent, descent } = m;
  const a = getNumber(ctx, desc, "Ascent");
  if (a !== undefined) {
    const t = Math.abs(a * 0.001);
    if (t !== 0 && t < 3) ascent = t;
  }
  const d = getNumber(ctx, desc, "Descent");
  if (d !== undefined) {
    const t = -Math.abs(d * 0.001);
    if (t !== 0 && t > -3) descent = t;
  }
  return { ascent, descent };
}

function hasFontFile(ctx: PDFContext, desc: PDFDict | undefined): boolean {
  return !!desc && ["FontFile", "FontFile2", "FontFile3"].some((k) => get(ctx, desc, k) !== undefined);
}

function toUnicodeOf(ctx: PDFContext, dict: PDFDict, budget: DecodeBudget): UnicodeCMap | undefined {
  const s = get(ctx, dict, "ToUnicode");
  if (!(s instanceof PDFRawStream)) return undefined;
  const cmap = UnicodeCMap.parse(decodeStream(ctx, s, budget));
  return cmap.hasUnicode ? cmap : undefined;
}

/** Ligatures and other compatibility characters become plain letters, so "ﬁ" matches "fi". */
function normalizeText(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x20 || (c >= 0x7f && c < 0xa0)) out += c === 9 || c === 10 || c === 13 ? " " : "";
    else if (c >= 0xfb00 && c <= 0xfb06) out += ch.normalize("NFKC");
    else out += ch;
  }
  return out;
}

/** /Differences as names and numbers (anything else makes poppler's numeric-name test fail, as NaN does). */
function differencesOf(arr: PDFObject[] | undefined): (string | number)[] | undefined {
  return arr?.map((d) => (d instanceof PDFName ? d.decodeText() : d instanceof PDFNumber ? d.asNumber() : NaN));
}

const MAPPED_BASES = new Set(["MacRomanEncoding", "MacExpertEncoding", "WinAnsiEncoding"]);

/** poppler's unicodeIsAlphabeticPresentationForm: U+FB00-FB4F ("ﬁ", "ﬀ", Hebrew forms). */
function isPresentationForm(t: string): boolean {
  const c = t.charCodeAt(0);
  return t.length === 1 && c >= 0xfb00 && c <= 0xfb4f;
}

/** The linear part of a Type 3 font's FontMatrix: [a, b, c, d]. */
export type GlyphMatrix = readonly [number, number, number, number];

/** A Type 3 font's FontMatrix (linear part): numbers over poppler's default of the identity. */
function type3Matrix(arr: PDFObject[] | undefined): GlyphMatrix {
  const m: [number, number, number, number] = [1, 0, 0, 1];
  arr?.slice(0, 4).forEach((o, i) => {
    if (o instanceof PDFNumber) m[i] = o.asNumber();
  });
  return m;
}

class SimpleFont implements PdfFont {
  readonly id = nextId++;
  lastCode = 0;
  ascent: number;
  descent: number;
  readonly vertical = false;
  readonly sizeScale: number;
  readonly glyphMatrix?: GlyphMatrix;
  private readonly widths: number[] | undefined;
  private readonly firstChar: number;
  private readonly missingWidth: number;
  private readonly scale: number;
  private readonly names: CodeNames;
  private readonly standard: StandardFonts | undefined;
  private readonly toUnicode: UnicodeCMap | undefined;
  private readonly differences: (string | number)[] | undefined;
  private readonly dingbats: boolean;
  /** Text of each code from its glyph name, built on first need. */
  private byName: (string | undefined)[] | undefined;
  private readonly text = new Map<number, string>();

  constructor(ctx: PDFContext, dict: PDFDict, budget: DecodeBudget) {
    const subtype = getName(ctx, dict, "Subtype");
    const baseFont = getName(ctx, dict, "BaseFont") ?? "";
    const desc = getDict(ctx, dict, "FontDescriptor");
    this.standard = subtype === "Type3" ? undefined : standardFontFor(baseFont);
    let metrics: Metrics = this.standard ? standardMetrics(this.standard) : { ascent: 0.95, descent: -0.35 };
    metrics = descriptorMetrics(ctx, desc, metrics);
    // poppler: for a standard font that is not embedded, do not trust the descriptor.
    if (this.standard && !hasFontFile(ctx, desc)) metrics = standardMetrics(this.standard);
    this.ascent = metrics.ascent;
    this.descent = metrics.descent;

    this.firstChar = getNumber(ctx, dict, "FirstChar") ?? 0;
    this.widths = numbers(getArray(ctx, dict, "Widths"));
    this.missingWidth = getNumber(ctx, desc, "MissingWidth") ?? 0;
    const fm = subtype === "Type3" ? type3Matrix(getArray(ctx, dict, "FontMatrix")) : undefined;
    // Type 3 widths are in glyph space, mapped to text space by the FontMatrix's first number
    // alone (poppler's Gfx8BitFont: a turned matrix gives widths of 0).
    this.scale = fm ? fm[0] : 0.001;

    const enc = get(ctx, dict, "Encoding");
    this.differences = enc instanceof PDFDict ? differencesOf(getArray(ctx, enc, "Differences")) : undefined;
    this.names = this.encoding(ctx, dict, desc, budget, this.differences);
    this.dingbats = baseFont.endsWith("ZapfDingbats");
    this.toUnicode = toUnicodeOf(ctx, dict, budget);
    this.sizeScale = subtype === "Type3" ? this.type3SizeScale(fm) : 1;
    this.glyphMatrix = fm;
  }

  /**
   * Code -> glyph name as poppler builds it: the dictionary's MacRoman, MacExpert or WinAnsi
   * base, else the encoding built into an embedded Type 1 or CFF program, else the standard 14
   * font's own (not embedded), WinAnsi for TrueType, StandardEncoding for the rest; then
   * /Differences. The Symbolic flag plays no part.
   */
  private encoding(
    ctx: PDFContext,
    dict: PDFDict,
    desc: PDFDict | undefined,
    budget: DecodeBudget,
    differences: (string | number)[] | undefined,
  ): CodeNames {
    const enc = get(ctx, dict, "Encoding");
    const named =
      enc instanceof PDFDict ? getName(ctx, enc, "BaseEncoding") : enc instanceof PDFName ? enc.decodeText() : undefined;
    let names = named && MAPPED_BASES.has(named) ? baseEncoding(named as EncodingName) : undefined;
    const program = fontProgram(ctx, dict, desc, budget, !names);
    if (!names && program.data) {
      // TeX fonts put bullets and math symbols at codes StandardEncoding reads as other letters;
      // subset CFF programs number their glyphs from 1.
      if (program.type === "type1") names = type1Encoding(program.data, clearTextLength(ctx, desc));
      else if (program.type === "type1c") names = cffEncoding(program.data);
    }
    if (!names) {
      if (this.standard && !hasFontFile(ctx, desc)) {
        names = baseEncoding(
          this.standard === StandardFonts.Symbol
            ? "Symbol"
            : this.standard === StandardFonts.ZapfDingbats
              ? "ZapfDingbats"
              : "StandardEncoding",
        );
      } else names = baseEncoding(program.type === "truetype" ? "WinAnsiEncoding" : "StandardEncoding");
    }
    if (differences) {
      let code = 0;
      for (const d of differences) {
        if (typeof d === "number") {
          if (Number.isFinite(d)) code = d;
        } else if (code >= 0 && code < 256) names[code++] = d;
      }
    }
    return names;
  }

  /**
   * Text of every code, as poppler's Gfx8BitFont: names in the glyph list; then, when some name
   * is not there, each such name's parts (and codes with no usable name stand for themselves);
   * the ToUnicode CMap goes over all of it (unicode()).
   */
  private textByName(): (string | undefined)[] {
    if (this.byName) return this.byName;
    const { dingbats, differences } = this;
    const found: (string | undefined)[] = new Array(256);
    let missing = false;
    let hex = false;
    for (let code = 0; code < 256; code++) {
      const name = this.names[code];
      if (!name) continue;
      let t = (dingbats ? dingbatGlyph(name) : undefined) ?? listedGlyph(name);
      if (t === undefined) {
        if (name !== ".notdef") {
          missing = true;
          if (looksHex(name)) hex = true;
        }
        continue;
      }
      if (isPresentationForm(t)) {
        const n = t.normalize("NFKC");
        if (n.length > 1) t = n;
      }
      found[code] = t;
    }
    if (missing) {
      const rules = { numeric: numericNames(differences, hex), hex };
      for (let code = 0; code < 256; code++) {
        if (found[code] !== undefined) continue;
        const name = this.names[code];
        const parsed = name && name !== ".notdef" ? parseGlyphName(name, rules) : "";
        found[code] = parsed || String.fromCharCode(code);
      }
    }
    this.byName = found;
    return found;
  }

  /**
   * poppler's guess at a Type 3 font's glyph size (TextPage::updateFont): the width of "m" is
   * taken to be 0.6 em (else a letter's or any glyph's 0.5 em), times |FontMatrix d / a|.
   */
  private type3SizeScale(fm: GlyphMatrix | undefined): number {
    const widthOf = (code: number) => {
      const w = code >= this.firstChar ? this.widths?.[code - this.firstChar] : undefined;
      if (w !== undefined) return w * this.scale;
      return this.missingWidth * 0.001;
    };
    let m = -1,
      letter = -1,
      any = -1;
    for (let code = 0; code < 256; code++) {
      const name = this.names[code];
      if (name?.length === 1 && name === "m") m = code;
      if (letter < 0 && name?.length === 1 && /[A-Za-z]/.test(name)) letter = code;
      if (any < 0 && name && widthOf(code) > 0) any = code;
    }
    let scale = 1;
    if (m >= 0 && widthOf(m) > 0) scale = widthOf(m) / 0.6;
    else if (letter >= 0 && widthOf(letter) > 0) scale = widthOf(letter) / 0.5;
    else if (any >= 0 && widthOf(any) > 0) scale = widthOf(any) / 0.5;
    if (fm && fm[0] !== 0) scale *= Math.abs(fm[3] / fm[0]);
    return scale;
  }

  readCode(bytes: Uint8Array, pos: number): number {
    this.lastCode = bytes[pos] ?? 0;
    return 1;
  }

  height(): number {
    return 0;
  }

  charCode(code: number): number {
    return code;
  }

  width(code: number): number {
    const w = code >= this.firstChar ? this.widths?.[code - this.firstChar] : undefined;
    if (w !== undefined) return w * this.scale;
    if (this.standard) {
      const name = this.names[code];
      const aw = name ? afm(this.standard).getWidthOfGlyph(name) : undefined;
      if (typeof aw === "number") return aw / 1000;
    }
    return this.missingWidth * this.scale;
  }

  unicode(code: number): string {
    let t = this.text.get(code);
    if (t !== undefined) return t;
    t = normalizeText(this.toUnicode?.unicodeOf(code) ?? this.textByName()[code] ?? "");
    this.text.set(code, t);
    return t;
  }
}

/** poppler's collections whose CIDs are their own Unicode (CharCodeToUnicode::makeIdentityMapping). */
const IDENTITY_COLLECTIONS = new Set(["Adobe-Identity", "Adobe-UCS"]);

/**
 * A Type 0 font, as poppler's GfxCIDFont: the encoding CMap (predefined or embedded) splits
 * strings into codes and gives each its CID; widths (and, in vertical writing, heights) are by
 * CID; the text is the ToUnicode CMap's for the code when there is one, else the character
 * collection's for the CID (Adobe-Japan1, -GB1, -CNS1, -Korea1; Identity is the CID itself).
 *
 * Its codes are keys of the code and its length (`code * 4 + length - 1`): a CMap may give a
 * one-byte and a two-byte code the same value.
 */
class CompositeFont implements PdfFont {
  readonly id = nextId++;
  lastCode = 0;
  readonly sizeScale = 1;
  ascent: number;
  descent: number;
  readonly vertical: boolean;
  private readonly cmap: CodeCMap;
  private lastCid = 0;
  /** The ToUnicode CMap when the font has one (then nothing else gives text: poppler). */
  private readonly toUnicode: UnicodeCMap | undefined;
  private readonly collection: UnicodeCMap | undefined;
  private readonly identityText: boolean;
  private readonly defaultWidth: number;
  private readonly widths = new Map<number, number>();
  private readonly widthRanges: { low: number; high: number; w: number }[] = [];
  /** Vertical metrics (/DW2, /W2): the height, negative downwards, by CID. */
  private readonly defaultHeight: number = -1;
  private readonly heights = new Map<number, number>();
  private readonly text = new Map<number, string>();

  constructor(ctx: PDFContext, dict: PDFDict, budget: DecodeBudget) {
    const descendants = getArray(ctx, dict, "DescendantFonts");
    const cid = descendants?.[0] instanceof PDFDict ? descendants[0] : undefined;
    const info = getDict(ctx, cid, "CIDSystemInfo");
    const registry = textOf(get(ctx, info, "Registry"));
    const ordering = textOf(get(ctx, info, "Ordering"));
    // Without a usable CIDSystemInfo, poppler assumes Adobe-Identity.
    const collection = registry !== undefined && ordering !== undefined ? `${registry}-${ordering}` : "Adobe-Identity";

    const s = get(ctx, dict, "ToUnicode");
    this.toUnicode = s instanceof PDFRawStream ? UnicodeCMap.parse(decodeStream(ctx, s, budget)) : undefined;
    this.collection = this.toUnicode ? undefined : collectionUnicode(collection);
    this.identityText = !this.toUnicode && IDENTITY_COLLECTIONS.has(collection);

    this.cmap = encodingCMap(ctx, get(ctx, dict, "Encoding"), budget, []) ?? CodeCMap.identity(false);
    this.vertical = this.cmap.vertical;

    const desc = getDict(ctx, cid, "FontDescriptor");
    const m = descriptorMetrics(ctx, desc, { ascent: 0.95, descent: -0.35 });
    this.ascent = m.ascent;
    this.descent = m.descent;
    this.defaultWidth = getNumber(ctx, cid, "DW") ?? 1000;
    readW(
      getArray(ctx, cid, "W"),
      1,
      (c, [w = 0]) => this.widths.set(c, w),
      (low, high, [w = 0]) => this.widthRanges.push({ low, high, w }),
    );
    if (this.vertical) {
      const dw2 = numbers(getArray(ctx, cid, "DW2"));
      const dy = dw2?.length === 2 ? dw2[1] : undefined;
      if (dy !== undefined) this.defaultHeight = dy / 1000;
      readW(getArray(ctx, cid, "W2"), 3, (c, [h = 0]) => this.heights.set(c, h / 1000));
    }
  }

  readCode(bytes: Uint8Array, pos: number): number {
    const n = this.cmap.read(bytes, pos);
    this.lastCode = this.cmap.code * 4 + n - 1;
    this.lastCid = this.cmap.cid;
    return n;
  }

  /** poppler's CharCode for a CID font is the CID. */
  charCode(key: number): number {
    if (key === this.lastCode) return this.lastCid;
    const length = (key % 4) + 1;
    return this.cmap.cidOf((key - length + 1) / 4, length);
  }

  width(key: number): number {
    const cid = this.charCode(key);
    const w = this.widths.get(cid);
    if (w !== undefined) return w / 1000;
    for (const r of this.widthRanges) if (cid >= r.low && cid <= r.high) return r.w / 1000;
    return this.defaultWidth / 1000;
  }

  height(key: number): number {
    if (!this.vertical) return 0;
    return this.heights.get(this.charCode(key)) ?? this.defaultHeight;
  }

  unicode(key: number): string {
    let t = this.text.get(key);
    if (t !== undefined) return t;
    const cid = this.charCode(key);
    if (this.toUnicode) t = this.toUnicode.unicodeOf((key - (key % 4)) / 4);
    // CID 0 is .notdef: poppler's tables give it no text.
    else if (cid === 0) t = "";
    else if (this.collection) t = this.collection.unicodeOf(cid);
    else if (this.identityText) t = String.fromCodePoint(cid);
    t = normalizeText(t ?? "");
    this.text.set(key, t);
    return t;
  }
}

function textOf(o: PDFObject | undefined): string | undefined {
  return o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : undefined;
}

/**
 * /W (`c [w1 w2 ...]` or `cFirst cLast w`) and /W2 (the same with three numbers a CID: the height
 * and the position vector), `per` numbers a CID; `range` takes long ranges whole.
 */
function readW(
  w: PDFObject[] | undefined,
  per: number,
  one: (cid: number, values: number[]) => void,
  range?: (low: number, high: number, values: number[]) => void,
): void {
  if (!w) return;
  const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : NaN);
  for (let i = 0; i < w.length;) {
    const first = num(w[i]);
    const next = w[i + 1];
    if (next instanceof PDFArray) {
      const list = next.asArray().map(num);
      for (let k = 0; k + per <= list.length; k += per) {
        const values = list.slice(k, k + per);
        if (Number.isFinite(first) && values.every(Number.isFinite)) one(first + k / per, values);
      }
      i += 2;
    } else {
      const last = num(next);
      const values = w.slice(i + 2, i + 2 + per).map(num);
      if (
        Number.isFinite(first) &&
        Number.isFinite(last) &&
        values.length === per &&
        values.every(Number.isFinite) &&
        last >= first
      ) {
        if (last - first < 1024 || !range) for (let c = first; c <= last && c - first < 65536; c++) one(c, values);
        else range(first, last, values);
      }
      i += 2 + per;
    }
  }
}

/**
 * A Type 0 font's /Encoding: a predefined CMap by name, or an embedded one (its /UseCMap and its
 * `usecmap`, poppler's CMap::parse); undefined when it names no CMap there is.
 */
function encodingCMap(
  ctx: PDFContext,
  enc: PDFObject | undefined,
  budget: DecodeBudget,
  chain: PDFRawStream[],
): CodeCMap | undefined {
  if (enc instanceof PDFName) return predefinedCMap(enc.decodeText());
  if (!(enc instanceof PDFRawStream) || chain.includes(enc) || chain.length >= MAX_USECMAP_DEPTH) return undefined;
  const parent = encodingCMap(ctx, get(ctx, enc.dict, "UseCMap"), budget, [...chain, enc]);
  return CodeCMap.parse(decodeStream(ctx, enc, budget), (name) => predefinedCMap(name), budget, parent);
}

/** Parsed fonts, shared by all pages of one document (Chromium and Word reuse font objects). */
export class FontCache {
  private readonly byRef = new Map<string, PdfFont>();
  private readonly byDict = new WeakMap<PDFDict, PdfFont>();
  constructor(
    private readonly ctx: PDFContext,
    private readonly budget: DecodeBudget,
  ) {}

  get(ref: PDFObject | undefined): PdfFont | undefined {
    const key = ref instanceof PDFRef ? ref.tag : undefined;
    if (key) {
      const hit = this.byRef.get(key);
      if (hit) return hit;
    }
    const dict = ref instanceof PDFRef ? this.ctx.lookup(ref) : ref;
    if (!(dict instanceof PDFDict)) return undefined;
    const cached = this.byDict.get(dict);
    if (cached) return cached;
    const font =
      getName(this.ctx, dict, "Subtype") === "Type0"
        ? new CompositeFont(this.ctx, dict, this.budget)
        : new SimpleFont(this.ctx, dict, this.budget);
    if (key) this.byRef.set(key, font);
    this.byDict.set(dict, font);
    return font;
  }
}
