import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { currentDocument, findVisibleRequest } from "../model/request-queries";
import { findAnchorsIn } from "../documents/text-layer-cache";

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
 * given, lists every {{…}} anchor in the document, parsed, with its position: what the dashboard draws.
 */
export async function previewAnchors(auth: KeyAuth, id: string, anchors?: { anchorKey: string }[]) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, id);
  const doc = await currentDocument(db, req.id);
  if (anchors && anchors.length) {
    const { byKey } = await findAnchorsIn(doc.sha256, { keys: anchors.map((a) => a.anchorKey) });
    const results = anchors.map(({ anchorKey }) => {
      const occurrences = (byKey[anchorKey] ?? []).map(box);
      return { anchorKey, found: occurrences.length > 0, occurrences };
    });
    return { documentVersion: doc.version, anchors: results, missing: results.filter((r) => !r.found).map((r) => r.anchorKey) };
  }
  const found = (await findAnchorsIn(doc.sha256, { all: true })).all ?? [];
  const all = found.map((a) => ({
    anchorKey: a.text,
    ...box(a),
    ...(a.ok ? { valid: true as const, anchor: a.anchor } : { valid: false as const, reason: a.reason }),
  }));
  return {
    documentVersion: doc.version,
    anchors: all,
    signerRefs: [...new Set(all.flatMap((a) => (a.valid && "signerRef" in a.anchor ? [a.anchor.signerRef] : [])))].sort(),
    malformed: all.filter((a) => !a.valid).length,
  };
}
