/**
 * Everything the worker threads do, by name: the PDF and DOCX engines' entry points. Pure functions
 * of their arguments (bytes in, data or bytes out); the only door to them from the server is
 * lib/server/engine, which runs them in the pool with a time and a memory limit.
 */
import { findAllAnchors, findAnchors, type AnchorOccurrence, type FoundAnchor } from "../pdf/anchors";
import { layoutAnchorFields, type AnchorLayout, type PlacedField } from "../pdf/anchor-fit";
import type { AnchorIndexPart } from "../pdf/anchor-index";
import type { PdfInfo } from "../pdf/inspect";
import { extractTextLayerPart, TEXT_LAYER_VERSION, type TextLayer } from "../pdf/text-layer";
import { decodeLayer, encodeLayerPart, type EncodedLayerPart } from "../pdf/text-layer-codec";
import { loadPdf } from "../pdf/load";
import type { TokenBox } from "../pdf/seal/redact";

/**
 * A task whose module is loaded the first time a worker runs it (scripts/build-engine.mjs splits the bundle
 * at these imports): a thread that only reads uploads never holds the sealing engine (fonts, PKI), the
 * DOCX engine or the verifier, each hundreds of kilobytes of code parsed into every thread's heap.
 */
function lazy<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  type F = M[K] extends (...a: infer A) => infer R ? (...a: A) => Promise<Awaited<R>> : never;
  return (async (...args: unknown[]) => ((await load())[name] as (...a: unknown[]) => unknown)(...args)) as F;
}
const seal = () => import("../pdf/seal");
const docx = () => import("../docx");
const stamp = () => import("../pdf/stamp");

/**
 * Decoded text layers by their blob's SHA-256: anchor queries on one draft come in bursts. At most four, and
 * at most LAYER_CACHE_BYTES of their stored bytes: a 300-page layer is about 5 MB stored and several times
 * that decoded, and every thread keeps its own.
 */
const layers = new Map<string, { layer: TextLayer; bytes: number }>();
const LAYER_CACHE_BYTES = 12 * 1024 * 1024;
function parsedLayer(layerSha256: string, stored: Uint8Array): TextLayer {
  const hit = layers.get(layerSha256);
  if (hit) layers.delete(layerSha256);
  const entry = hit ?? { layer: decodeLayer(stored), bytes: stored.byteLength };
  layers.set(layerSha256, entry);
  let total = 0;
  for (const e of layers.values()) total += e.bytes;
  // The oldest go first; the one asked for now stays, whatever its size.
  for (const [sha, e] of layers) {
    if (layers.size <= 4 && total <= LAYER_CACHE_BYTES) break;
    if (sha === layerSha256) break;
    layers.delete(sha);
    total -= e.bytes;
  }
  return entry.layer;
}

export interface AnchorQuery {
  /** Every {{…}} token, parsed (preview, fields from unified anchors, template judging, seal cover). */
  all?: boolean;
  /** Occurrences of these literal keys, in reading order. */
  keys?: string[];
  /** With `all`: where each anchor's field would lie among the text and these stored fields (the preview). */
  layout?: { placed: PlacedField[] };
}

export interface AnchorAnswer {
  all?: FoundAnchor[];
  byKey: Record<string, AnchorOccurrence[]>;
  /** One per anchor of `all`: null for those that make no field (lib/pdf/anchor-fit.ts). */
  layout?: (AnchorLayout | null)[];
}

export const tasks = {
  /** Readiness (GET /api/ready): a worker thread of the pool answers. */
  ping: () => "pong" as const,
  /** A signer's signature or initials image, decoded and encoded again (what the seal embeds). */
  cleanImage: lazy(() => import("../pdf/images"), "cleanImage"),
  /** A signer's PDF attachment rebuilt as its pages only: no action, script, embedded file, form or annotation. */
  cleanAttachmentPdf: lazy(() => import("../pdf/clean-attachment"), "cleanAttachmentPdf"),

  /** Per anchor token's box: the glyphs the seal would remove there, and whether they are the token's own. */
  async surveyTokenBoxes(bytes: Uint8Array, boxes: TokenBox[]) {
    const { surveyTokenBoxes } = await import("../pdf/seal/redact");
    return surveyTokenBoxes(await loadPdf(bytes), boxes);
  },

  /**
   * Upload: page sizes and the text layer (of part `index` of `of` of the pages, so that a long
   * document is read by several threads at once) from one parse. The layer's pages come back encoded
   * (lib/pdf/text-layer-codec.ts) for the server to join and store without parsing them. With
   * `canonical`, also the bytes to store (lib/pdf/canonical.ts: null when the file is already its one
   * reading as written), from the same parse.
   *
   * Also the part's anchor index, while its pages are at hand: every {{…}} token of those pages and
   * its preview layout among no placed fields, as the elements of the index's two arrays. Both are
   * page by page, so the parts' arrays joined in order are the whole document's (in reading order).
   */
  async readPdf(
    bytes: Uint8Array,
    opts: { maxPages?: number; part?: { index: number; of: number }; canonical?: boolean },
  ): Promise<{ info: PdfInfo; layer: EncodedLayerPart; anchors: AnchorIndexPart; canonical?: Uint8Array | null }> {
    const { pageSizes, pages, canonical } = await extractTextLayerPart(bytes, opts);
    const info = { pageCount: pageSizes.length, pages: pageSizes };
    const part: TextLayer = { version: TEXT_LAYER_VERSION, pages };
    const all = findAllAnchors(part);
    const layout = layoutAnchorFields(part, all, []);
    const elements = (v: unknown[]) => JSON.stringify(v).slice(1, -1);
    return {
      info,
      layer: encodeLayerPart(pages),
      anchors: { all: elements(all), layout: elements(layout) },
      canonical,
    };
  },

  queryAnchors(layerSha256: string, storedLayer: Uint8Array, query: AnchorQuery): AnchorAnswer {
    const layer = parsedLayer(layerSha256, storedLayer);
    const byKey: Record<string, AnchorOccurrence[]> = {};
    for (const k of query.keys ?? []) byKey[k] ??= findAnchors(layer, k);
    const all = query.all ? findAllAnchors(layer) : undefined;
    const layout = all && query.layout ? layoutAnchorFields(layer, all, query.layout.placed) : undefined;
    return { all, byKey, ...(layout && { layout }) };
  },

  stampImage: lazy(stamp, "stampImage"),
  replaceText: lazy(stamp, "replaceText"),
  sealDocument: lazy(seal, "sealDocument"),
  /** What signers are shown: the seal's removal of the anchor text, alone (lib/server/signing/signer-copy.ts). */
  removeAnchorText: lazy(seal, "removeAnchorText"),
  /** The seal's higher PAdES levels, between the seal job's requests to the timestamp authority (lib/server/timestamp). */
  timestampSignature: lazy(seal, "timestampSignature"),
  addValidationData: lazy(seal, "addValidationData"),
  prepareDocumentTimestamp: lazy(seal, "prepareDocumentTimestamp"),
  fillDocumentTimestamp: lazy(seal, "fillDocumentTimestamp"),
  createSelfSignedP12: lazy(seal, "createSelfSignedP12"),
  inspectDocx: async (bytes: Uint8Array) => (await docx()).inspectDocx(bytes),
  fillDocx: lazy(docx, "fillDocx"),
  /** Before LibreOffice sees a DOCX: every reference to something outside it removed (lib/docx/strip-external). */
  prepareDocxForConversion: async (bytes: Uint8Array) => (await docx()).stripExternalReferences(bytes),
  /** The signer's page: one page as an image (poppler's pdftoppm, in its own limited process; lib/pdf/render). */
  renderPage: lazy(() => import("../pdf/render"), "renderPage"),
  /**
   * The signer's page: the text of one page (1-based; `pageCount` pages in all), laid over its image
   * so that it can be read aloud, selected and found. Only what a reader needs: no per-glyph offsets.
   */
  async pageText(bytes: Uint8Array, page: number, pageCount: number) {
    const { pageSizes, pages } = await extractTextLayerPart(bytes, { part: { index: page - 1, of: pageCount } });
    const p = pages[0];
    if (pageSizes.length !== pageCount || !p || p.page !== page) return null;
    return {
      width: p.width,
      height: p.height,
      items: p.items.map(({ str, x, y, width, height, fontSize, dir }) => ({
        str,
        x,
        y,
        width,
        height,
        fontSize,
        ...(dir && { dir }),
      })),
    };
  },
  /** The public verify page: a PDF's signatures, what they cover and who made them (lib/pdf/verify). */
  verifyPdf: lazy(() => import("../pdf/verify"), "verifyPdf"),
};

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
