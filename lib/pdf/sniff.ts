/** What can be told of bytes before parsing them. */
import { EncryptedPDFError } from "pdf-lib";

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
