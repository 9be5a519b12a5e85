/**
 * Drawing the signers' values into the document: signature and initial images scaled to fit their
 * box (proportions kept, centred), typed signatures in Dancing Script, TEXT, DATE, DROPDOWN, NUMBER,
 * NAME and EMAIL values in DejaVu Sans, each sized to fit its box; a CHECKBOX as a square with a
 * tick when ticked (an empty square when not), a RADIO button as a circle, filled with a dot when
 * it is the chosen one: vector paths, so no font needs a ✓ glyph. Anchor text is removed from the content (redact.ts), and
 * sandbox documents get the sandbox line on every page.
 *
 * Boxes are in the API's coordinates: points from the top-left of the page as displayed (crop box
 * and /Rotate applied). boxFrame() maps a box to the page's user space, so what is drawn appears
 * upright whatever the page's rotation or crop-box origin.
 */
import crypto from "node:crypto";
import { type PDFDocument, type PDFImage } from "@cantoo/pdf-lib";
import { PdfError } from "../errors";
import { sniffImage } from "../images";
import { boxFrame, pageFor, type PageBox } from "../page-space";
import { clipBoxToPage, pageGeometry } from "../page-box";
import { drawable, embedSealFont, finishSealFonts, wrapText, type SealFont } from "./fonts";
import { fmt, Inks, type PageInk, type Rgb } from "./ink";
import { loadPdf } from "../load";
import { withBudget } from "../limits";
import { removeTextInBoxes } from "./redact";
import type { FieldShape } from "../../schemas/fields";

export type { PageBox } from "../page-space";

export type { FieldType } from "../../schemas/fields";

export type DrawnValue =
  /** A drawn or uploaded signature: PNG or JPEG bytes (format judged from the content). */
  | { kind: "image"; bytes: Uint8Array }
  /** A typed signature or initials, drawn in the script font. */
  | { kind: "typed"; text: string }
  /** TEXT, DATE, DROPDOWN, NUMBER, NAME, EMAIL: plain text; `fontSize` is the largest size used (it shrinks to fit). */
  | { kind: "text"; text: string; fontSize?: number }
  /** CHECKBOX: a square, with a tick when `checked`. */
  | { kind: "check"; checked: boolean }
  /** RADIO button: a circle, with a dot when it is the group's chosen option. */
  | { kind: "choice"; selected: boolean; option?: string };

/** A field as the API answers it (lib/schemas/fields.ts): its type and box, with the value to draw. */
export type FieldToDraw = Pick<FieldShape, "type" | keyof PageBox> & { value: DrawnValue };

/** An anchor's box, and the token it holds (then only the token's own glyphs are removed: redact.ts). */
export type CoverBox = PageBox & { text?: string };

export interface DrawOptions {
  /**
   * Anchor boxes whose text is removed from the document (and painted white where no text was
   * found); a box whose glyphs are not only its token's is left as it is.
   */
  cover?: CoverBox[];
  /** Puts the sandbox line on every page. */
  sandbox?: boolean;
  /** Its words, in the language of the certificate that follows (one document, one language); default SANDBOX_LINE. */
  sandboxLine?: string;
  /** The images and script font, shared with the certificate of completion drawn next (sealDocument); default: this call's own. */
  marks?: SealMarks;
}

export interface DrawReport {
  /** Glyphs removed per cover box, in order; 0 where the box was only painted white (or refused). */
  removedGlyphs: number[];
  /** Cover boxes left as they were: more than their token's own glyphs lay in them. */
  refusedCovers: number[];
}

export const SANDBOX_LINE = "Sandbox – not a valid legal signature";

/** TEXT and DATE size when the field gives none; the box may make it smaller. */
const DEFAULT_TEXT_SIZE = 12;
/** A typed signature fills at most this share of its box's height, so flourishes stay inside. */
const SCRIPT_HEIGHT_SHARE = 0.8;

const WHITE: Rgb = [1, 1, 1];
const INK_BLUE: Rgb = [0.05, 0.1, 0.35];
const BLACK: Rgb = [0, 0, 0];
const SANDBOX_RED: Rgb = [0.75, 0, 0];

/** A signature or initials as the signer made it: what the certificate of completion shows of each signer. */
export type SignerMark = Extract<DrawnValue, { kind: "image" } | { kind: "typed" }>;

/**
 * The signers' marks as one seal embeds them: each distinct image once (a signer's signature usually
 * fills many fields), the script font once. The document's fields and the certificate of completion
 * draw from the same SealMarks, so a signature shown in both is one image object in the file, and a
 * typed mark on the certificate uses the glyphs the document's embedding already has.
 */
export class SealMarks {
  private readonly byHash = new Map<string, Promise<PDFImage>>();
  private scriptFont?: Promise<SealFont>;
  constructor(private readonly doc: PDFDocument) {}

  /** PdfError NOT_AN_IMAGE when the bytes do not decode. */
  image(bytes: Uint8Array): Promise<PDFImage> {
    const key = crypto.createHash("sha256").update(bytes).digest("hex");
    let p = this.byHash.get(key);
    if (!p) {
      p = this.embed(bytes);
      this.byHash.set(key, p);
    }
    return p;
  }

  script(): Promise<SealFont> {
    return (this.scriptFont ??= embedSealFont(this.doc, "DancingScript-Regular.otf"));
  }

  private async embed(bytes: Uint8Array): Promise<PDFImage> {
    const info = sniffImage(bytes);
    try {
      return info.format === "png" ? await this.doc.embedPng(bytes) : await this.doc.embedJpg(bytes);
    } catch {
      throw new PdfError("NOT_AN_IMAGE", `The ${info.format.toUpperCase()} image could not be decoded; it may be damaged`);
    }
  }
}

/** An image as large as the box allows, its proportions kept, centred (a box in the page's displayed coordinates). */
export function drawImage(ink: PageInk, box: PageBox, image: PDFImage): void {
  const s = Math.min(box.width / image.width, box.height / image.height);
  const w = image.width * s;
  const h = image.height * s;
  ink.frame(boxFrame(ink.page, box), () => ink.image(image, (box.width - w) / 2, (box.height - h) / 2, w, h));
}

/** One line of script, as large as the box allows, centred both ways (a box in the page's displayed coordinates). */
export function drawTyped(ink: PageInk, box: PageBox, text: string, script: SealFont, fallback: SealFont): void {
  const line = text.replace(/\s+/g, " ").trim();
  if (!line) return;
  // Dancing Script covers Latin only; a name in another script is drawn in DejaVu Sans instead.
  const font = script.covers(line) ? script : fallback;
  const shown = drawable(font, line);
  const band = font.ascent - font.descent;
  const widthAt1 = font.width(shown, 1);
  const size = Math.min((box.height * SCRIPT_HEIGHT_SHARE) / band, widthAt1 > 0 ? (box.width * 0.95) / widthAt1 : Infinity);
  const x = (box.width - widthAt1 * size) / 2;
  const baseline = (box.height - band * size) / 2 - font.descent * size;
  ink.frame(boxFrame(ink.page, box), () => ink.text(font, shown, size, x, baseline, INK_BLUE));
}

/**
 * TEXT and DATE values: left-aligned at the box's left edge, vertically centred, at `fontSize`
 * (default 12) or smaller until the wrapped text fits the box. A value is never cut: in a legal
 * record a smaller font is better than lost words.
 */
function drawText(ink: PageInk, box: PageBox, text: string, requested: number | undefined, font: SealFont): void {
  const shown = drawable(font, text.replace(/\t/g, "    ")).replace(/\s+$/, "");
  if (!shown.trim()) return;
  const band = font.ascent - font.descent;
  let size = Math.min(requested && requested > 0 ? requested : DEFAULT_TEXT_SIZE, box.height / band);
  let lines = wrapText(font, shown, size, box.width);
  while (
    size > 0.5 &&
    (lines.length * band * size > box.height + 0.01 || lines.some((l) => font.width(l, size) > box.width + 0.01))
  ) {
    size *= 0.92;
    lines = wrapText(font, shown, size, box.width);
  }
  const lineHeight = band * size;
  const top = (box.height + lines.length * lineHeight) / 2;
  ink.frame(boxFrame(ink.page, box), () => {
    lines.forEach((line, k) => {
      if (line) ink.text(font, line, size, 0, top - k * lineHeight - font.ascent * size, BLACK);
    });
  });
}

/** The side of the square (or circle) a CHECKBOX or RADIO takes in its box: centred, 90 % of the shorter side. */
function markSquare(box: PageBox) {
  const side = Math.min(box.width, box.height) * 0.9;
  return { side, x: (box.width - side) / 2, y: (box.height - side) / 2 };
}

/** A square outline, and a tick inside it when checked (a stroked polyline, round caps). */
function drawCheck(ink: PageInk, box: PageBox, checked: boolean): void {
  const { side: s, x, y } = markSquare(box);
  const line = Math.max(0.5, s * 0.06);
  ink.frame(boxFrame(ink.page, box), () => {
    ink.path(`${fmt(x + line / 2)} ${fmt(y + line / 2)} ${fmt(s - line)} ${fmt(s - line)} re`, { stroke: BLACK, width: line });
    if (checked) {
      const p = (fx: number, fy: number) => `${fmt(x + fx * s)} ${fmt(y + fy * s)}`;
      ink.path(`${p(0.2, 0.52)} m ${p(0.42, 0.27)} l ${p(0.8, 0.76)} l`, { stroke: INK_BLUE, width: Math.max(0.8, s * 0.13) });
    }
  });
}

/** A circle through four Bézier arcs: centre (cx, cy), radius r. */
function circle(cx: number, cy: number, r: number): string {
  const k = 0.5523 * r;
  const pt = (a: number, b: number) => `${fmt(a)} ${fmt(b)}`;
  return [
    `${pt(cx + r, cy)} m`,
    `${pt(cx + r, cy + k)} ${pt(cx + k, cy + r)} ${pt(cx, cy + r)} c`,
    `${pt(cx - k, cy + r)} ${pt(cx - r, cy + k)} ${pt(cx - r, cy)} c`,
    `${pt(cx - r, cy - k)} ${pt(cx - k, cy - r)} ${pt(cx, cy - r)} c`,
    `${pt(cx + k, cy - r)} ${pt(cx + r, cy - k)} ${pt(cx + r, cy)} c h`,
  ].join(" ");
}

/** A circle outline, and a filled dot inside it for the chosen button. */
function drawChoice(ink: PageInk, box: PageBox, selected: boolean): void {
  const { side: s, x, y } = markSquare(box);
  const line = Math.max(0.5, s * 0.06);
  const cx = x + s / 2;
  const cy = y + s / 2;
  ink.frame(boxFrame(ink.page, box), () => {
    ink.path(circle(cx, cy, s / 2 - line / 2), { stroke: BLACK, width: line });
    if (selected) ink.path(circle(cx, cy, s * 0.27), { fill: INK_BLUE });
  });
}

/** The sandbox line, centred near the top edge of the page as displayed, upright on rotated pages. */
export function drawSandboxLine(ink: PageInk, font: SealFont, line: string = SANDBOX_LINE): void {
  const geo = pageGeometry(ink.page);
  const size = 9;
  const width = font.width(line, size);
  const box: PageBox = {
    page: 0,
    x: Math.max(0, (geo.width - width) / 2 - 4),
    y: 4,
    width: Math.min(geo.width, width + 8),
    height: size * 1.6,
  };
  const baseline = (box.height - (font.ascent - font.descent) * size) / 2 - font.descent * size;
  ink.frame(boxFrame(ink.page, box), () => {
    ink.rect(0, 0, box.width, box.height, WHITE);
    ink.text(font, line, size, 4, baseline, SANDBOX_RED);
  });
}

/**
 * A cover box cut to its page. Anchor boxes come from the text layer and may stick out of the
 * page by a few points (text running off the edge): that must not stop a seal.
 */
function clipToPage(doc: PDFDocument, box: CoverBox, i: number): CoverBox {
  const count = doc.getPageCount();
  if (!Number.isInteger(box.page) || box.page < 1 || box.page > count) {
    throw new PdfError("OUT_OF_PAGE", `cover box ${i + 1}: page ${box.page} does not exist; the document has ${count} pages`);
  }
  const { page, x, y, width, height } = clipBoxToPage(box, pageGeometry(doc.getPage(box.page - 1)));
  return { page, x, y, width, height, ...(box.text === undefined ? {} : { text: box.text }) };
}

/**
 * Draws every value into `doc` (already loaded), removes the anchor text and adds the sandbox
 * line; the fonts are written into the document, ready to save (draw nothing more with them).
 * Every field box and image is checked before any page changes: PdfError OUT_OF_PAGE (a field
 * box not inside its page, a cover box on a page that does not exist) or NOT_AN_IMAGE.
 * A field box that overhangs its page by no more than the placement tolerance (rounding) is
 * drawn in the part of it that lies on the page: nothing is drawn past the page's edge.
 */
export async function drawFieldValuesInto(doc: PDFDocument, given: FieldToDraw[], opts: DrawOptions = {}): Promise<DrawReport> {
  const placed = given.map((f, i) => {
    const page = pageFor(doc, f, `field ${i + 1}`);
    return { page, field: clipBoxToPage(f, pageGeometry(page)) };
  });
  const fields = placed.map((p) => p.field);
  const cover = (opts.cover ?? []).map((c, i) => clipToPage(doc, c, i));
  const marks = opts.marks ?? new SealMarks(doc);
  const embedded = await Promise.all(fields.map((f) => (f.value.kind === "image" ? marks.image(f.value.bytes) : undefined)));
  const needsText = opts.sandbox || fields.some((f) => f.value.kind === "text" || f.value.kind === "typed");
  const sans = needsText ? await embedSealFont(doc, "DejaVuSans.ttf") : undefined;
  const script = fields.some((f) => f.value.kind === "typed") ? await marks.script() : undefined;

  // Text first: the drawing below adds content streams that must not be read as the original's.
  const { removed, refused } = removeTextInBoxes(doc, cover);
  const inks = new Inks(doc);
  const leave = new Set(refused);
  cover.forEach((c, i) => {
    if ((removed[i] ?? 0) > 0 || leave.has(i) || c.width === 0 || c.height === 0) return;
    const ink = inks.on(doc.getPage(c.page - 1));
    ink.frame(boxFrame(ink.page, c), () => ink.rect(0, 0, c.width, c.height, WHITE));
  });

  placed.forEach(({ page, field: f }, i) => {
    // Only a sliver of rounding lay past the edge and nothing of it on the page: nothing to draw.
    if (f.width <= 0 || f.height <= 0) return;
    const ink = inks.on(page);
    const v = f.value;
    if (v.kind === "image") drawImage(ink, f, embedded[i]!);
    else if (v.kind === "typed") drawTyped(ink, f, v.text, script!, sans!);
    else if (v.kind === "check") drawCheck(ink, f, v.checked);
    else if (v.kind === "choice") drawChoice(ink, f, v.selected);
    else drawText(ink, f, v.text, v.fontSize, sans!);
  });
  if (opts.sandbox) for (const page of doc.getPages()) drawSandboxLine(inks.on(page), sans!, opts.sandboxLine);
  inks.finish();
  await finishSealFonts(doc);
  return { removedGlyphs: removed, refusedCovers: refused };
}

/** `drawFieldValuesInto` over bytes: returns the new PDF (classic cross-reference table, no object streams). */
export async function drawFieldValues(pdfBytes: Uint8Array, fields: FieldToDraw[], opts: DrawOptions = {}): Promise<Uint8Array> {
  const doc = await loadPdf(pdfBytes);
  await drawFieldValuesInto(doc, fields, opts);
  return doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
}

/**
 * The seal's first step alone: the anchor text of `cover` removed (or painted over where no text was
 * found, or left where the box holds more than its token) exactly as `drawFieldValuesInto` does it,
 * nothing drawn. What signers are shown of a document; the seal then draws the values into this copy
 * with no cover of its own, so what was shown is what is sealed, values aside. Bounded like a parse.
 */
export function removeAnchorText(pdfBytes: Uint8Array, cover: CoverBox[]): Promise<DrawReport & { pdf: Uint8Array }> {
  return withBudget(async () => {
    const doc = await loadPdf(pdfBytes);
    const report = await drawFieldValuesInto(doc, [], { cover });
    return { ...report, pdf: await doc.save({ useObjectStreams: false, objectsPerTick: Infinity }) };
  });
}
