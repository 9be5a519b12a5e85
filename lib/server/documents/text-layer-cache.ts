import "server-only";
import { eq } from "drizzle-orm";
import type { AnchorAnswer, AnchorQuery } from "@/lib/engine/tasks";
import { joinAnchorIndex, type AnchorIndex } from "@/lib/pdf/anchor-index";
import { joinLayerParts } from "@/lib/pdf/text-layer-codec";
import type { AnchorOccurrence } from "@/lib/pdf/anchors";
import { ANCHOR_INDEX_VERSION, TEXT_LAYER_VERSION } from "@/lib/pdf/text-layer-version";
import { config } from "../config";
import { getDb } from "../db";
import { textLayers } from "../db/schema";
import { blobs } from "../blobs/store";
import { pdfErrorToApp, runEngine } from "../engine";

/**
 * The text layer of a document version: extracted once (in the engine's worker threads, at upload),
 * stored in the blob store (lib/pdf/text-layer-codec.ts). The server's main thread never parses it: anchor
 * queries run in the workers too, which keep the last few decoded layers.
 *
 * Beside it, the anchor index: every {{…}} token with its preview layout among no placed fields, found
 * by the same threads at upload while the pages were at hand. What most anchor questions ask (every
 * token: the preview of a document with no field yet, the seal's cover, a template's judging) it answers
 * without reading the layer; the rest (literal keys, a layout among placed fields) search the layer.
 */
export interface StoredLayer {
  layerSha256: string;
  /** The stored bytes (text-layer-codec.ts). */
  bytes: Uint8Array;
}

/**
 * An index over this many bytes of JSON is not stored (the layer answers instead): it is read on the
 * server's main thread, and a document of a hundred thousand tokens is not what it is for. The
 * benchmark's 600 anchors on 300 pages take about 200 KB.
 */
export const ANCHOR_INDEX_MAX_BYTES = 1024 * 1024;

/**
 * Stores a layer the engine extracted (its stored bytes) for a document version, with its anchor index
 * (JSON; null when over ANCHOR_INDEX_MAX_BYTES). The index's version is kept either way: null with this
 * version means "looked at, too large", so it is not made again.
 */
export async function storeTextLayer(pdfSha256: string, layer: Uint8Array, anchors: string | null): Promise<StoredLayer> {
  const stored = await blobs().put(layer);
  const db = await getDb();
  const row = {
    layerSha256: stored.sha256,
    formatVersion: TEXT_LAYER_VERSION,
    anchors,
    anchorsVersion: ANCHOR_INDEX_VERSION,
  };
  await db
    .insert(textLayers)
    .values({ pdfSha256, ...row })
    .onConflictDoUpdate({ target: textLayers.pdfSha256, set: row });
  return { layerSha256: stored.sha256, bytes: layer };
}

/** Documents at least this large are read by several worker threads at once, each a part of the pages. */
const PARALLEL_FROM_BYTES = 256 * 1024;

/**
 * Reads a PDF in the engine: page sizes and the text layer, in one parse per thread. A long document
 * is split across the pool's threads by page (each parses the file, reads its part); the parts are
 * joined here as bytes, never parsed on this thread.
 */
export async function readPdfDocument(bytes: Uint8Array, sha256: string, opts: { canonical?: boolean } = {}) {
  const of = bytes.byteLength >= PARALLEL_FROM_BYTES ? Math.max(1, Math.min(config.engineWorkers, 4)) : 1;
  const parts = await Promise.all(
    Array.from({ length: of }, (_, index) =>
      runEngine(
        "readPdf",
        [bytes, { maxPages: config.maxPages, part: { index, of }, canonical: opts.canonical && index === of - 1 }],
        { document: sha256 },
      ),
    ),
  );
  const first = parts[0];
  if (!first) throw new Error("The engine read no part of the document");
  const anchors = joinAnchorIndex(parts.map((p) => p.anchors));
  return {
    info: first.info,
    layer: joinLayerParts(
      TEXT_LAYER_VERSION,
      parts.map((p) => p.layer),
    ),
    /** The anchor index's JSON, or null when it is over ANCHOR_INDEX_MAX_BYTES. */
    anchors: Buffer.byteLength(anchors) <= ANCHOR_INDEX_MAX_BYTES ? anchors : null,
    /** With opts.canonical: the bytes to store (null: the file as it is). */
    canonical: parts.at(-1)?.canonical ?? null,
  };
}

type LayerRow = typeof textLayers.$inferSelect;

async function textLayer(pdfSha256: string, row: LayerRow | undefined, bytes?: Uint8Array): Promise<StoredLayer> {
  if (row && row.formatVersion === TEXT_LAYER_VERSION && (await blobs().has(row.layerSha256))) {
    return { layerSha256: row.layerSha256, bytes: await blobs().get(row.layerSha256) };
  }
  // No stored layer (an older format, or its blob is not in this store): extract it again; it is derived data.
  try {
    const pdf = bytes ?? (await blobs().get(pdfSha256));
    const { layer, anchors } = await readPdfDocument(pdf, pdfSha256);
    return await storeTextLayer(pdfSha256, layer, anchors);
  } catch (e) {
    pdfErrorToApp(e);
  }
}

/** A question the index answers: every token, with or without the layout among no placed fields, no literal key. */
const indexAnswers = (query: AnchorQuery) =>
  Boolean(query.all) && !query.keys?.length && !(query.layout && query.layout.placed.length > 0);

/** The index's answer to a question it answers (indexAnswers). */
const answerOf = (index: AnchorIndex, query: AnchorQuery): AnchorAnswer => ({
  all: index.all,
  byKey: {},
  ...(query.layout && { layout: index.layout }),
});

/**
 * The stored anchor index's answer to a query, when it has one: every token, with or without the layout
 * among no placed fields, and no literal key. Undefined otherwise (or when the row holds no index of this
 * version, or the layer it was found in is of another format).
 */
function answerFromIndex(row: LayerRow | undefined, query: AnchorQuery): AnchorAnswer | undefined {
  if (!indexAnswers(query)) return undefined;
  if (!row || row.formatVersion !== TEXT_LAYER_VERSION || row.anchorsVersion !== ANCHOR_INDEX_VERSION || row.anchors === null)
    return undefined;
  return answerOf(JSON.parse(row.anchors) as AnchorIndex, query);
}

/** Anchors in a document version: every {{…}} token (`all`) and/or the occurrences of literal keys. */
export async function findAnchorsIn(pdfSha256: string, query: AnchorQuery, bytes?: Uint8Array): Promise<AnchorAnswer> {
  const db = await getDb();
  const [row] = await db.select().from(textLayers).where(eq(textLayers.pdfSha256, pdfSha256));
  const indexed = answerFromIndex(row, query);
  if (indexed) return indexed;
  const layer = await textLayer(pdfSha256, row, bytes);
  // A layer of today's format whose index is of another version (or none: stored before there were
  // indexes) gets one now, from the layer in hand, when the question is one the index answers.
  const backfill =
    indexAnswers(query) && row?.formatVersion === TEXT_LAYER_VERSION && row.anchorsVersion !== ANCHOR_INDEX_VERSION;
  try {
    if (!backfill) return await runEngine("queryAnchors", [layer.layerSha256, layer.bytes, query]);
    const whole = await runEngine("queryAnchors", [layer.layerSha256, layer.bytes, { all: true, layout: { placed: [] } }]);
    const index: AnchorIndex = { all: whole.all ?? [], layout: whole.layout ?? [] };
    const json = JSON.stringify(index);
    await db
      .update(textLayers)
      .set({ anchors: Buffer.byteLength(json) <= ANCHOR_INDEX_MAX_BYTES ? json : null, anchorsVersion: ANCHOR_INDEX_VERSION })
      .where(eq(textLayers.pdfSha256, pdfSha256));
    return answerOf(index, query);
  } catch (e) {
    pdfErrorToApp(e);
  }
}

/** Boxes of every {{…}} token in a document, with the token: what sealing removes (only the token's own glyphs). */
export async function anchorBoxes(pdfSha256: string, bytes?: Uint8Array) {
  const { all = [] } = await findAnchorsIn(pdfSha256, { all: true }, bytes);
  return all.map(({ page, x, y, width, height, text }) => ({ page, x, y, width, height, text }));
}

/** A document searched for anchors: its id and the SHA-256 of the PDF searched. */
export interface SearchedDocument {
  id: string;
  sha256: string;
}

export type DocumentOccurrence = AnchorOccurrence & { documentId: string };

/** Each document's answer to one query, with its document, in the documents' order. */
export async function answersAcross(docs: readonly SearchedDocument[], query: AnchorQuery) {
  return Promise.all(docs.map(async (d) => ({ doc: d, answer: await findAnchorsIn(d.sha256, query) })));
}

/**
 * The occurrences of literal keys across several documents, in their order, each naming its document.
 * An anchor's occurrences are counted across the documents searched (occurrence 0 is the first in the
 * first document that has it), so `occurrenceIndex` means what it meant with one document.
 */
export async function occurrencesAcross(docs: readonly SearchedDocument[], keys: string[]) {
  const byKey: Record<string, DocumentOccurrence[]> = {};
  for (const { doc, answer } of await answersAcross(docs, { keys })) {
    for (const [key, occs] of Object.entries(answer.byKey)) {
      byKey[key] = [...(byKey[key] ?? []), ...occs.map((o) => ({ ...o, documentId: doc.id }))];
    }
  }
  return byKey;
}
