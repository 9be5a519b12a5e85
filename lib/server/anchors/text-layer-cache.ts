import "server-only";
import { eq } from "drizzle-orm";
import { extractTextLayer, TEXT_LAYER_VERSION, type TextLayer } from "@/lib/pdf/text-layer";
import { findAllAnchors } from "@/lib/pdf/anchors";
import { PdfError } from "@/lib/pdf/errors";
import { config } from "../config";
import { getDb } from "../db";
import { textLayers } from "../db/schema";
import { blobs } from "../blobs/store";
import { AppError } from "../http/errors";

// A few parsed layers stay in memory: preview, anchors and stamps on one draft come in bursts.
// Only a cache: the stored layer (text_layers + blob) is what counts.
const recent = new Map<string, TextLayer>();
const RECENT_MAX = 8;

function remember(sha: string, layer: TextLayer) {
  recent.delete(sha);
  recent.set(sha, layer);
  while (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return layer;
}

/** The text layer of a document version: extracted once, stored as JSON in the blob store. */
export async function getTextLayer(pdfSha256: string, bytes?: Uint8Array): Promise<TextLayer> {
  const hit = recent.get(pdfSha256);
  if (hit) return remember(pdfSha256, hit);
  const db = await getDb();
  const [row] = await db.select().from(textLayers).where(eq(textLayers.pdfSha256, pdfSha256));
  if (row && row.formatVersion === TEXT_LAYER_VERSION && (await blobs().has(row.layerSha256))) {
    return remember(pdfSha256, JSON.parse(Buffer.from(await blobs().get(row.layerSha256)).toString("utf8")) as TextLayer);
  }
  // No stored layer (or its blob is not in this store, e.g. an instance with its own DATA_DIR on a
  // shared database): extract it again; it is derived data.
  let layer: TextLayer;
  try {
    layer = await extractTextLayer(bytes ?? (await blobs().get(pdfSha256)), { maxPages: config.maxPages });
  } catch (e) {
    if (e instanceof PdfError) throw new AppError("UNPROCESSABLE", e.message, { details: { reason: e.kind } });
    throw e;
  }
  const stored = await blobs().put(new TextEncoder().encode(JSON.stringify(layer)));
  await db
    .insert(textLayers)
    .values({ pdfSha256, layerSha256: stored.sha256, formatVersion: TEXT_LAYER_VERSION })
    .onConflictDoUpdate({ target: textLayers.pdfSha256, set: { layerSha256: stored.sha256, formatVersion: TEXT_LAYER_VERSION } });
  return remember(pdfSha256, layer);
}

/** Boxes of every {{…}} token in a document: what sealing removes. */
export async function anchorBoxes(pdfSha256: string, bytes?: Uint8Array) {
  const layer = await getTextLayer(pdfSha256, bytes);
  return findAllAnchors(layer).map(({ page, x, y, width, height }) => ({ page, x, y, width, height }));
}
