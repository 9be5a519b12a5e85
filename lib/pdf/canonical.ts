/**
 * Every PDF Signet takes in is stored in its one reading: the objects the cross-reference chain names
 * (as viewers read the file, xref.ts), each written once, under one trailer, with nothing that the
 * trailer does not reach. A file written so that a scan and the cross-reference disagree (an unlisted
 * second definition of an object, a second trailer, an update that replaces a page) is normalized to
 * what viewers show, so that the text layer, anchors, page images, the signer's copy and the seal all
 * read the same objects. Form field appearances are written as they are, never regenerated.
 */
import { type PDFDocument, type PDFRef } from "@cantoo/pdf-lib";
import { openPdf, type OpenedPdf } from "./load";
import { walkReferences } from "./xref";

export interface CanonicalPdf {
  pdf: Uint8Array;
  /** How the file was read: by its cross-reference chain, or (a chain that cannot be followed) by scanning it. */
  reading: "xref" | "scan";
}

/** Removes every object the trailer (/Root, /Info) does not reach. */
export function dropUnreachable(doc: PDFDocument): void {
  const ctx = doc.context;
  const reached = new Set<PDFRef>();
  walkReferences([ctx.trailerInfo.Root, ctx.trailerInfo.Info], (ref) => {
    if (reached.has(ref)) return undefined;
    reached.add(ref);
    return ctx.lookup(ref);
  });
  for (const [ref] of ctx.enumerateIndirectObjects()) if (!reached.has(ref)) ctx.delete(ref);
}

/** The bytes to store for a file openPdf opened: null when it is already its one reading as written, else that reading written once. */
export async function oneReadingBytes(opened: OpenedPdf): Promise<Uint8Array | null> {
  if (opened.asWritten) return null;
  dropUnreachable(opened.doc);
  return opened.doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}

/**
 * The file's one reading, written as a single revision; refuses what openPdf refuses. A file that is
 * already its one reading as written (one section, its listed objects back to back, all reached) is
 * kept byte for byte.
 */
export async function canonicalPdf(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<CanonicalPdf> {
  const opened = await openPdf(bytes, opts);
  const pdf = await oneReadingBytes(opened);
  return { pdf: pdf ?? bytes, reading: opened.reading };
}
