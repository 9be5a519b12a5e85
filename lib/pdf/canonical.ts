/**
 * Every PDF Signet takes in is stored in its one reading: the objects the cross-reference chain names
 * (as viewers read the file, xref.ts), each written once, under one trailer, with nothing that the
 * trailer does not reach. A file written so that a scan and the cross-reference disagree (an unlisted
 * second definition of an object, a second trailer, an update that replaces a page) is normalized to
 * what viewers show, so that the text layer, anchors, page images, the signer's copy and the seal all
 * read the same objects. Form field appearances are written as they are, never regenerated.
 */
import { type PDFDocument, type PDFRef } from "pdf-lib";
import { openPdf } from "./load";
import { walkReferences } from "./xref";

export interface CanonicalPdf {
  pdf: Uint8Array;
  /** How the file was read: by its cross-reference chain, or (a chain that cannot be followed) by scanning it. */
  reading: "xref" | "scan";
  /** Objects of the file's reading that nothing reaches from the trailer, left out. */
  dropped: number;
}

/** Removes every object the trailer (/Root, /Info, /Encrypt) does not reach; how many were removed. */
function dropUnreachable(doc: PDFDocument): number {
  const ctx = doc.context;
  const reached = new Set<PDFRef>();
  walkReferences([ctx.trailerInfo.Root, ctx.trailerInfo.Info], (ref) => {
    if (reached.has(ref)) return undefined;
    reached.add(ref);
    return ctx.lookup(ref);
  });
  let dropped = 0;
  for (const [ref] of ctx.enumerateIndirectObjects()) {
    if (!reached.has(ref)) {
      ctx.delete(ref);
      dropped++;
    }
  }
  return dropped;
}

/** The file's one reading, written as a single revision; refuses what openPdf refuses. */
export async function canonicalPdf(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<CanonicalPdf> {
  const { doc, reading } = await openPdf(bytes, opts);
  const dropped = dropUnreachable(doc);
  const pdf = await doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
  return { pdf, reading, dropped };
}
