import "server-only";
import { blobs, sha256Of } from "../blobs/store";
import { config } from "../config";
import { pdfErrorToApp, runEngine } from "../engine";
import { readPdfDocument, storeTextLayer } from "../anchors/text-layer-cache";

/**
 * Judges an uploaded PDF by its content, in the engine's worker threads: the file is first written in
 * its one reading (lib/pdf/canonical.ts: the objects its cross-reference names, as viewers read it),
 * then page sizes and the text layer are read from that. Stores those bytes and the text layer; the
 * caller records the version. Everything after this reads the stored bytes only. A document refused
 * once for what it is (too complex, a bomb) is refused again at once.
 */
export async function acceptPdf(bytes: Uint8Array) {
  const uploadedSha256 = sha256Of(bytes);
  let canonical: Uint8Array;
  let read;
  try {
    ({ pdf: canonical } = await runEngine("canonicalPdf", [bytes, { maxPages: config.maxPages }], { document: uploadedSha256 }));
    read = await readPdfDocument(canonical, sha256Of(canonical));
  } catch (e) {
    pdfErrorToApp(e);
  }
  const stored = await blobs().put(canonical);
  await storeTextLayer(stored.sha256, read.layerJson);
  return { ...read.info, ...stored, uploadedSha256 };
}
