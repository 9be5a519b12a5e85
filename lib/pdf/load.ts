/** Loading a PDF with pdf-lib, with bad input mapped to PdfError kinds and a time limit. */
import { PDFDocument } from "pdf-lib";
import { PdfError } from "./errors";
import { isEncryptedPdfError, looksLikePdf } from "./inspect";

/**
 * Loads `bytes`, or throws PdfError NOT_PDF, ENCRYPTED, UNPARSEABLE or TOO_COMPLEX (when parsing
 * runs past `deadline`, a performance.now() value). pdf-lib yields while parsing, so the timer
 * can fire; the parse is abandoned to the garbage collector.
 */
export async function loadPdf(bytes: Uint8Array, deadline = performance.now() + 20_000): Promise<PDFDocument> {
  if (!looksLikePdf(bytes)) throw new PdfError("NOT_PDF", "The file is not a PDF");
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PdfError("TOO_COMPLEX", "Parsing the PDF took longer than the time limit")), Math.max(0, deadline - performance.now()));
  });
  try {
    const doc = await Promise.race([PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false }), timeout]);
    if (doc.isEncrypted) throw new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");
    return doc;
  } catch (e) {
    if (e instanceof PdfError) throw e;
    if (isEncryptedPdfError(e)) throw new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");
    throw new PdfError("UNPARSEABLE", "The PDF could not be parsed; it may be damaged or truncated");
  } finally {
    clearTimeout(timer);
  }
}
