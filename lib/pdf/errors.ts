/**
 * What the engine can say about bytes it was given. Callers map these to their own errors:
 * all are the client's fault (4xx), none is a server failure.
 * - NOT_PDF, ENCRYPTED, UNPARSEABLE, TOO_MANY_PAGES, TOO_COMPLEX: the PDF cannot be used.
 * - NOT_AN_IMAGE: image bytes that are not a PNG or JPEG we can decode (or are too large).
 * - OUT_OF_PAGE: a page number or box that does not lie on the document's pages.
 * - TEXT_DOES_NOT_FIT: replacement text wider or taller than its box at the given size.
 * - UNSUPPORTED_TEXT: replacement text with characters the embedded font cannot draw.
 */
export type PdfErrorKind =
  | "NOT_PDF"
  | "ENCRYPTED"
  | "UNPARSEABLE"
  | "TOO_MANY_PAGES"
  | "TOO_COMPLEX"
  | "NOT_AN_IMAGE"
  | "OUT_OF_PAGE"
  | "TEXT_DOES_NOT_FIT"
  | "UNSUPPORTED_TEXT";

export class PdfError extends Error {
  constructor(
    readonly kind: PdfErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "PdfError";
  }
}
