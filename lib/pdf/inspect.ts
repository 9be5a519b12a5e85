import { openPdf } from "./load";
import { displayedPageSize } from "./page-box";

export { hasEncryptDictionary, looksLikePdf } from "./sniff";
export { isEncryptedPdfError } from "./load";

export interface PageSize {
  /** Points, as displayed: the crop box clipped to the media box, with the page's rotation applied. */
  width: number;
  height: number;
}

export interface PdfInfo {
  pageCount: number;
  pages: PageSize[];
}

/**
 * Page count and displayed page sizes, or a PdfError saying why the bytes are not a usable PDF.
 * The sizes come from the same function the text layer and the seal use, so a field that fits the
 * page recorded at upload fits the page the seal draws on.
 */
export async function inspectPdf(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<PdfInfo> {
  const { pages } = await openPdf(bytes, opts);
  return {
    pageCount: pages.length,
    pages: pages.map(displayedPageSize),
  };
}
