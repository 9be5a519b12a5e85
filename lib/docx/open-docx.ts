import PizZip from "pizzip";
import { DocxError } from "./errors";

/** Expanded content we agree to hold in memory for one document; a real contract uses a few MB. */
export const MAX_UNCOMPRESSED_BYTES = 200 * 1024 * 1024;

/** A zip starts with a local file header (PK\3\4), or is an empty archive (PK\5\6). */
export function looksLikeZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 3 && bytes[3] === 4) || (bytes[2] === 5 && bytes[3] === 6));
}

/** pizzip reads the central directory eagerly and inflates lazily; the declared sizes are known up front. */
function declaredSize(zip: PizZip): number {
  let total = 0;
  for (const f of Object.values(zip.files)) {
    const data = (f as unknown as { _data?: { uncompressedSize?: number } })._data;
    total += typeof data?.uncompressedSize === "number" ? data.uncompressedSize : 0;
  }
  return total;
}

/**
 * The zip of a Word document (a zip holding word/document.xml), or DocxError: NOT_DOCX for
 * something else, CORRUPT for a zip that cannot be read, TOO_LARGE for a zip bomb.
 */
export function openDocx(bytes: Uint8Array): PizZip {
  if (!looksLikeZip(bytes)) throw new DocxError("NOT_DOCX", "The file is not a DOCX document");
  let zip: PizZip;
  try {
    zip = new PizZip(bytes);
  } catch {
    throw new DocxError("CORRUPT", "The DOCX file is damaged: its zip structure cannot be read");
  }
  if (!zip.file("word/document.xml")) {
    throw new DocxError("NOT_DOCX", "The file is a zip archive but not a Word document (no word/document.xml)");
  }
  if (declaredSize(zip) > MAX_UNCOMPRESSED_BYTES) {
    throw new DocxError("TOO_LARGE", `The DOCX expands to more than ${MAX_UNCOMPRESSED_BYTES / 1024 / 1024} MB`);
  }
  try {
    // Inflate the main part now: a damaged entry is then a clear CORRUPT, not a failure deep in the templater.
    zip.file("word/document.xml")!.asText();
  } catch {
    throw new DocxError("CORRUPT", "The DOCX file is damaged: word/document.xml cannot be decompressed");
  }
  return zip;
}
