/**
 * What the text extractor needs from a PDF font: how bytes split into codes, each code's advance
 * width and Unicode text, and the ascent/descent that poppler's `pdftotext -bbox` uses for the
 * top of a glyph box (FontDescriptor /Ascent and /Descent with poppler's sanity checks, the AFM
 * values for the standard 14 fonts, else 0.95/-0.35). Matching poppler's boxes is a requirement:
 * anchor positions are checked against `pdftotext -bbox` within 2 pt.
 */
import { PDFArray, PDFContext, PDFDict, PDFName, PDFNumber, PDFObject, PDFRawStream, PDFRef, StandardFontEmbedder, StandardFonts } from "pdf-lib";
import { CMap } from "./cmap";
import { baseEncoding, glyphNameToUnicode, type CodeNames, type EncodingName } from "./encodings";
import { get, getArray, getDict, getName, getNumber, numbers, decodeStream, type DecodeBudget } from "./objects";

export interface PdfFont {
  /** Identifies the font within a document (items are split where the font changes). */
  readonly id: number;
  readonly ascent: number;
  readonly descent: number;
  readonly vertical: boolean;
  /** Reads the code at `pos`; returns its byte length. The code is left in `lastCode`. */
  readCode(bytes: Uint8Array, pos: number): number;
  lastCode: number;
  /** Advance in text space for a font size of 1 (glyph width / 1000 for all but Type 3). */
  width(code: number): number;
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
  const n = baseFont.replace(/^[A-Z]{6}\+/, "").replace(/\s+/g, "").toLowerCase();
  const m = /^(arial|helvetica|timesnewroman(?:ps)?|times|couriernew(?:ps)?|courier|symbol|zapfdingbats)(?:mt)?(?:[-,]?(roman)?(bold)?(italic|oblique)?(?:mt)?)?$/.exec(n);
  if (!m) return undefined;
  const family = m[1].startsWith("arial") || m[1] === "helvetica" ? "helvetica" : m[1].startsWith("times") ? "times" : m[1].startsWith("courier") ? "courier" : m[1];
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

function toUnicodeOf(ctx: PDFContext, dict: PDFDict, budget: DecodeBudget): CMap | undefined {
  const s = get(ctx, dict, "ToUnicode");
  if (!(s instanceof PDFRawStream)) return undefined;
  const cmap = CMap.parse(decodeStream(ctx, s, budget));
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

/**
 * The encoding inside an embedded Type 1 font program (FontFile): its clear-text part says
 * either "/Encoding StandardEncoding def" or lists "dup <code> /<glyph> put".
 */
function type1Encoding(ctx: PDFContext, desc: PDFDict | undefined, budget: DecodeBudget): CodeNames | undefined {
  const file = get(ctx, desc, "FontFile");
  if (!(file instanceof PDFRawStream)) return undefined;
  const data = decodeStream(ctx, file, budget);
  const clearLength = getNumber(ctx, file.dict, "Length1") ?? data.length;
  let text = Buffer.from(data.subarray(0, Math.min(clearLength, data.length, 256 * 1024))).toString("latin1");
  const eexec = text.indexOf("eexec");
  if (eexec >= 0) text = text.slice(0, eexec);
  if (/\/Encoding\s+StandardEncoding\s+def/.test(text)) return baseEncoding("StandardEncoding");
  const names: CodeNames = new Array(256);
  let found = false;
  for (const m of text.matchAll(/dup\s+(\d+)\s*\/([^\s\/\[\]{}()<>%]+)\s+put/g)) {
    const code = Number(m[1]);
    if (code < 256) {
      names[code] = m[2];
      found = true;
    }
  }
  return found ? names : undefined;
}

class SimpleFont implements PdfFont {
  readonly id = nextId++;
  lastCode = 0;
  ascent: number;
  descent: number;
  readonly vertical = false;
  private readonly widths: number[] | undefined;
  private readonly firstChar: number;
  private readonly missingWidth: number;
  private readonly scale: number;
  private readonly names: CodeNames | undefined;
  private readonly standard: StandardFonts | undefined;
  private readonly toUnicode: CMap | undefined;
  private readonly symbolic: boolean;
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
    const fm = numbers(getArray(ctx, dict, "FontMatrix"));
    // Type 3 widths are in glyph space, mapped to text space by the FontMatrix.
    this.scale = subtype === "Type3" && fm && fm.length >= 4 && fm[0] !== 0 ? fm[0] : 0.001;

    const flags = getNumber(ctx, desc, "Flags") ?? 0;
    this.symbolic = (flags & 4) !== 0 && (flags & 32) === 0;
    this.names = this.encoding(ctx, dict, budget);
    this.toUnicode = toUnicodeOf(ctx, dict, budget);
  }

  private encoding(ctx: PDFContext, dict: PDFDict, budget: DecodeBudget): CodeNames | undefined {
    const enc = get(ctx, dict, "Encoding");
    let base: EncodingName | undefined;
    let differences: PDFObject[] | undefined;
    if (enc instanceof PDFName) base = enc.decodeText() as EncodingName;
    else if (enc instanceof PDFDict) {
      base = getName(ctx, enc, "BaseEncoding") as EncodingName | undefined;
      differences = getArray(ctx, enc, "Differences");
    }
    // Like poppler: with no BaseEncoding, an embedded Type 1 program's own encoding comes first
    // (TeX fonts put bullets and math symbols at codes StandardEncoding reads as other letters).
    const builtin = base ? undefined : type1Encoding(ctx, getDict(ctx, dict, "FontDescriptor"), budget);
    if (!base && !builtin) {
      if (this.standard === StandardFonts.Symbol) base = "Symbol";
      else if (this.standard === StandardFonts.ZapfDingbats) base = "ZapfDingbats";
      else if (!this.symbolic || this.standard) base = "StandardEncoding";
    }
    if (!base && !builtin && !differences) return undefined;
    const names = builtin ?? baseEncoding(base ?? "StandardEncoding");
    if (!base && !builtin) names.fill(undefined);
    if (differences) {
      let code = 0;
      for (const d of differences) {
        if (d instanceof PDFName) {
          if (code >= 0 && code < 256) names[code] = d.decodeText();
          code++;
        } else if (d instanceof PDFNumber) {
          code = d.asNumber();
        }
      }
    }
    return names;
  }

  readCode(bytes: Uint8Array, pos: number): number {
    this.lastCode = bytes[pos];
    return 1;
  }

  width(code: number): number {
    const w = this.widths;
    if (w && code >= this.firstChar && code - this.firstChar < w.length) return w[code - this.firstChar] * this.scale;
    if (this.standard) {
      const name = this.names?.[code];
      const aw = name ? afm(this.standard).getWidthOfGlyph(name) : undefined;
      if (typeof aw === "number") return aw / 1000;
    }
    return this.missingWidth * this.scale;
  }

  unicode(code: number): string {
    let t = this.text.get(code);
    if (t !== undefined) return t;
    t = this.toUnicode?.unicodeOf(code);
    if (t === undefined) {
      const name = this.names?.[code];
      t = name ? glyphNameToUnicode(name) : undefined;
    }
    if (t === undefined) {
      // A symbolic font with no encoding: its codes are usually ASCII (or 0xF0xx from Word).
      t = code >= 0x20 ? String.fromCharCode(code) : "";
    }
    t = normalizeText(t);
    this.text.set(code, t);
    return t;
  }
}

class CompositeFont implements PdfFont {
  readonly id = nextId++;
  lastCode = 0;
  ascent: number;
  descent: number;
  readonly vertical: boolean;
  private readonly cmap: CMap;
  private readonly toUnicode: CMap | undefined;
  private readonly ucs2: boolean;
  private readonly defaultWidth: number;
  private readonly widths = new Map<number, number>();
  private readonly widthRanges: { low: number; high: number; w: number }[] = [];
  private readonly text = new Map<number, string>();

  constructor(ctx: PDFContext, dict: PDFDict, budget: DecodeBudget) {
    this.toUnicode = toUnicodeOf(ctx, dict, budget);
    const enc = get(ctx, dict, "Encoding");
    let ucs2 = false;
    if (enc instanceof PDFName) {
      const name = enc.decodeText();
      this.cmap = CMap.identityCMap(name.endsWith("-V"));
      // Predefined CMaps other than Identity (UniJIS-UCS2-H, ...): we ship no CMap files, so the
      // codes are taken as two bytes; ToUnicode, which such files nearly always have, gives text.
      ucs2 = /UCS2|UTF16/.test(name);
      if (!/^Identity-[HV]$/.test(name) && this.toUnicode?.codespaces.length) this.cmap.codespaces = this.toUnicode.codespaces;
    } else if (enc instanceof PDFRawStream) {
      this.cmap = CMap.parse(decodeStream(ctx, enc, budget));
      if (this.cmap.codespaces.length === 0) this.cmap.codespaces = [{ bytes: 2, low: 0, high: 0xffff }];
    } else this.cmap = CMap.identityCMap(false);
    this.ucs2 = ucs2;
    this.vertical = this.cmap.vertical;

    const descendants = getArray(ctx, dict, "DescendantFonts");
    const cid = descendants?.[0] instanceof PDFDict ? descendants[0] : undefined;
    const desc = getDict(ctx, cid, "FontDescriptor");
    const m = descriptorMetrics(ctx, desc, { ascent: 0.95, descent: -0.35 });
    this.ascent = m.ascent;
    this.descent = m.descent;
    this.defaultWidth = getNumber(ctx, cid, "DW") ?? 1000;
    this.readW(getArray(ctx, cid, "W"));
  }

  /** /W: `c [w1 w2 ...]` or `cFirst cLast w`. */
  private readW(w: PDFObject[] | undefined): void {
    if (!w) return;
    const num = (o: PDFObject | undefined) => (o instanceof PDFNumber ? o.asNumber() : NaN);
    for (let i = 0; i < w.length; ) {
      const first = num(w[i]);
      const next = w[i + 1];
      if (next instanceof PDFArray) {
        next.asArray().forEach((o, k) => {
          const v = num(o);
          if (Number.isFinite(first) && Number.isFinite(v)) this.widths.set(first + k, v);
        });
        i += 2;
      } else {
        const last = num(next);
        const v = num(w[i + 2]);
        if (Number.isFinite(first) && Number.isFinite(last) && Number.isFinite(v) && last >= first) {
          if (last - first < 1024) for (let c = first; c <= last; c++) this.widths.set(c, v);
          else this.widthRanges.push({ low: first, high: last, w: v });
        }
        i += 3;
      }
    }
  }

  readCode(bytes: Uint8Array, pos: number): number {
    const r = this.cmap.readCode(bytes, pos, 2);
    this.lastCode = r.code;
    return r.length;
  }

  width(code: number): number {
    const cid = this.cmap.cidOf(code);
    const w = this.widths.get(cid);
    if (w !== undefined) return w / 1000;
    for (const r of this.widthRanges) if (cid >= r.low && cid <= r.high) return r.w / 1000;
    return this.defaultWidth / 1000;
  }

  unicode(code: number): string {
    let t = this.text.get(code);
    if (t !== undefined) return t;
    t = this.toUnicode?.unicodeOf(code) ?? (this.ucs2 ? String.fromCharCode(code) : "\ufffd");
    t = normalizeText(t);
    this.text.set(code, t);
    return t;
  }
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
    const font = getName(this.ctx, dict, "Subtype") === "Type0" ? new CompositeFont(this.ctx, dict, this.budget) : new SimpleFont(this.ctx, dict, this.budget);
    if (key) this.byRef.set(key, font);
    this.byDict.set(dict, font);
    return font;
  }
}
