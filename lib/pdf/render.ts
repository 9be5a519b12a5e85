/**
 * One page of a PDF drawn as an image, by poppler's pdftoppm (a kept renderer: pdf.js in Node would
 * need a canvas binding; see docs/architecture.md). The signer's page shows these images instead of
 * loading pdf.js on a phone. Bytes in, image bytes out; the renderer runs as its
 * own process with an address-space and CPU-time limit and a wall-clock deadline, and its output is
 * capped, so a hostile page costs at most those.
 */
import { PdfError } from "./errors";
import { runPoppler } from "./poppler";
import { encodeCompactPng, readPpm } from "./render-png";

export interface RenderedPage {
  bytes: Uint8Array;
  type: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

export interface RenderOptions {
  /** 1-based. */
  page: number;
  /** The page's displayed size in points (rotation applied): gives the image's height. */
  pageSize: { width: number; height: number };
  /** Image width in pixels. */
  width: number;
  /** Wall-clock limit of one pdftoppm run; default 15 s. */
  timeoutMs?: number;
}

/** No image has more pixels than this (a 3000-px-wide A4 page has 12.7 million): a very tall page is drawn narrower. */
export const MAX_PIXELS = 16_000_000;
/** A PNG larger than this (a scan, a photograph) is drawn again as a JPEG, and the smaller is kept. */
const PNG_BUDGET = 300 * 1024;
const MAX_OUTPUT = 64 * 1024 * 1024;

/** The image's size in pixels: `width` wide (fewer when that would pass MAX_PIXELS), the page's proportions. */
export function imageSize(pageSize: { width: number; height: number }, width: number): { width: number; height: number } {
  const ratio = pageSize.height / pageSize.width;
  let w = Math.max(1, Math.round(width));
  if (w * w * ratio > MAX_PIXELS) w = Math.max(1, Math.floor(Math.sqrt(MAX_PIXELS / ratio)));
  return { width: w, height: Math.max(1, Math.round(w * ratio)) };
}

/**
 * The page drawn as pixels by pdftoppm, then written as the smallest of: a compact PNG (16 grey levels,
 * and the few colours a logo or a coloured line adds, in a palette: a page of text is tens of kilobytes
 * instead of hundreds), pdftoppm's own full-colour PNG when the page has too many colours for that, and,
 * when that PNG is large (a photograph, a scan), a JPEG.
 */
export async function renderPage(pdf: Uint8Array, opts: RenderOptions): Promise<RenderedPage> {
  if (!Number.isInteger(opts.page) || opts.page < 1) throw new PdfError("OUT_OF_PAGE", `There is no page ${opts.page}`);
  const size = imageSize(opts.pageSize, opts.width);
  const pixels = readPpm(await pdftoppm(pdf, [], opts.page, size, opts.timeoutMs));
  const compact = encodeCompactPng(pixels);
  if (compact) return { bytes: compact, type: "image/png", width: pixels.width, height: pixels.height };
  const png = await pdftoppm(pdf, ["-png"], opts.page, size, opts.timeoutMs);
  if (png.length <= PNG_BUDGET) return { bytes: png, type: "image/png", ...size };
  const jpeg = await pdftoppm(pdf, ["-jpeg", "-jpegopt", "quality=82,progressive=y"], opts.page, size, opts.timeoutMs);
  return jpeg.length < png.length ? { bytes: jpeg, type: "image/jpeg", ...size } : { bytes: png, type: "image/png", ...size };
}

async function pdftoppm(
  pdf: Uint8Array,
  format: string[],
  page: number,
  size: { width: number; height: number },
  timeoutMs = 15_000,
): Promise<Uint8Array> {
  const args = [
    ...format,
    "-f",
    String(page),
    "-l",
    String(page),
    "-scale-to-x",
    String(size.width),
    "-scale-to-y",
    String(size.height),
    "-singlefile",
    "-",
  ];
  const out = await runPoppler("pdftoppm", args, { input: pdf, timeoutMs, maxOutput: MAX_OUTPUT, doing: "draw" });
  if (out.length === 0) throw new PdfError("UNPARSEABLE", "The page could not be drawn: the renderer wrote nothing");
  return out;
}
