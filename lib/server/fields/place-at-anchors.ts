import "server-only";
import type { AnchorOccurrence } from "@/lib/pdf/anchors";
import { AppError } from "../errors";

/** A field given at a literal anchor (or a {{signet:…}} one): the anchor, which of its occurrences, and offsets from its top-left. */
interface AtAnchor {
  anchorKey: string;
  xOffset: number;
  yOffset: number;
  occurrenceIndex?: number;
  /** The document to search (a request's); every document when left out. */
  documentId?: string;
}

/** Where an anchor placed a field: the anchor's text, occurrence and box, and the offsets given. */
export type AnchorPlacement = {
  text: string;
  occurrenceIndex: number;
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
  xOffset: number;
  yOffset: number;
};

/**
 * Fields given at anchors, placed: each on its occurrence's page (and document, when the occurrences
 * name theirs), at the occurrence's top-left plus the offsets, with where the anchor was (`anchor`), in the
 * order given. A field that names a document counts only that document's occurrences. A request's fields
 * and a template's are placed alike; 422 ANCHOR_NOT_FOUND names every anchor (or occurrence) not found.
 */
export function placeAtAnchors<T extends AtAnchor, O extends AnchorOccurrence & { documentId?: string }>(
  items: T[],
  byKey: Record<string, O[]>,
) {
  const missing: { anchorKey: string; occurrenceIndex: number; found: number; documentId?: string }[] = [];
  const placed: (Omit<T, keyof AtAnchor> & {
    documentId: O["documentId"];
    page: number;
    x: number;
    y: number;
    anchor: AnchorPlacement;
  })[] = [];
  for (const f of items) {
    const index = f.occurrenceIndex ?? 0;
    const all = (byKey[f.anchorKey] ?? []).filter((o) => f.documentId === undefined || o.documentId === f.documentId);
    const occ = all[index];
    if (!occ) {
      missing.push({
        anchorKey: f.anchorKey,
        occurrenceIndex: index,
        found: all.length,
        ...(f.documentId !== undefined && { documentId: f.documentId }),
      });
      continue;
    }
    const { anchorKey, xOffset, yOffset, occurrenceIndex: _occurrenceIndex, documentId: _documentId, ...field } = f;
    placed.push({
      ...field,
      documentId: occ.documentId,
      page: occ.page,
      x: occ.x + xOffset,
      y: occ.y + yOffset,
      anchor: {
        text: anchorKey,
        occurrenceIndex: index,
        page: occ.page,
        x: occ.x,
        y: occ.y,
        width: occ.width,
        height: occ.height,
        xOffset,
        yOffset,
      },
    });
  }
  if (missing.length) {
    const names = missing.map((m) =>
      m.found ? `${m.anchorKey} (occurrence ${m.occurrenceIndex}; found ${m.found})` : m.anchorKey,
    );
    throw new AppError("ANCHOR_NOT_FOUND", `Anchor not found: ${names.join(", ")}`, { details: { missing } });
  }
  return placed;
}
