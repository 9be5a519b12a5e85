import "server-only";
import { blobs, sha256Of } from "../blobs/store";
import { pdfErrorToApp } from "../engine";
import { readPdfDocument, storeTextLayer } from "../anchors/text-layer-cache";

/**
 * Judges an uploaded PDF by its content (in the engine's worker threads: page sizes and the text
 * layer from one parse) and stores its bytes and its text layer; the caller records the version.
 * A document refused once for what it is (too complex, a bomb) is refused again at once.
 */
export async function acceptPdf(bytes: Uint8Array) {
  const sha256 = sha256Of(bytes);
  let read;
  try {
    read = await readPdfDocument(bytes, sha256);
  } catch (e) {
    pdfErrorToApp(e);
  }
  const stored = await blobs().put(bytes);
  await storeTextLayer(stored.sha256, read.layerJson);
  return { ...read.info, ...stored };
}
