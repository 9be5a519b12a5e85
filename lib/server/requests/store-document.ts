import "server-only";
import { inspectPdf } from "@/lib/pdf/inspect";
import { PdfError } from "@/lib/pdf/errors";
import { blobs } from "../blobs/store";
import { config } from "../config";
import { AppError } from "../http/errors";

/** Judges an uploaded PDF by its content and stores its bytes; the caller records the version. */
export async function acceptPdf(bytes: Uint8Array) {
  let info;
  try {
    info = await inspectPdf(bytes, { maxPages: config.maxPages });
  } catch (e) {
    if (e instanceof PdfError) {
      throw new AppError(e.kind === "NOT_PDF" ? "UNSUPPORTED_MEDIA" : "UNPROCESSABLE", e.message, { details: { reason: e.kind } });
    }
    throw e;
  }
  const stored = await blobs().put(bytes);
  return { ...info, ...stored };
}
