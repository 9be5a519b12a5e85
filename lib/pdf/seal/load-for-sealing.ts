/**
 * Loading a PDF to seal it. Same checks and errors as ../load.ts, but parsed in one go: loadPdf
 * lets pdf-lib yield every 100 objects so that its time limit can fire on a hostile upload, which
 * costs a 100-page document ~50 ms of timer turns. A document reaching the sealing job was parsed
 * at upload already; sealing it should be fast rather than interruptible.
 */
import { ParseSpeeds, PDFDocument } from "pdf-lib";
import { PdfError } from "../errors";
import { isEncryptedPdfError, looksLikePdf } from "../inspect";

export async function loadForSealing(bytes: Uint8Array): Promise<PDFDocument> {
  if (!looksLikePdf(bytes)) throw new PdfError("NOT_PDF", "The file is not a PDF");
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false, parseSpeed: ParseSpeeds.Fastest });
  } catch (e) {
    if (isEncryptedPdfError(e)) throw new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");
    throw new PdfError("UNPARSEABLE", "The PDF could not be parsed; it may be damaged or truncated");
  }
  if (doc.isEncrypted) throw new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");
  return doc;
}
