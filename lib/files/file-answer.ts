/** The media type of a Word document (DOCX). */
export const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A stored file as a download: its bytes, the name it is saved under, its SHA-256 (the ETag) and version. */
export interface FileAnswer {
  bytes: Uint8Array;
  name: string;
  sha256: string;
  version?: number;
  type?: "application/pdf" | "application/zip" | typeof DOCX_TYPE;
}
