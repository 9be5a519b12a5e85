// The signer's page images and their text: where they are and how wide a page is drawn. A plain module
// (no "use client"): the signing page's HTML names page 1's image from it (first-paint.tsx) exactly as the
// client's PageImages asks for it, so that the two are one download.
import { signingPath } from "./api";

/** Pages are never drawn wider than this, however wide the screen. */
export const MAX_PAGE_WIDTH = 900;

/**
 * Where the pages of one of this link's documents are: `version` (the document's SHA-256) makes a new
 * version a new URL; `document` names a document after the first (the first's URLs name none, as the
 * server's preload of page 1 names it).
 */
export interface PageSource {
  token: string;
  version: string;
  document?: string;
}

const which = (src: PageSource) => (src.document ? `&document=${encodeURIComponent(src.document)}` : "");

export const pageImageUrl = (src: PageSource, page: number, width: number) =>
  signingPath(src.token, `/pages/${page}?w=${width}&v=${encodeURIComponent(src.version.slice(0, 16))}${which(src)}`);
export const pageTextUrl = (src: PageSource, page: number) =>
  signingPath(src.token, `/pages/${page}/text?v=${encodeURIComponent(src.version.slice(0, 16))}${which(src)}`);
