import "server-only";
import { eq } from "drizzle-orm";
import type { AnchorAnswer, AnchorQuery } from "@/lib/engine/tasks";
import type { AnchorOccurrence } from "@/lib/pdf/anchors";
import { TEXT_LAYER_VERSION } from "@/lib/pdf/text-layer-version";
import { config } from "../config";
import { getDb } from "../db";
import { textLayers } from "../db/schema";
import { blobs } from "../blobs/store";
import { pdfErrorToApp, runEngine } from "../engine";

/**
 * The text layer of a document version: extracted once (in the engine's worker threads, at upload),
 * stored as JSON in the blob store. The server's main thread never parses it: anchor queries run in
 * the workers too, which keep the last few parsed layers.
 */
export interface StoredLayer {
  layerSha256: string;
  json: Uint8Array;
}

/** Stores a layer the engine extracted (as JSON bytes) for a document version. */
export async function storeTextLayer(pdfSha256: string, json: Uint8Array): Promise<StoredLayer> {
  const stored = await blobs().put(json);
  const db = await getDb();
  await db
    .insert(textLayers)
    .values({ pdfSha256, layerSha256: stored.sha256, formatVersion: TEXT_LAYER_VERSION })
    .onConflictDoUpdate({ target: textLayers.pdfSha256, set: { layerSha256: stored.sha256, formatVersion: TEXT_LAYER_VERSION } });
  return { layerSha256: stored.sha256, json };
}

/** Documents at least this large are read by several worker threads at once, each a part of the pages. */
const PARALLEL_FROM_BYTES = 256 * 1024;

/**
 * Reads a PDF in the engine: page sizes and the text layer, in one parse per thread. A long document
 * is split across the pool's threads by page (each parses the file, reads its part); the parts' JSON
 * is joined here as bytes, never parsed on this thread.
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
  const pages = parts.map((p) => p.pagesJson).filter((j) => j.byteLength > 0);
  const comma = new TextEncoder().encode(",");
  const layerJson = Buffer.concat([
    Buffer.from(`{"version":${TEXT_LAYER_VERSION},"pages":[`),
    ...pages.flatMap((j, i) => (i ? [comma, j] : [j])),
    Buffer.from("]}"),
  ]);
  return {
    info: first.info,
    layerJson: new Uint8Array(layerJson.buffer, layerJson.byteOffset, layerJson.byteLength),
    /** With opts.canonical: the bytes to store (null: the file as it is). */
    canonical: parts.at(-1)?.canonical ?? null,
  };
}

async function textLayer(pdfSha256: string, bytes?: Uint8Array): Promise<StoredLayer> {
  const db = await getDb();
  const [row] = await db.select().from(textLayers).where(eq(textLayers.pdfSha256, pdfSha256));
  if (row && row.formatVersion === TEXT_LAYER_VERSION && (await blobs().has(row.layerSha256))) {
    return { layerSha256: row.layerSha256, json: await blobs().get(row.layerSha256) };
  }
  // No stored layer (an older format, or its blob is not in this store): extract it again; it is derived data.
  try {
    const pdf = bytes ?? (await blobs().get(pdfSha256));
    const { layerJson } = await readPdfDocument(pdf, pdfSha256);
    return await storeTextLayer(pdfSha256, layerJson);
  } catch (e) {
    pdfErrorToApp(e);
  }
}

/** Anchors in a document version: every {{…}} token (`all`) and/or the occurrences of literal keys. */
export async function findAnchorsIn(pdfSha256: string, query: AnchorQuery, bytes?: Uint8Array): Promise<AnchorAnswer> {
  const layer = await textLayer(pdfSha256, bytes);
  try {
    return await runEngine("queryAnchors", [layer.layerSha256, layer.json, query]);
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
