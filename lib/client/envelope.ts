/**
 * A request (or template) of several documents is one envelope: what the dashboard counts and names
 * covers every document, never the first alone. Pure, for the review step, the request's page and the
 * placer.
 */

/** Pages and documents together: "6 pages in 3 documents". */
export function envelopeCounts(documents: readonly { pageCount: number | null }[]): { pages: number; documents: number } {
  return { pages: documents.reduce((n, d) => n + (d.pageCount ?? 0), 0), documents: documents.length };
}

/**
 * The name a page's place is given: its document's, when there are several (a page number alone is then
 * ambiguous); null with one document, or for an id none has (a page of "the" document). A missing id is
 * the first document's (an older anchor preview names none).
 */
export function documentNamer(
  documents: readonly { id: string; name: string }[],
): (documentId: string | null | undefined) => string | null {
  if (documents.length < 2) return () => null;
  const names = new Map(documents.map((d) => [d.id, d.name]));
  return (id) => names.get(id ?? documents[0]!.id) ?? null;
}

/** Items in the documents' order, then as they came: a list that spans documents reads document by document. */
export function inDocumentOrder<T extends { documentId?: string | null }>(
  documents: readonly { id: string }[],
  items: readonly T[],
): T[] {
  const place = new Map(documents.map((d, i) => [d.id, i]));
  const at = (x: T) => place.get(x.documentId ?? documents[0]?.id ?? "") ?? documents.length;
  return items
    .map((x, i) => [x, i] as const)
    .sort(([a, i], [b, j]) => at(a) - at(b) || i - j)
    .map(([x]) => x);
}
