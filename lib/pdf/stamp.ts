/**
 * Changing page content (decisions.md "Images and text replacements"): an image stamped into a
 * box, and fixed text drawn over a box painted white. Boxes are in the API's coordinates (points
 * from the top-left of the displayed page); on a rotated page the result still appears upright.
 * Each function takes PDF bytes and returns new bytes; on any error nothing is returned, so the
 * caller's stored document is unchanged.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fontkit from "@pdf-lib/fontkit";
import {
  clip,
  concatTransformationMatrix,
  endPath,
  type PDFDocument,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
} from "@cantoo/pdf-lib";
import { PdfError } from "./errors";
import { pdfLibFontkit } from "./fontkit";
import { sniffImage } from "./images";
import { loadPdf } from "./load";
import { boxFrame, pageFor, type PageBox } from "./page-space";

export type { PageBox } from "./page-space";
export type SizingMode = "FIT" | "FILL" | "STRETCH";

export interface StampImageOptions extends PageBox {
  /** PNG or JPEG bytes; the format is judged from the content. */
  image: Uint8Array;
  /** FIT (default): whole image inside the box, proportions kept, at the box's top-left.
   *  FILL: covers the box, proportions kept, centred and cropped to the box. STRETCH: the box exactly. */
  sizingMode?: SizingMode;
  /** Boxes to paint white first, such as the anchor text the image replaces. */
  cover?: PageBox[];
}

export interface StampResult {
  pdf: Uint8Array;
  /** Where the image's visible part landed, in the same coordinates as the input box. */
  drawn: PageBox;
}

/** What a box frame needs: the page, and a q / cm ... Q bracket around the drawing. */
function inFrame(page: PDFPage, box: PageBox, draw: () => void): void {
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...boxFrame(page, box)));
  draw();
  page.pushOperators(popGraphicsState());
}

function paintWhite(doc: PDFDocument, box: PageBox, what: string): void {
  const page = pageFor(doc, box, what);
  inFrame(page, box, () => page.drawRectangle({ x: 0, y: 0, width: box.width, height: box.height, color: rgb(1, 1, 1) }));
}

async function embedImage(doc: PDFDocument, bytes: Uint8Array): Promise<PDFImage> {
  const info = sniffImage(bytes);
  try {
    return info.format === "png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    throw new PdfError("NOT_AN_IMAGE", `The ${info.format.toUpperCase()} image could not be decoded; it may be damaged`);
  }
}

/** Stamps an image into a box (FIT by default). Throws PdfError; see errors.ts for the kinds. */
export async function stampImage(pdfBytes: Uint8Array, opts: StampImageOptions): Promise<StampResult> {
  const mode = opts.sizingMode ?? "FIT";
  if (!["FIT", "FILL", "STRETCH"].includes(mode)) throw new Error(`unknown sizingMode ${String(mode)}`);
  sniffImage(opts.image); // refuse a non-image before parsing the PDF
  const doc = await loadPdf(pdfBytes);
  const box: PageBox = { page: opts.page, x: opts.x, y: opts.y, width: opts.width, height: opts.height };
  const page = pageFor(doc, box, "image stamp");
  for (const c of opts.cover ?? []) paintWhite(doc, c, "anchor cover");
  const image = await embedImage(doc, opts.image);

  const { width: w, height: h } = box;
  const sx = w / image.width;
  const sy = h / image.height;
  let dw = w,
    dh = h,
    dx = 0,
    dy = 0;
  if (mode === "FIT") {
    const s = Math.min(sx, sy);
    dw = image.width * s;
    dh = image.height * s;
    dy = h - dh; // top-left aligned: the anchor marks the top-left of the image area
  } else if (mode === "FILL") {
    const s = Math.max(sx, sy);
    dw = image.width * s;
    dh = image.height * s;
    dx = (w - dw) / 2;
    dy = (h - dh) / 2;
  }
  inFrame(page, box, () => {
    // FILL overflows the box; clip to it so the page around the box is untouched.
    if (mode === "FILL") page.pushOperators(rectangle(0, 0, w, h), clip(), endPath());
    page.drawImage(image, { x: dx, y: dy, width: dw, height: dh });
  });
  const visible = mode === "FIT" ? { x: box.x, y: box.y, width: dw, height: dh } : { x: box.x, y: box.y, width: w, height: h };
  return { pdf: await doc.save(), drawn: { page: box.page, ...visible } };
}

export interface TextReplacement extends PageBox {
  /** May contain line breaks (\n, \r\n or \r), which are kept. */
  text: string;
  /** Points. */
  fontSize: number;
}

interface FontData {
  bytes: Uint8Array;
  face: fontkit.Font;
}

let fontData: FontData | undefined;

/**
 * DejaVu Sans, shipped in lib/pdf/fonts (Latin, Greek, Cyrillic and more). Found from the
 * working directory (how the server and tests run) or next to this file.
 */
function unicodeFont(): FontData {
  if (fontData) return fontData;
  const candidates = [process.env.SIGNET_PDF_FONT, path.join(process.cwd(), "lib/pdf/fonts/DejaVuSans.ttf")];
  try {
    candidates.push(fileURLToPath(new URL("./fonts/DejaVuSans.ttf", import.meta.url)));
  } catch {
    // import.meta.url is not a file: URL in some bundles; the other candidates remain.
  }
  const file = candidates.find((f): f is string => !!f && fs.existsSync(f));
  if (!file) throw new Error("DejaVuSans.ttf not found: expected lib/pdf/fonts/DejaVuSans.ttf under the working directory");
  const bytes = new Uint8Array(fs.readFileSync(file));
  fontData = { bytes, face: fontkit.create(bytes) };
  return fontData;
}

const MAX_FONT_SIZE = 400;

interface Layout {
  r: TextReplacement;
  lines: string[];
  ascent: number;
  lineHeight: number;
}

/** Checks every replacement before anything is drawn, so one bad item leaves the PDF unchanged. */
function layout(replacements: TextReplacement[], font: PDFFont, face: fontkit.Font): Layout[] {
  const ascent = face.ascent / face.unitsPerEm;
  const lineGap = (face.ascent - face.descent) / face.unitsPerEm;
  return replacements.map((r, i) => {
    const what = `text replacement ${i + 1}`;
    if (!(r.fontSize > 0 && r.fontSize <= MAX_FONT_SIZE))
      throw new PdfError("TEXT_DOES_NOT_FIT", `${what}: fontSize must be more than 0 and at most ${MAX_FONT_SIZE}`);
    const lines = r.text.replace(/\t/g, "    ").split(/\r\n|\r|\n/);
    const missing = [...new Set([...lines.join("")].filter((ch) => !face.hasGlyphForCodePoint(ch.codePointAt(0)!)))];
    if (missing.length) {
      const list = missing
        .slice(0, 5)
        .map((ch) => `"${ch}" (U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")})`);
      throw new PdfError(
        "UNSUPPORTED_TEXT",
        `${what}: the font cannot draw ${list.join(", ")}${missing.length > 5 ? " and more" : ""}`,
      );
    }
    const lineHeight = lineGap * r.fontSize;
    const needed = lines.length * lineHeight;
    if (needed > r.height + 0.01) {
      throw new PdfError(
        "TEXT_DOES_NOT_FIT",
        `${what}: ${lines.length} line(s) at ${r.fontSize} pt need ${needed.toFixed(1)} pt of height; the box is ${r.height} pt high`,
      );
    }
    for (const line of lines) {
      const w = font.widthOfTextAtSize(line, r.fontSize);
      if (w > r.width + 0.01) {
        throw new PdfError(
          "TEXT_DOES_NOT_FIT",
          `${what}: "${line.length > 40 ? line.slice(0, 40) + "…" : line}" is ${w.toFixed(1)} pt wide at ${r.fontSize} pt; the box is ${r.width} pt wide`,
        );
      }
    }
    return { r, lines, ascent: ascent * r.fontSize, lineHeight };
  });
}

/**
 * Paints each box white and draws its text inside, top-left aligned, line breaks kept, in an
 * embedded subset of DejaVu Sans. Throws PdfError (OUT_OF_PAGE, TEXT_DOES_NOT_FIT,
 * UNSUPPORTED_TEXT, or a PDF kind) without changing anything.
 */
export async function replaceText(pdfBytes: Uint8Array, replacements: TextReplacement[]): Promise<Uint8Array> {
  const doc = await loadPdf(pdfBytes);
  const pages = replacements.map((r, i) => pageFor(doc, r, `text replacement ${i + 1}`));
  const { bytes, face } = unicodeFont();
  doc.registerFontkit(pdfLibFontkit);
  const font = await doc.embedFont(bytes, { subset: true });
  const laid = layout(replacements, font, face);
  laid.forEach(({ r, lines, ascent, lineHeight }, i) => {
    const page = pages[i];
    if (!page) throw new Error(`text replacement ${i + 1} has no page`); // one page per replacement, by construction
    inFrame(page, r, () => {
      page.drawRectangle({ x: 0, y: 0, width: r.width, height: r.height, color: rgb(1, 1, 1) });
      lines.forEach((line, k) => {
        if (line)
          page.drawText(line, { x: 0, y: r.height - ascent - k * lineHeight, size: r.fontSize, font, color: rgb(0, 0, 0) });
      });
    });
  });
  return doc.save();
}
