import "server-only";
import { eq } from "drizzle-orm";
import type { AnchorAnswer, AnchorQuery } from "@/lib/engine/tasks";
import { PdfError } from "@/lib/pdf/errors";
import { TEXT_LAYER_VERSION } from "@/lib/pdf/text-layer";
import { config } from "../config";
import { getDb } from "../db";
import { textLayers } from "../db/schema";
import { blobs } from "../blobs/store";
import { AppError } from "../http/errors";
import { runEngine } from "../engine";

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

/** The engine's refusal of a document in the API's terms. */
function refused(e: unknown): never {
  if (e instanceof PdfError) throw new AppError("UNPROCESSABLE", e.message, { details: { reason: e.kind } });
  throw e;
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
    const { layerJson } = await runEngine("readPdf", [pdf, { maxPages: config.maxPages }], { document: pdfSha256 });
    return await storeTextLayer(pdfSha256, layerJson);
  } catch (e) {
    refused(e);
  }
}

/** Anchors in a document version: every {{…}} token (`all`) and/or the occurrences of literal keys. */
export async function findAnchorsIn(pdfSha256: string, query: AnchorQuery, bytes?: Uint8Array): Promise<AnchorAnswer> {
  const layer = await textLayer(pdfSha256, bytes);
  try {
    return await runEngine("queryAnchors", [layer.layerSha256, layer.json, query]);
  } catch (e) {
    refused(e);
  }
}

/** Boxes of every {{…}} token in a document: what sealing removes. */
export async function anchorBoxes(pdfSha256: string, bytes?: Uint8Array) {
  const { all = [] } = await findAnchorsIn(pdfSha256, { all: true }, bytes);
  return all.map(({ page, x, y, width, height }) => ({ page, x, y, width, height }));
}
