/**
 * Every PDF Signet takes in is stored in its one reading: the objects the cross-reference chain names
 * (as viewers read the file, xref.ts), each written once, under one trailer, with nothing that the
 * trailer does not reach. A file written so that a scan and the cross-reference disagree (an unlisted
 * second definition of an object, a second trailer, an update that replaces a page) is normalized to
 * what viewers show, so that the text layer, anchors, page images, the signer's copy and the seal all
 * read the same objects. Form field appearances are written as they are, never regenerated.
 */
import { PDFArray, PDFDict, type PDFDocument, type PDFObject, PDFRawStream, PDFRef } from "pdf-lib";
import { openPdf } from "./load";

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
  const stack: (PDFObject | undefined)[] = [ctx.trailerInfo.Root, ctx.trailerInfo.Info];
  while (stack.length) {
    const o = stack.pop();
    if (o instanceof PDFRef) {
      if (reached.has(o)) continue;
      reached.add(o);
      stack.push(ctx.lookup(o));
    } else if (o instanceof PDFDict) stack.push(...o.values());
    else if (o instanceof PDFArray) stack.push(...o.asArray());
    else if (o instanceof PDFRawStream) stack.push(o.dict);
  }
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
