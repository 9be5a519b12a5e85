/**
 * PNG and JPEG judged by their headers and structure, never by decoding pixels: no image or PDF library
 * here, so the server's main thread checks a signature image without loading one (images.ts decodes).
 */
import { PdfError } from "./errors";

export type ImageFormat = "png" | "jpeg";

export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

/** Decoding a PNG costs width x height x 4 bytes or more; refuse what would take ~200 MB. */
export const MAX_IMAGE_PIXELS = 50_000_000;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function notAnImage(why: string): PdfError {
  return new PdfError("NOT_AN_IMAGE", why);
}

function pngInfo(b: Uint8Array): ImageInfo {
  // The IHDR chunk comes first: length, "IHDR", width, height (big-endian).
  if (b.length < 24 || String.fromCharCode(...b.subarray(12, 16)) !== "IHDR")
    throw notAnImage("The PNG image is damaged (no header chunk)");
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // Walk the chunks: a truncated file would otherwise embed as garbage instead of failing.
  let p = 8;
  let data = false;
  for (;;) {
    if (p + 12 > b.length) throw notAnImage("The PNG image is truncated");
    const len = v.getUint32(p);
    const type = String.fromCharCode(...b.subarray(p + 4, p + 8));
    if (p + 12 + len > b.length) throw notAnImage("The PNG image is truncated");
    if (type === "IDAT") data = true;
    if (type === "IEND") break;
    p += 12 + len;
  }
  if (!data) throw notAnImage("The PNG image has no image data");
  return { format: "png", width: v.getUint32(16), height: v.getUint32(20) };
}

/** The big-endian 16-bit number at i; bytes past the end read as 0. */
function u16(b: Uint8Array, i: number): number {
  return ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
}

function jpegInfo(b: Uint8Array): ImageInfo {
  // Walk the markers to the first start-of-frame (SOF0-SOF15 except DHT, JPG and DAC), then
  // require scan data and an end-of-image marker: pdf-lib copies JPEG bytes without decoding
  // them, so a truncated file would be embedded as a broken image.
  let p = 2;
  let info: ImageInfo | undefined;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) throw notAnImage("The JPEG image is damaged (bad marker)");
    const marker = b[p + 1] ?? 0;
    if (marker === 0xff) {
      p++;
      continue;
    }
    const len = u16(b, p + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc && p + 9 <= b.length) {
      info = { format: "jpeg", height: u16(b, p + 5), width: u16(b, p + 7) };
    }
    if (marker === 0xda) break;
    if (marker === 0xd9) break;
    p += 2 + len;
  }
  if (!info) throw notAnImage("The JPEG image is damaged (no frame header)");
  if (b[p + 1] !== 0xda) throw notAnImage("The JPEG image has no image data");
  let end = false;
  for (let q = b.length - 2; q > p && q >= b.length - 4096; q--) {
    if (b[q] === 0xff && b[q + 1] === 0xd9) {
      end = true;
      break;
    }
  }
  if (!end) throw notAnImage("The JPEG image is truncated");
  return info;
}

/**
 * Format and pixel size of PNG or JPEG bytes, read from the headers (PNG IHDR, JPEG SOF) and the
 * file's structure, never by decoding pixels; PdfError NOT_AN_IMAGE if they are neither, or broken.
 * No size limit: callers apply their own (sniffImage: MAX_IMAGE_PIXELS).
 */
export function readImageHeader(bytes: Uint8Array): ImageInfo {
  let info: ImageInfo;
  if (PNG_MAGIC.every((v, i) => bytes[i] === v)) info = pngInfo(bytes);
  else if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) info = jpegInfo(bytes);
  else throw notAnImage("The image must be a PNG or JPEG file");
  if (info.width < 1 || info.height < 1) throw notAnImage("The image has no pixels");
  return info;
}

/** Format and pixel size of PNG or JPEG bytes, or PdfError NOT_AN_IMAGE (also beyond MAX_IMAGE_PIXELS). */
export function sniffImage(bytes: Uint8Array): ImageInfo {
  const info = readImageHeader(bytes);
  if (info.width * info.height > MAX_IMAGE_PIXELS) {
    throw notAnImage(
      `The image is ${info.width} x ${info.height} pixels; the limit is ${MAX_IMAGE_PIXELS / 1_000_000} million pixels`,
    );
  }
  return info;
}
