import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import type { PlacedField } from "@/lib/pdf/anchor-fit";
import { documentsNamed, findVisibleRequest, loadFields } from "../model/request-queries";
import { laidOutAnchorsAcross, occurrencesAcross } from "./across-documents";

const round = (n: number) => Math.round(n * 100) / 100;
const box = (o: { page: number; x: number; y: number; width: number; height: number }) => ({
  page: o.page,
  x: round(o.x),
  y: round(o.y),
  width: round(o.width),
  height: round(o.height),
});

/** The anchor a stored field was placed at, as place-anchor-fields.ts writes it; null for any other shape. */
function anchorOf(stored: Record<string, unknown> | null): PlacedField["anchor"] {
  if (!stored) return null;
  const { text, page, x, y } = stored;
  if (typeof text !== "string" || typeof page !== "number" || typeof x !== "number" || typeof y !== "number") return null;
  return { text, page, x, y };
}

/**
 * Confirms, before sending, that the text layer holds each given anchor (and where). With no anchors
 * given, lists every {{…}} anchor, parsed, with its position: what the dashboard draws. Every document is
 * searched, in order, unless `documentId` names one; each occurrence names its document. Listed, each
 * anchor that makes a field also has `layout`, beside the spec's shape: the box its field has (the stored
 * one once placed), the text and fields that box covers, and the box that fits the anchor's line.
 */
export async function previewAnchors(auth: KeyAuth, id: string, anchors?: { anchorKey: string }[], documentId?: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  const docs = await documentsNamed(db, req.id, documentId);
  // The version searched, of the first document searched (a one-document request's), then of each.
  const versions = {
    documentVersion: docs[0]?.current.version ?? 1,
    documents: docs.map((d) => ({ documentId: d.id, name: d.name, documentVersion: d.current.version })),
  };
  if (anchors && anchors.length) {
    const byKey = await occurrencesAcross(
      docs,
      anchors.map((a) => a.anchorKey),
    );
    const results = anchors.map(({ anchorKey }) => {
      const occurrences = (byKey[anchorKey] ?? []).map((o) => ({ documentId: o.documentId, ...box(o) }));
      return { anchorKey, found: occurrences.length > 0, occurrences };
    });
    return { ...versions, anchors: results, missing: results.filter((r) => !r.found).map((r) => r.anchorKey) };
  }
  const placed = (await loadFields(db, req.id)).map((f) => ({
    id: f.id,
    documentId: f.documentId,
    page: f.page,
    x: f.x,
    y: f.y,
    width: f.width,
    height: f.height,
    fontSize: f.fontSize,
    anchor: anchorOf(f.anchor),
  }));
  const found = await laidOutAnchorsAcross(docs, placed);
  const all = found.map((a) => ({
    anchorKey: a.text,
    documentId: a.documentId,
    ...box(a),
    ...(a.ok ? { valid: true as const, anchor: a.anchor } : { valid: false as const, reason: a.reason }),
    ...(a.layout && { layout: a.layout }),
  }));
  return {
    ...versions,
    anchors: all,
    signerRefs: [...new Set(all.flatMap((a) => (a.valid && "signerRef" in a.anchor ? [a.anchor.signerRef] : [])))].sort(),
    malformed: all.filter((a) => !a.valid).length,
  };
}
