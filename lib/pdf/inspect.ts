import { PDFDocument, EncryptedPDFError } from "pdf-lib";
import { PdfError } from "./errors";

export interface PageSize {
  /** Points, as displayed: the crop box, with the page's rotation applied. */
  width: number;
  height: number;
}

export interface PdfInfo {
  pageCount: number;
  pages: PageSize[];
}

/**
 * pdf-lib throws EncryptedPDFError for an encrypted file, but its ES5 build breaks `instanceof`
 * on Error subclasses, so the message is checked too.
 */
export function isEncryptedPdfError(e: unknown): boolean {
  return e instanceof EncryptedPDFError || (e instanceof Error && e.message.includes("is encrypted"));
}

/** PDF files start with %PDF- (some writers put a few bytes of junk before it; readers allow 1 KB). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString("latin1");
  return head.includes("%PDF-");
}

/**
 * The trailer (or the cross-reference stream's dictionary, which is never encrypted) of an encrypted
 * PDF names an /Encrypt dictionary. pdf-lib does not always notice it, so look for it directly.
 */
export function hasEncryptDictionary(bytes: Uint8Array): boolean {
  return /\/Encrypt\s*(\d+\s+\d+\s+R|<<)/.test(Buffer.from(bytes).toString("latin1"));
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Page count and displayed page sizes, or a PdfError saying why the bytes are not a usable PDF. */
export async function inspectPdf(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfInfo> {
  if (!looksLikePdf(bytes)) throw new PdfError("NOT_PDF", "The file is not a PDF");
  if (hasEncryptDictionary(bytes)) throw new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (e) {
    if (isEncryptedPdfError(e)) throw new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");
    throw new PdfError("UNPARSEABLE", "The PDF could not be parsed; it may be damaged or truncated");
  }
  if (doc.isEncrypted) throw new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");
  let pages;
  try {
    pages = doc.getPages();
  } catch {
    throw new PdfError("UNPARSEABLE", "The PDF's page tree could not be read; it may be damaged or truncated");
  }
  if (pages.length === 0) throw new PdfError("UNPARSEABLE", "The PDF has no pages; it may be damaged or truncated");
  if (opts.maxPages && pages.length > opts.maxPages) {
    throw new PdfError("TOO_MANY_PAGES", `The PDF has ${pages.length} pages; the limit is ${opts.maxPages}`);
  }
  return {
    pageCount: pages.length,
    pages: pages.map((p) => {
      const box = p.getCropBox();
      const angle = ((p.getRotation().angle % 360) + 360) % 360;
      const quarter = angle === 90 || angle === 270;
      return { width: round(quarter ? box.height : box.width), height: round(quarter ? box.width : box.height) };
    }),
  };
}
