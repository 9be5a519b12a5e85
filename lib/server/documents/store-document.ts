import "server-only";
import { blobs, sha256Of } from "../blobs/store";
import { pdfErrorToApp } from "../engine";
import { readPdfDocument, storeTextLayer } from "./text-layer-cache";

/**
 * Judges an uploaded PDF by its content, in the engine's worker threads: page sizes, the text layer and
 * the file in its one reading (lib/pdf/canonical.ts: the objects its cross-reference names, as viewers
 * read it; the file itself when it already is that as written), from one parse per thread. Stores those
 * bytes and the text layer; the caller records the version. Everything after this reads the stored bytes only. A document refused
 * once for what it is (too complex, a bomb) is refused again at once.
 */
export async function acceptPdf(bytes: Uint8Array) {
  const uploadedSha256 = sha256Of(bytes);
  let read;
  try {
    read = await readPdfDocument(bytes, uploadedSha256, { canonical: true });
  } catch (e) {
    pdfErrorToApp(e);
  }
  // The text layer read from the file's one reading is the stored file's: the same objects. Both are
  // written at once (the layer's row names the file by its hash; nothing refers to either until the
  // caller records the version).
  const file = read.canonical ?? bytes;
  const [stored] = await Promise.all([
    blobs().put(file),
    storeTextLayer(file === bytes ? uploadedSha256 : sha256Of(file), read.layer, read.anchors),
  ]);
  return { ...read.info, ...stored, uploadedSha256 };
}
