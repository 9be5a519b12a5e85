/** Image formats we stamp, judged by content (magic bytes), never by a file name or MIME type. */
import zlib from "node:zlib";
import jpeg from "jpeg-js";
import { PDFDocument } from "@cantoo/pdf-lib";
import { PNG } from "pngjs";
import { MAX_IMAGE_PIXELS, notAnImage, readImageHeader, type ImageFormat } from "./image-header";

export { MAX_IMAGE_PIXELS, readImageHeader, sniffImage, type ImageFormat, type ImageInfo } from "./image-header";

const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * The PNG's image data inflates strictly (zlib header and checksum) to exactly the size its header
 * gives: pngjs fills what it cannot inflate with nothing and returns a blank image.
 */
function checkPngData(b: Uint8Array): void {
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const width = v.getUint32(16);
  const height = v.getUint32(20);
  const [depth = 0, type = 0, , , interlace = 0] = b.subarray(24, 29);
  const channels = PNG_CHANNELS[type];
  if (!channels || ![1, 2, 4, 8, 16].includes(depth))
    throw new Error(`colour type ${type} with bit depth ${depth} is not a PNG format`);
  const parts: Uint8Array[] = [];
  for (let p = 8; p + 12 <= b.length;) {
    const len = v.getUint32(p);
    const type4 = String.fromCharCode(...b.subarray(p + 4, p + 8));
    if (type4 === "IDAT") parts.push(b.subarray(p + 8, p + 8 + len));
    if (type4 === "IEND") break;
    p += 12 + len;
  }
  const expected = height * (1 + Math.ceil((width * depth * channels) / 8));
  const raw = zlib.inflateSync(Buffer.concat(parts), { maxOutputLength: expected + 1 });
  if (interlace === 0 && raw.length !== expected) throw new Error(`its image data holds ${raw.length} bytes, not ${expected}`);
}

/** A signer's image, decoded and written again: what the seal will embed, known to embed. */
export interface CleanImage {
  bytes: Uint8Array;
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * Decodes a PNG or JPEG completely and encodes its pixels again (PNG as 8-bit RGBA, JPEG as a
 * baseline JPEG at quality 92), then embeds the result in a scratch PDF exactly as the seal will
 * (an image whose chunks were well formed but whose colour type was impossible was taken at
 * signing and then failed every seal). Header checks and size limits come first (readImageHeader,
 * and the caller's limits); NOT_AN_IMAGE for anything that cannot be decoded or embedded.
 */
export async function cleanImage(bytes: Uint8Array, maxPixels = MAX_IMAGE_PIXELS): Promise<CleanImage> {
  const info = readImageHeader(bytes);
  if (info.width * info.height > maxPixels || info.width === 0 || info.height === 0)
    throw notAnImage(`The image is ${info.width} x ${info.height} pixels; at most ${maxPixels} pixels are decoded`);
  let out: Uint8Array;
  let width: number;
  let height: number;
  try {
    if (info.format === "png") {
      checkPngData(bytes);
      const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
      ({ width, height } = png);
      out = new Uint8Array(PNG.sync.write(png, { colorType: 6, inputColorType: 6, bitDepth: 8 }));
    } else {
      const raw = jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: true,
        tolerantDecoding: false,
        maxResolutionInMP: Math.ceil(maxPixels / 1_000_000),
        maxMemoryUsageInMB: 512,
      });
      ({ width, height } = raw);
      out = new Uint8Array(jpeg.encode({ data: raw.data, width, height }, 92).data);
    }
  } catch (e) {
    throw notAnImage(`The ${info.format.toUpperCase()} image could not be decoded (${(e as Error).message})`);
  }
  if (width !== info.width || height !== info.height) throw notAnImage("The image's pixels do not match its header");
  try {
    const scratch = await PDFDocument.create();
    if (info.format === "png") await scratch.embedPng(out);
    else await scratch.embedJpg(out);
  } catch {
    throw notAnImage(`The ${info.format.toUpperCase()} image could not be embedded in a PDF`);
  }
  return { bytes: out, format: info.format, width, height };
}
