/**
 * What the DOCX engine can say about bytes it was given. Callers map these to their own errors;
 * every one of them is the client's fault (4xx), none a server failure.
 * - NOT_DOCX: not a zip, or a zip without a Word document part (word/document.xml).
 * - CORRUPT: looks like a zip but cannot be read, its zip directory lies, or its XML is broken.
 * - TOO_LARGE: more uncompressed content than the engine agrees to expand (DOCX_LIMITS), or
 *   filling would insert more text than it agrees to write.
 * - TOO_COMPLEX: more parts, XML elements or XML nesting than the engine agrees to parse.
 * - TEMPLATE: the template's tags are malformed (unclosed {{, loops, names with other characters).
 * - MISSING_VALUES: fillDocx was not given a value for every placeholder.
 */
export type DocxErrorKind = "NOT_DOCX" | "CORRUPT" | "TOO_LARGE" | "TOO_COMPLEX" | "TEMPLATE" | "MISSING_VALUES";

export class DocxError extends Error {
  constructor(
    readonly kind: DocxErrorKind,
    message: string,
    /** Safe to show to the client: the tags at fault, the missing names. */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DocxError";
  }
}
