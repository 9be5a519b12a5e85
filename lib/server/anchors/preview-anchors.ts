import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { documentsNamed, findVisibleRequest } from "../model/request-queries";
import { allAnchorsAcross, occurrencesAcross } from "./across-documents";

const round = (n: number) => Math.round(n * 100) / 100;
const box = (o: { page: number; x: number; y: number; width: number; height: number }) => ({
  page: o.page,
  x: round(o.x),
  y: round(o.y),
  width: round(o.width),
  height: round(o.height),
});

/**
 * Confirms, before sending, that the text layer holds each given anchor (and where). With no anchors
 * given, lists every {{…}} anchor, parsed, with its position: what the dashboard draws. Every document is
 * searched, in order, unless `documentId` names one; each occurrence names its document.
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
  const found = await allAnchorsAcross(docs);
  const all = found.map((a) => ({
    anchorKey: a.text,
    documentId: a.documentId,
    ...box(a),
    ...(a.ok ? { valid: true as const, anchor: a.anchor } : { valid: false as const, reason: a.reason }),
  }));
  return {
    ...versions,
    anchors: all,
    signerRefs: [...new Set(all.flatMap((a) => (a.valid && "signerRef" in a.anchor ? [a.anchor.signerRef] : [])))].sort(),
    malformed: all.filter((a) => !a.valid).length,
  };
}
