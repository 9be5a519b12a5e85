import "server-only";
import { readImageHeader } from "@/lib/pdf/image-header";
import { PdfError } from "@/lib/pdf/errors";
import { AppError } from "../errors";
import { runEngine } from "../engine";

/**
 * What a drawn or uploaded signature may be. A signature box is a few hundred points wide: these
 * are far above any real signature and far below what would cost the seal real memory.
 */
export const SIGNATURE_IMAGE_LIMITS = {
  /** Decoded bytes. */
  maxBytes: 2 * 1024 * 1024,
  /** Width and height, each. */
  maxSide: 4000,
  /** Width × height. */
  maxPixels: 16_000_000,
} as const;

export interface JudgedImage {
  bytes: Uint8Array;
  mime: "image/png" | "image/jpeg";
  width: number;
  height: number;
}

const refuse = (
  code: "SIGNATURE_IMAGE_INVALID" | "SIGNATURE_IMAGE_UNSUPPORTED" | "SIGNATURE_IMAGE_TOO_LARGE" | "SIGNATURE_IMAGE_DAMAGED",
  at: string,
  message: string,
) => new AppError(code, message, { errors: [{ field: at, message }] });

/**
 * Judges a signature image given as a base64 `data:` URL, before anything is stored: its bytes must
 * be a PNG or a JPEG (by content, whatever the URL's media type says: else 415), at most 2 MB
 * decoded, 4000 pixels a side and 16 million pixels (read from the PNG IHDR / JPEG SOF header,
 * never by decoding the pixels: else 422); then decoded completely and encoded again in the engine
 * (422 SIGNATURE_IMAGE_DAMAGED when that fails). `at` names the field in the error.
 */
export async function judgeSignatureImage(dataUrl: string, at: string): Promise<JudgedImage> {
  const payload = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl)?.[1];
  if (!payload) throw refuse("SIGNATURE_IMAGE_INVALID", at, "A signature image must be a base64 data: URL");
  const b64 = payload.replace(/\s+/g, "");
  // The decoded size is known from the text's length: nothing too big is decoded at all.
  const decodedSize = Math.floor((b64.length * 3) / 4) - (b64.endsWith("==") ? 2 : b64.endsWith("=") ? 1 : 0);
  const { maxBytes, maxSide, maxPixels } = SIGNATURE_IMAGE_LIMITS;
  if (decodedSize > maxBytes) {
    throw refuse(
      "SIGNATURE_IMAGE_TOO_LARGE",
      at,
      `The signature image is ${decodedSize} bytes; the limit is ${maxBytes} bytes (2 MB)`,
    );
  }
  const bytes = new Uint8Array(Buffer.from(b64, "base64"));
  let info;
  try {
    info = readImageHeader(bytes);
  } catch (e) {
    if (e instanceof PdfError) throw refuse("SIGNATURE_IMAGE_UNSUPPORTED", at, `${e.message} (signature images are PNG or JPEG)`);
    throw e;
  }
  if (info.width > maxSide || info.height > maxSide || info.width * info.height > maxPixels) {
    throw refuse(
      "SIGNATURE_IMAGE_TOO_LARGE",
      at,
      `The signature image is ${info.width} x ${info.height} pixels; the limit is ${maxSide} pixels a side and ${maxPixels / 1_000_000} million pixels`,
    );
  }
  // Decoded in the engine's threads and written again: what is stored is what the seal embeds, and
  // an image the seal could not embed is refused now, while the signer is here.
  let clean;
  try {
    clean = await runEngine("cleanImage", [bytes, maxPixels], { timeoutMs: 15_000 });
  } catch (e) {
    if (e instanceof PdfError) {
      throw refuse(
        "SIGNATURE_IMAGE_DAMAGED",
        at,
        `The signature image cannot be used: ${e.message}. Draw or type it, or upload another`,
      );
    }
    throw e;
  }
  return {
    bytes: clean.bytes,
    mime: clean.format === "png" ? "image/png" : "image/jpeg",
    width: clean.width,
    height: clean.height,
  };
}
