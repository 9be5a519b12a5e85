import "server-only";
import type { AnchorOccurrence, FoundAnchor } from "@/lib/pdf/anchors";
import type { AnchorQuery } from "@/lib/engine/tasks";
import type { RequestDocument } from "../model/rows";
import { findAnchorsIn } from "../documents/text-layer-cache";
import { assertAnchorsOwnText } from "./judge-anchor-boxes";

/**
 * Anchors searched in several documents of a request, in their order: each occurrence names the document
 * it was found in. An anchor's occurrences are counted across the documents searched (occurrence 0 is the
 * first in the first document that has it), so `occurrenceIndex` means what it meant with one document.
 */

export type DocumentOccurrence = AnchorOccurrence & { documentId: string };
export type DocumentAnchor = FoundAnchor & { documentId: string };

/** Each document's answer to one query, with its document, in the documents' order. */
async function answers(docs: readonly RequestDocument[], query: AnchorQuery) {
  return Promise.all(docs.map(async (d) => ({ doc: d, answer: await findAnchorsIn(d.current.sha256, query) })));
}

/** The occurrences of literal keys across the documents. */
export async function occurrencesAcross(docs: readonly RequestDocument[], keys: string[]) {
  const byKey: Record<string, DocumentOccurrence[]> = {};
  for (const { doc, answer } of await answers(docs, { keys })) {
    for (const [key, occs] of Object.entries(answer.byKey)) {
      byKey[key] = [...(byKey[key] ?? []), ...occs.map((o) => ({ ...o, documentId: doc.id }))];
    }
  }
  return byKey;
}

/** Every {{…}} token across the documents. */
export async function allAnchorsAcross(docs: readonly RequestDocument[]): Promise<DocumentAnchor[]> {
  return (await answers(docs, { all: true })).flatMap(({ doc, answer }) =>
    (answer.all ?? []).map((a) => ({ ...a, documentId: doc.id })),
  );
}

/** assertAnchorsOwnText for anchors in several documents: each judged in its own. */
export async function assertAnchorsOwnTextAcross(
  docs: readonly RequestDocument[],
  anchors: readonly { documentId: string; text: string; page: number; x: number; y: number; width: number; height: number }[],
) {
  for (const d of docs) {
    const mine = anchors.filter((a) => a.documentId === d.id);
    if (mine.length) await assertAnchorsOwnText(d.current.sha256, mine);
  }
}
