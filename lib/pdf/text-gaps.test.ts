/**
 * Text-layer gaps, each on a PDF compared with poppler's `pdftotext`: the same text on
 * every page, every poppler word found by ours at poppler's position, and the same anchors (as
 * many, each where poppler's word starts). Fixtures come from real producers where one makes the
 * case (Chromium, Ghostscript); the rest are written here with pdf-lib around a real font program.
 *
 * test/fixtures/gs-*.pdf were made by Ghostscript 10.00.0 from the PostScript beside them (the
 * command is in each file); Ghostscript is not needed to run these tests.
 */
import fs from "node:fs";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import { PDFDict, PDFDocument, PDFName, PDFRawStream, type PDFRef, PDFString, StandardFonts } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { htmlToPdf, pdftotext, pdftotextWords, rotatePage, type PopplerWord } from "../../test/support/pdf-fixtures";
import { defined, firstOf, itemAt } from "../../test/support/expect-helpers";
import { findAllAnchors, findAnchors } from "./anchors";
import { extractTextLayer, type TextLayer } from "./text-layer";
import { glyphNameToUnicode, listedGlyph, numericNames, parseGlyphName } from "./text/glyph-names";

const fixtures = path.resolve(__dirname, "../../test/fixtures");
const DEJAVU = path.resolve(__dirname, "fonts/DejaVuSans.ttf");

/** Non-space characters of a page, sorted: the same text whatever the word and line breaks. */
const charsOf = (s: string) => [...s.replace(/\s+/g, "")].sort().join("");

interface Compared {
  layer: TextLayer;
  words: PopplerWord[];
}

/**
 * Our layer against poppler's on the same PDF: the same characters per page, every poppler word
 * found within `tolerance` points of poppler's top-left, and the same anchors: as many per page
 * as `pdftotext` prints, each at the poppler word that starts it.
 */
async function expectSameAsPoppler(pdf: Uint8Array, tolerance = 2): Promise<Compared> {
  const layer = await extractTextLayer(pdf);
  // The layer spells ligatures out ("ﬃ" is "ffi") so that anchors match; poppler keeps a
  // ToUnicode CMap's ligature characters.
  const words = (await pdftotextWords(pdf)).map((w) => ({
    ...w,
    text: w.text.replace(/[\ufb00-\ufb06]/g, (l) => l.normalize("NFKC")),
  }));
  expect(words.length).toBeGreaterThan(0);
  for (const p of layer.pages) {
    const ours = charsOf(p.items.map((i) => i.str).join(""));
    const theirs = charsOf(
      words
        .filter((w) => w.page === p.page)
        .map((w) => w.text)
        .join(""),
    );
    expect(ours, `text of page ${p.page}`).toBe(theirs);
  }
  for (const w of words) {
    const near = defined(
      findAnchors(layer, w.text)
        .filter((o) => o.page === w.page)
        .sort((a, b) => Math.hypot(a.x - w.xMin, a.y - w.yMin) - Math.hypot(b.x - w.xMin, b.y - w.yMin))[0],
      `"${w.text}" on page ${w.page}`,
    );
    expect(Math.abs(near.x - w.xMin), `x of "${w.text}": ours ${near.x}, poppler ${w.xMin}`).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(near.y - w.yMin), `y of "${w.text}": ours ${near.y}, poppler ${w.yMin}`).toBeLessThanOrEqual(tolerance);
  }
  const anchors = findAllAnchors(layer);
  const pages = (await pdftotext(pdf)).split("\f");
  for (const p of layer.pages) {
    const expected = itemAt(pages, p.page - 1).match(/\{\{(?:(?!\{\{|\}\}).)*\}\}/g) ?? [];
    expect(
      anchors.filter((a) => a.page === p.page).map((a) => a.text),
      `anchors of page ${p.page}`,
    ).toEqual(expected);
  }
  for (const a of anchors) {
    const compact = a.text.replace(/\s+/g, "");
    const start = defined(
      words
        .filter((w) => w.page === a.page && compact.startsWith(w.text))
        .sort((u, v) => Math.hypot(u.xMin - a.x, u.yMin - a.y) - Math.hypot(v.xMin - a.x, v.yMin - a.y))[0],
      `poppler's word for ${a.text}`,
    );
    expect(Math.abs(a.x - start.xMin), `x of ${a.text}`).toBeLessThanOrEqual(tolerance);
    expect(Math.abs(a.y - start.yMin), `y of ${a.text}`).toBeLessThanOrEqual(tolerance);
  }
  return { layer, words };
}

const lineTexts = (layer: TextLayer, page = 1) => itemAt(layer.pages, page - 1).items.map((i) => i.str);

/** Drops a key from every dictionary of the given /Type (what a producer that omits it writes). */
async function withoutKey(pdf: Uint8Array, type: string, key: string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of("Type"))?.toString() === `/${type}`) obj.delete(PDFName.of(key));
  }
  return doc.save({ useObjectStreams: false });
}

const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.join(fixtures, name)));

/** WinAnsiEncoding's 0x80-0x9F (Windows-1252); the rest of its high half is Latin-1. */
const WIN_ANSI_80 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ";
function winAnsi(s: string): string {
  return [...s]
    .map((ch) => {
      const i = WIN_ANSI_80.indexOf(ch);
      const code = i >= 0 ? 0x80 + i : ch.charCodeAt(0);
      if (code > 0xff) throw new Error(`${ch} is not in WinAnsi`);
      return code.toString(16).padStart(2, "0");
    })
    .join("");
}

/**
 * DejaVu Sans embedded whole as a simple TrueType font with no /Encoding and no /ToUnicode (as
 * Word and older drivers write symbolic and subset fonts), the text in WinAnsi codes.
 */
async function trueTypeWithoutEncoding(flags: number, lines: string[]): Promise<Uint8Array> {
  const ttf = fs.readFileSync(DEJAVU);
  const metrics = fontkit.create(ttf);
  const doc = await PDFDocument.create();
  const page = doc.addPage([420, 60 + 40 * lines.length]);
  const widths: number[] = [];
  for (let code = 32; code <= 255; code++) {
    const ch = code >= 0x80 && code < 0xa0 ? WIN_ANSI_80.charAt(code - 0x80) : String.fromCharCode(code);
    widths.push(Math.round((metrics.glyphForCodePoint(ch.codePointAt(0)!).advanceWidth * 1000) / metrics.unitsPerEm));
  }
  const file = doc.context.register(doc.context.flateStream(ttf, { Length1: ttf.length }));
  const descriptor = doc.context.register(
    doc.context.obj({
      Type: "FontDescriptor",
      FontName: "DejaVuSans",
      Flags: flags,
      FontBBox: [-1021, -463, 1793, 1232],
      ItalicAngle: 0,
      Ascent: 928,
      Descent: -236,
      CapHeight: 729,
      StemV: 80,
      FontFile2: file,
    }),
  );
  const font = doc.context.register(
    doc.context.obj({
      Type: "Font",
      Subtype: "TrueType",
      BaseFont: "DejaVuSans",
      FirstChar: 32,
      LastChar: 255,
      Widths: widths,
      FontDescriptor: descriptor,
    }),
  );
  page.node.setFontDictionary(PDFName.of("F1"), font);
  const content = lines.map((l, i) => `BT /F1 14 Tf 20 ${page.getHeight() - 40 - 40 * i} Td <${winAnsi(l)}> Tj ET`).join("\n");
  page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(content)));
  return doc.save();
}

describe("a TrueType font without /Encoding is read with WinAnsi names, as poppler reads it", () => {
  const lines = ["café “quoted” – € 10 {{s1|date}}", "Zoë ‰ • ™ Š ž Ÿ ¿ ß ÿ {{s1|signature|120|40}}"];

  it("non-symbolic (Flags 32): codes above 127 are WinAnsi, not StandardEncoding", async () => {
    const { layer } = await expectSameAsPoppler(await trueTypeWithoutEncoding(32, lines));
    expect(lineTexts(layer)).toEqual(lines);
  });

  it("symbolic (Flags 4): the same, since poppler takes no encoding from a TrueType program", async () => {
    const { layer } = await expectSameAsPoppler(await trueTypeWithoutEncoding(4, lines));
    expect(lineTexts(layer)).toEqual(lines);
  });
});

describe("the encoding built into a CFF program (FontFile3 /Type1C)", () => {
  // Ghostscript subsets the font with codes from 1 up and writes them in both the CFF program and
  // /Encoding /Differences; producers that rely on the program's own encoding leave /Encoding out.
  const text = ["Sign here: {{s1|signature}}", "café “quoted” – € 10 {{s1|date}}"];

  it("as Ghostscript wrote it (with /Encoding)", async () => {
    const { layer } = await expectSameAsPoppler(fixture("gs-type1c.pdf"));
    expect(lineTexts(layer)).toEqual(text);
  });

  it("with /Encoding left out: the codes are the program's", async () => {
    const { layer } = await expectSameAsPoppler(await withoutKey(fixture("gs-type1c.pdf"), "Font", "Encoding"));
    expect(lineTexts(layer)).toEqual(text);
  });

  it("a program that is not CFF at all gives no encoding, and no error", async () => {
    const doc = await PDFDocument.load(await withoutKey(fixture("gs-type1c.pdf"), "Font", "Encoding"));
    for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
      if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of("Subtype"))?.toString() === "/Type1C") {
        doc.context.assign(
          ref,
          doc.context.stream(new Uint8Array([1, 0, 4, 4, 0xff, 0xff, 0xff, 0xff, 0, 9]), { Subtype: "Type1C" }),
        );
      }
    }
    const layer = await extractTextLayer(await doc.save());
    expect(layer.pages).toHaveLength(1);
  });
});

describe("glyph names: the whole Adobe Glyph List and its naming rules", () => {
  it("reads legacy AGL names, uniXXXX (lower-case digits too), uXXXXX, ligatures and variants like pdftotext", async () => {
    // Ghostscript also writes a ToUnicode CMap for this font; without it the names are all there is.
    const { layer } = await expectSameAsPoppler(await withoutKey(fixture("gs-type3.pdf"), "Font", "ToUnicode"));
    expect(lineTexts(layer, 2)).toEqual(["Подпись {{s1|signature}}", "Жé 𝒜 ffi a Ж ABC Th ⩽ {{s1|date}}"]);
  });

  it("knows every single-code-point name of the AGL, as poppler's table does", () => {
    expect(listedGlyph("afii10017")).toBe("А");
    expect(listedGlyph("Zhecyrillic")).toBe("Ж");
    expect(listedGlyph("Omega")).toBe("\u2126"); // the AGL's ohm sign; "Omegagreek" is U+03A9
    expect(listedGlyph("dalethatafpatah")).toBeUndefined(); // one of the 81 sequences poppler leaves out
    expect(listedGlyph("one")).toBe("1");
    expect(listedGlyph("1")).toBe("1");
  });

  it("parses names the list lacks as poppler's parseCharName does", () => {
    expect(parseGlyphName("f_f_i")).toBe("ffi");
    expect(parseGlyphName("T_h.alt")).toBe("Th");
    expect(parseGlyphName("a.sc")).toBe("a");
    expect(parseGlyphName(".notdef")).toBe("");
    expect(parseGlyphName("uni00e9")).toBe("é");
    expect(parseGlyphName("uni004100420043")).toBe("ABC");
    expect(parseGlyphName("uniD800")).toBe(""); // a surrogate is no scalar value
    expect(parseGlyphName("u1D49C")).toBe("𝒜");
    expect(parseGlyphName("u110000")).toBe("");
    expect(parseGlyphName("g65")).toBe(""); // numbers only in fonts whose names are all numbers
    expect(parseGlyphName("g65", { numeric: true, hex: false })).toBe("A");
    expect(parseGlyphName("G41", { numeric: true, hex: true })).toBe("A");
    expect(parseGlyphName("Gx41", { numeric: true, hex: true })).toBe(""); // a letter and two digits, or two digits
    expect(numericNames([1, "g65", "g66"], false)).toBe(true);
    expect(numericNames([32, "g65"], false)).toBe(false);
    expect(numericNames([1, "g65", "space"], false)).toBe(false);
    expect(glyphNameToUnicode("afii10033")).toBe("П");
  });
});

describe("text drawn twice a fraction of a point apart (fake bold, shadows) is read once", () => {
  it("Chromium's CSS text-shadow (the text drawn again 0.3 pt to the right)", async () => {
    const html = `<!doctype html><meta charset="utf-8"><body style="font: 14px 'Liberation Sans'; margin: 40px">
<p style="text-shadow: 0.4px 0 0 #000">Signature: {{s1|signature|120|40}} please</p>
<p style="text-shadow: 0.3px 0.3px 0 #000">Date {{s1|date}} and 1 il</p>
<p>Plain {{s2|date}}</p></body>`;
    const { layer } = await expectSameAsPoppler(await htmlToPdf(html));
    expect(findAllAnchors(layer).map((a) => a.text)).toEqual(["{{s1|signature|120|40}}", "{{s1|date}}", "{{s2|date}}"]);
  });

  it("whole strings drawn two and three times, glyph by glyph, and short runs that overlap themselves", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([500, 300]);
    const helv = await doc.embedFont(StandardFonts.Helvetica);
    page.node.setFontDictionary(PDFName.of("F1"), helv.ref as PDFRef);
    const glyphByGlyph = (s: string, x: number, y: number, size: number) => {
      let out = "";
      for (const ch of s) {
        // Each glyph, then the same glyph again 0.35 pt to the right (old printer drivers).
        out += `BT /F1 ${size} Tf ${x} ${y} Td (${ch}) Tj 0.35 0 Td (${ch}) Tj ET\n`;
        x += helv.widthOfTextAtSize(ch, size);
      }
      return out;
    };
    const content = [
      "BT /F1 12 Tf 30 260 Td (Twice: {{s1|signature|120|40}} end) Tj ET",
      "BT /F1 12 Tf 30.3 260 Td (Twice: {{s1|signature|120|40}} end) Tj ET",
      ...[0, 0.25, 0.5].map((d) => `BT /F1 12 Tf ${30 + d} ${220 + d} Td (Three times {{s1|date}}) Tj ET`),
      glyphByGlyph("Glyphs {{s2|initials}}", 30, 180, 12),
      // "il" is narrower than the overlap that ends a run: its copy starts inside the first.
      "BT /F1 12 Tf 30 140 Td (il) Tj ET BT /F1 12 Tf 30.3 140 Td (il) Tj ET BT /F1 12 Tf 60 140 Td ({{s3|date}}) Tj ET",
      // Not duplicates: the same word at a distance, and another word over it.
      "BT /F1 12 Tf 30 100 Td (Again Again) Tj ET BT /F1 12 Tf 30 60 Td (Over) Tj ET BT /F1 12 Tf 30.3 60 Td (Other) Tj ET",
    ].join("\n");
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(content)));
    const { layer } = await expectSameAsPoppler(await doc.save());
    expect(findAllAnchors(layer).map((a) => a.text)).toEqual([
      "{{s1|signature|120|40}}",
      "{{s1|date}}",
      "{{s2|initials}}",
      "{{s3|date}}",
    ]);
    expect(lineTexts(layer)).toContain("Again Again");
  });
});

describe("Type 3 fonts: poppler's glyph size from the width of m", () => {
  it("matches pdftotext to two hundredths of a point on Ghostscript's Type 3 fonts", async () => {
    // Without the guess the boxes were 4.4 pt too low at 12 pt (height 1.3 em instead of 1.8).
    const { layer } = await expectSameAsPoppler(fixture("gs-type3.pdf"), 0.02);
    expect(lineTexts(layer)).toEqual(["Type three {{s1|date}} here", "Big m {{s2|signature|120|40}}", "Small: {{signet:t3}}"]);
  });

  it("follows the guess without an m (a letter, else any glyph) and with other font matrices", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([420, 300]);
    const fonts: [string, number[], number, Record<string, number>, string][] = [
      // A glyph space of one unit; "m" 0.7 wide.
      ["U", [1, 0, 0, 1, 0, 0], 1, { m: 0.7, space: 0.25 }, "Unit m space {{s1|date}}"],
      // TeX's bitmap fonts: about 100 units; no "m" in the font, so the first letter's width
      // decides (codes the font does not draw still have StandardEncoding's names).
      ["X", [0.00996, 0, 0, 0.00996, 0, 0], 100, { a: 55, space: 33 }, "Tex {{s1|signature}}"],
      // No letter at all: the first glyph with a width.
      ["D", [0.001, 0, 0, 0.0015, 0, 0], 1000, { space: 250, one: 556 }, "{{1}} 1"],
    ];
    const nameOf = (ch: string) => ({ " ": "space", "{": "braceleft", "}": "braceright", "|": "bar", "1": "one" })[ch] ?? ch;
    for (const [tag, fm, unit, special, text] of fonts) {
      const used = [...new Set(text)];
      const widthOf = (name: string) => special[name] ?? (tag === "D" && /^[A-Za-z]$/.test(name) ? 0 : 0.5 * unit);
      const procs: Record<string, PDFRef> = {};
      for (const ch of used) {
        const w = widthOf(nameOf(ch));
        procs[nameOf(ch)] = doc.context.register(
          doc.context.stream(`${w} 0 0 0 ${w} ${0.7 * unit} d1 0 0 ${w * 0.8} ${0.7 * unit} re f`),
        );
      }
      const codes = used.map((ch) => ch.charCodeAt(0));
      const first = Math.min(...codes);
      const last = Math.max(...codes);
      const unused = tag === "X" ? 0.5 * unit : 0;
      const widths = Array.from({ length: last - first + 1 }, (_, k) =>
        codes.includes(first + k) ? widthOf(nameOf(String.fromCharCode(first + k))) : unused,
      );
      const differences = used.flatMap((ch) => [ch.charCodeAt(0), nameOf(ch)]);
      const font = doc.context.register(
        doc.context.obj({
          Type: "Font",
          Subtype: "Type3",
          FontBBox: [0, 0, unit, unit],
          FontMatrix: fm,
          CharProcs: doc.context.obj(procs),
          Encoding: doc.context.obj({ Type: "Encoding", Differences: differences }),
          FirstChar: first,
          LastChar: last,
          Widths: widths,
        }),
      );
      page.node.setFontDictionary(PDFName.of(tag), font);
    }
    const content = fonts
      .map(([tag, , , , text], i) => `BT /${tag} ${12 + 4 * i} Tf 20 ${250 - 70 * i} Td (${text}) Tj ET`)
      .join("\n");
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(content)));
    const { layer } = await expectSameAsPoppler(await doc.save(), 0.02);
    expect(lineTexts(layer)).toEqual(fonts.map((f) => f[4]));
  });
});

describe("the Adobe Glyph List, read from pdfjs-dist", () => {
  it("is found and whole: legacy, Cyrillic and private-use names", async () => {
    const { listedGlyph } = await import("./text/glyph-names");
    expect(listedGlyph("afii10033")).toBe("\u041f");
    expect(listedGlyph("Zhecyrillic")).toBe("\u0416");
    expect(listedGlyph("AEsmall")).toBe("\uf7e6");
    expect(listedGlyph("zukatakana")).toBe("\u30ba");
    expect(listedGlyph("no-such-glyph")).toBeUndefined();
  });
});

/** UTF-16BE, as the Uni*-UCS2 and Uni*-UTF16 CMaps take it, in hex. */
const utf16Hex = (s: string) => [...s].map((ch) => Buffer.from(ch, "utf16le").swap16().toString("hex")).join("");
/** ASCII as single bytes (the one-byte codes of the RKSJ, EUC, GBK and Big Five CMaps), in hex. */
const asciiHex = (s: string) => Buffer.from(s, "latin1").toString("hex");

interface CjkLine {
  /** The string shown, in hex. */
  hex: string;
  x: number;
  y: number;
  size?: number;
}

/**
 * A Type 0 font with a predefined CMap (or an embedded one), its CIDFont not embedded (pdftotext
 * reads no font program) and without ToUnicode: the text comes from the CMap and the character
 * collection alone, as poppler reads it with poppler-data.
 */
async function cjkPdf(
  encoding: string | Uint8Array,
  ordering: string,
  lines: CjkLine[],
  cidFont: Record<string, unknown> = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([500, 500]);
  const ctx = doc.context;
  const descriptor = ctx.register(
    ctx.obj({
      Type: "FontDescriptor",
      FontName: "CJKSans",
      Flags: 4,
      FontBBox: [-100, -120, 1000, 880],
      ItalicAngle: 0,
      Ascent: 880,
      Descent: -120,
      CapHeight: 700,
      StemV: 80,
    }),
  );
  const descendant = ctx.obj({
    Type: "Font",
    Subtype: "CIDFontType0",
    BaseFont: "CJKSans",
    FontDescriptor: descriptor,
    ...cidFont,
  });
  descendant.set(
    PDFName.of("CIDSystemInfo"),
    ctx.obj({ Registry: PDFString.of("Adobe"), Ordering: PDFString.of(ordering), Supplement: 0 }),
  );
  const enc = typeof encoding === "string" ? PDFName.of(encoding) : ctx.register(ctx.stream(encoding, { Type: "CMap" }));
  const font = ctx.register(
    ctx.obj({ Type: "Font", Subtype: "Type0", BaseFont: "CJKSans", Encoding: enc, DescendantFonts: [ctx.register(descendant)] }),
  );
  page.node.setFontDictionary(PDFName.of("F1"), font);
  const content = lines.map((l) => `BT /F1 ${l.size ?? 14} Tf ${l.x} ${l.y} Td <${l.hex}> Tj ET`).join("\n");
  page.node.set(PDFName.of("Contents"), ctx.register(ctx.stream(content)));
  return doc.save();
}

const cmapText = (body: string) =>
  new TextEncoder().encode(
    `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Custom def ${body} endcmap CMapName currentdict /CMap defineresource pop end end`,
  );

describe("CJK predefined CMaps, read from pdfjs-dist's binary CMaps", () => {
  const horizontal: [string, string, string, string][] = [
    // [encoding, ordering, the text in the encoding (hex), the text]
    ["UniJIS-UCS2-H", "Japan1", utf16Hex("署名 ひらがな カタカナ {{signet:jp}}"), "署名 ひらがな カタカナ {{signet:jp}}"],
    // 𠀋 (U+2000B) is a four-byte code of UTF-16's surrogates.
    ["UniJIS-UTF16-H", "Japan1", utf16Hex("𠀋署名 {{signet:jp16}}"), "𠀋署名 {{signet:jp16}}"],
    // Shift-JIS: one-byte ASCII and two-byte kanji in one string.
    ["90ms-RKSJ-H", "Japan1", asciiHex("Sign ") + "8f9096bc" + asciiHex(" {{signet:sjis}}"), "Sign 署名 {{signet:sjis}}"],
    ["UniGB-UCS2-H", "GB1", utf16Hex("签名 {{s1|signature|120|40}}"), "签名 {{s1|signature|120|40}}"],
    // Two-byte codes only: for the CIDs of GBK-EUC's and KSC-EUC's one-byte ASCII, poppler-data's
    // tables give full-width forms (GB1) or nothing for "}" (Korea1) where Adobe's give ASCII.
    ["GBK-EUC-H", "GB1", "c7a9c3fb", "签名"],
    ["UniKS-UCS2-H", "Korea1", utf16Hex("서명 {{s1|signature}}"), "서명 {{s1|signature}}"],
    ["KSC-EUC-H", "Korea1", "bcadb8ed", "서명"],
    ["UniCNS-UCS2-H", "CNS1", utf16Hex("簽名 {{s1|initials}}"), "簽名 {{s1|initials}}"],
    ["ETen-B5-H", "CNS1", "c3b1a657" + asciiHex(" {{s3|date}}"), "簽名 {{s3|date}}"],
  ];

  for (const [encoding, ordering, hex, text] of horizontal) {
    it(`${encoding} (Adobe-${ordering}): codes of the CMap's lengths, text from the collection`, async () => {
      const { layer } = await expectSameAsPoppler(await cjkPdf(encoding, ordering, [{ hex, x: 30, y: 440 }]));
      expect(lineTexts(layer)).toEqual([text]);
    });
  }

  it("an embedded CMap that uses a predefined one, and poppler's reading of one with no CID entries", async () => {
    // usecmap brings UniJIS-UCS2-H's entries in; a cidchar of its own overrides one of them.
    const using = cmapText("/UniJIS-UCS2-H usecmap 1 begincidchar <0041> 34 endcidchar");
    const { layer } = await expectSameAsPoppler(
      await cjkPdf(using, "Japan1", [{ hex: utf16Hex("署名 A {{signet:use}}"), x: 30, y: 440 }]),
    );
    expect(lineTexts(layer)).toEqual(["署名 A {{signet:use}}"]);
    // Only a codespace range and `usecmap /Identity-H`: poppler reads one-byte codes of CID 0, so no text.
    const empty = cmapText("/Identity-H usecmap 1 begincodespacerange <0000> <FFFF> endcodespacerange");
    const pdf = await cjkPdf(empty, "Identity", [
      { hex: "004100420043", x: 30, y: 440 },
      { hex: utf16Hex("ignored"), x: 30, y: 400 },
    ]);
    expect(firstOf((await extractTextLayer(pdf)).pages).items).toEqual([]);
    expect(await pdftotextWords(pdf)).toEqual([]);
  });

  it("refuses a CMap that maps billions of codes, and stops a /UseCMap loop", async () => {
    const huge = cmapText("1 begincidrange <00000000> <ffffffff> 0 endcidrange");
    await expect(extractTextLayer(await cjkPdf(huge, "Identity", [{ hex: "00000041", x: 30, y: 440 }]))).rejects.toMatchObject({
      kind: "TOO_COMPLEX",
    });
    const doc = await PDFDocument.load(
      await cjkPdf(cmapText("1 begincidrange <0000> <ffff> 0 endcidrange"), "Identity", [{ hex: "00410042", x: 30, y: 440 }]),
    );
    for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
      if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of("Type"))?.toString() === "/CMap")
        obj.dict.set(PDFName.of("UseCMap"), ref);
    }
    expect(lineTexts(await extractTextLayer(await doc.save()))).toEqual(["AB"]);
  });
});

describe("vertical writing (WMode 1), as poppler's TextOutputDev boxes it", () => {
  it("an anchor written downwards in UniGB-UCS2-V is one word with poppler's box", async () => {
    const anchor = "{{s1|signature|120|40}}";
    const { layer, words } = await expectSameAsPoppler(
      await cjkPdf("UniGB-UCS2-V", "GB1", [{ hex: utf16Hex(anchor), x: 400, y: 470, size: 12 }]),
    );
    const found = firstOf(findAllAnchors(layer));
    expect(found.text).toBe(anchor);
    const word = words.find((w) => w.text === anchor)!;
    expect(word).toBeDefined();
    // One em wide, to the right of the glyph origins; from one em above the first origin to the last.
    expect(found).toMatchObject({ x: word.xMin, y: word.yMin });
    expect(found.width).toBeCloseTo(word.xMax - word.xMin, 1);
    expect(found.height).toBeCloseTo(word.yMax - word.yMin, 1);
    expect(firstOf(firstOf(layer.pages).items).dir).toBe(90);
  });

  it("Identity-V, a -V CMap with /DW2, and both on a turned page", async () => {
    // Adobe-Identity without ToUnicode: poppler takes each CID for its Unicode.
    // One column below the other: the same order in pdftotext's text and in ours (rows top to bottom).
    const lines = [
      { hex: utf16Hex("縦書き {{signet:v1}}"), x: 120, y: 460 },
      { hex: utf16Hex("署名欄 {{signet:v2}}"), x: 60, y: 200, size: 10 },
    ];
    const identity = await expectSameAsPoppler(await cjkPdf("Identity-V", "Identity", lines));
    expect(lineTexts(identity.layer)).toEqual(["縦書き {{signet:v1}}", "署名欄 {{signet:v2}}"]);
    // Glyphs 1.1 em high: each character's box is still an em, from its own origin.
    const tall = await expectSameAsPoppler(await cjkPdf("UniJIS-UCS2-V", "Japan1", lines, { DW2: [880, -1100] }));
    expect(findAllAnchors(tall.layer).map((a) => a.text)).toEqual(["{{signet:v1}}", "{{signet:v2}}"]);
    for (const angle of [90, 180, 270] as const) {
      // One column: pdftotext orders columns of a turned page its own way.
      await expectSameAsPoppler(await rotatePage(await cjkPdf("UniJIS-UCS2-V", "Japan1", lines.slice(0, 1)), 1, angle));
    }
  });
});

describe("character spacing (Tc) and word spacing (Tw) are not part of a glyph's box", () => {
  it("ends an item at its last glyph, as poppler's word ends", async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 200]);
    const helv = await doc.embedFont(StandardFonts.Helvetica);
    page.node.setFontDictionary(PDFName.of("F1"), helv.ref as PDFRef);
    const content =
      "BT /F1 12 Tf 3 Tc 20 150 Td (Spaced) Tj ET BT /F1 12 Tf 8 Tw -1 Tc 20 100 Td (Tight words {{signet:tc}}) Tj ET";
    page.node.set(PDFName.of("Contents"), doc.context.register(doc.context.stream(content)));
    const pdf = await doc.save();
    const { layer, words } = await expectSameAsPoppler(pdf);
    const spaced = firstOf(layer.pages).items.find((i) => i.str === "Spaced")!;
    const word = words.find((w) => w.text === "Spaced")!;
    expect(spaced.x + spaced.width).toBeCloseTo(word.xMax, 1);
    const anchor = firstOf(findAnchors(layer, "{{signet:tc}}"));
    const end = words.find((w) => w.text === "{{signet:tc}}")!;
    expect(anchor.x + anchor.width).toBeCloseTo(end.xMax, 1);
  });
});
