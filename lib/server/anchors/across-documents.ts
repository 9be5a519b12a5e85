import "server-only";
import type { FoundAnchor } from "@/lib/pdf/anchors";
import type { AnchorLayout, PlacedField } from "@/lib/pdf/anchor-fit";
import type { RequestDocument } from "../model/rows";
import {
  answersAcross,
  findAnchorsIn,
  occurrencesAcross as occurrencesIn,
  type DocumentOccurrence,
} from "../documents/text-layer-cache";
import { assertAnchorsOwnText } from "./judge-anchor-boxes";

/**
 * Anchors searched in several documents of a request, in their order: each occurrence names the document
 * it was found in (lib/server/documents/text-layer-cache.ts occurrencesAcross counts them across documents).
 */

export type { DocumentOccurrence };
export type DocumentAnchor = FoundAnchor & { documentId: string };

/** The request's documents as the text layers are searched: each by its current version. */
const searched = (docs: readonly RequestDocument[]) => docs.map((d) => ({ id: d.id, sha256: d.current.sha256 }));

/** The occurrences of literal keys across the documents. */
export const occurrencesAcross = (docs: readonly RequestDocument[], keys: string[]) => occurrencesIn(searched(docs), keys);

/** Every {{…}} token across the documents. */
export async function allAnchorsAcross(docs: readonly RequestDocument[]): Promise<DocumentAnchor[]> {
  return (await answersAcross(searched(docs), { all: true })).flatMap(({ doc, answer }) =>
    (answer.all ?? []).map((a) => ({ ...a, documentId: doc.id })),
  );
}

/**
 * Every {{…}} token across the documents, each valid field anchor with its layout (lib/pdf/anchor-fit.ts):
 * what its field covers, among the text and `placed` (the stored fields, each naming its document), and
 * the box that fits its line.
 */
export async function laidOutAnchorsAcross(
  docs: readonly RequestDocument[],
  placed: readonly (PlacedField & { documentId: string })[],
): Promise<(DocumentAnchor & { layout: AnchorLayout | null })[]> {
  const answers = await Promise.all(
    docs.map(async (d) => {
      const mine = placed.filter((f) => f.documentId === d.id).map(({ documentId: _d, ...f }) => f);
      return { doc: d, answer: await findAnchorsIn(d.current.sha256, { all: true, layout: { placed: mine } }) };
    }),
  );
  return answers.flatMap(({ doc, answer }) =>
    (answer.all ?? []).map((a, i) => ({ ...a, documentId: doc.id, layout: answer.layout?.[i] ?? null })),
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
