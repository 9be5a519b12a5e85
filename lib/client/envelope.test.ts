import { describe, expect, it } from "vitest";
import { documentNamer, envelopeCounts, inDocumentOrder } from "./envelope";

const docs = [
  { id: "d1", name: "Contract.pdf", pageCount: 2 },
  { id: "d2", name: "Annex A.pdf", pageCount: 3 },
  { id: "d3", name: "Annex B.pdf", pageCount: 1 },
];

describe("the envelope", () => {
  it("counts the pages of every document, not the first's", () => {
    expect(envelopeCounts(docs)).toEqual({ pages: 6, documents: 3 });
    expect(envelopeCounts([docs[0]!])).toEqual({ pages: 2, documents: 1 });
    // A template's DOCX has no pages until it is filled.
    expect(envelopeCounts([{ pageCount: null }, { pageCount: 4 }])).toEqual({ pages: 4, documents: 2 });
  });

  it("names a page's document only where there are several", () => {
    const nameOf = documentNamer(docs);
    expect(nameOf("d2")).toBe("Annex A.pdf");
    expect(nameOf(undefined)).toBe("Contract.pdf");
    expect(nameOf("gone")).toBeNull();
    expect(documentNamer([docs[0]!])("d1")).toBeNull();
  });

  it("lists items document by document, keeping their order within one", () => {
    const items = [
      { k: 1, documentId: "d3" },
      { k: 2, documentId: "d1" },
      { k: 3, documentId: "d3" },
      { k: 4 },
      { k: 5, documentId: "d2" },
    ];
    expect(inDocumentOrder(docs, items).map((x) => x.k)).toEqual([2, 4, 5, 1, 3]);
  });
});
