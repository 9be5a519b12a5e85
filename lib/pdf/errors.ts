/** What the engine can say about bytes it was given. Callers map these to their own errors. */
export type PdfErrorKind = "NOT_PDF" | "ENCRYPTED" | "UNPARSEABLE" | "TOO_MANY_PAGES" | "TOO_COMPLEX";

export class PdfError extends Error {
  constructor(
    readonly kind: PdfErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "PdfError";
  }
}
