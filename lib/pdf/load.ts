/**
 * Opening a PDF with @cantoo/pdf-lib: bad input mapped to PdfError kinds, the parse charged to the budget
 * of ./limits.ts, and the page tree walked once and checked before anything walks it again.
 */
import {
  PDFArray,
  PDFCatalog,
  type PDFContext,
  PDFDict,
  PDFDocument,
  PDFHeader,
  PDFName,
  type PDFPage,
  PDFPageLeaf,
  PDFPageTree,
  PDFRef,
  ParseSpeeds,
  EncryptedPDFError,
  type PDFObject,
} from "@cantoo/pdf-lib";
import { PdfError } from "./errors";
import { endsInsideAnObject, hasEncryptDictionary, looksLikePdf } from "./sniff";

import { assertWithinBudget, exhaust, LIMITS, withBudget, type ParseBudget } from "./limits";
import { readByXref, XrefError, type XrefChain } from "./xref";

/**
 * @cantoo/pdf-lib throws EncryptedPDFError for an encrypted file. The message is checked too, as it
 * was when pdf-lib 1.17's ES5 build broke `instanceof` on Error subclasses.
 */
export function isEncryptedPdfError(e: unknown): boolean {
  return e instanceof EncryptedPDFError || (e instanceof Error && e.message.includes("is encrypted"));
}

export interface OpenOptions {
  /** More pages than this is PdfError TOO_MANY_PAGES (never more than LIMITS.pages). */
  maxPages?: number;
}

export interface OpenedPdf {
  doc: PDFDocument;
  pages: PDFPage[];
  /**
   * How the objects were found: by the cross-reference chain, as viewers read a file; or, where that
   * chain cannot be followed, by scanning the file (as viewers then rebuild it).
   */
  reading: "xref" | "scan";
  /** The chain that was followed (reading "xref"). */
  chain?: XrefChain;
  /** The file is already its one reading as written (XrefReading.asWritten). */
  asWritten: boolean;
}

/**
 * pdf-lib's PDFDocument over a context already read (its constructor is not declared public). The
 * context is marked as not decrypted: @cantoo/pdf-lib takes a context as decrypted unless told, and
 * then drops its /Encrypt, where an encrypted file must make the constructor throw EncryptedPDFError.
 */
const documentOf = (context: PDFContext): PDFDocument => {
  context.isDecrypted = false;
  return new (PDFDocument as unknown as new (c: PDFContext, ignoreEncryption: boolean, updateMetadata: boolean) => PDFDocument)(
    context,
    false,
    false,
  );
};

/**
 * The document as viewers read it (xref.ts). pdf-lib makes a /Type /Catalog dictionary its catalog
 * class; a viewer takes whatever the trailer's /Root names, so that is made the catalog here too.
 */
function readAsViewers(bytes: Uint8Array): { doc: PDFDocument; chain: XrefChain; asWritten: boolean } {
  const { context, chain, asWritten } = readByXref(bytes);
  const root = context.trailerInfo.Root;
  const catalog = root instanceof PDFRef ? context.lookup(root) : undefined;
  if (!(catalog instanceof PDFDict)) throw new XrefError("the trailer's /Root is not a dictionary");
  if (!(catalog instanceof PDFCatalog))
    context.assign(root as PDFRef, PDFCatalog.fromMapWithContext(new Map(catalog.entries()), context));
  return { doc: documentOf(context), chain, asWritten };
}

const encrypted = () => new PdfError("ENCRYPTED", "The PDF is encrypted; upload it without a password");

/**
 * Checks the page tree the way pdf.js and poppler guard theirs: every node visited once (a node
 * reached twice makes the "tree" a DAG that could hold 10⁹ leaves in 2 KB, or a cycle), a depth
 * limit, and a page budget, before pdf-lib's own recursive walk is allowed to run. Each page's
 * /Parent chain (which pdf-lib climbs for inherited attributes) must end, too.
 */
function checkPageTree(doc: PDFDocument, maxPages: number, budget: ParseBudget): void {
  const ctx = doc.context;
  const lookup = (o: PDFObject | undefined) => (o instanceof PDFRef ? ctx.lookup(o) : o);
  const root = lookup(doc.catalog.get(PDFName.of("Pages")));
  if (!(root instanceof PDFPageTree))
    throw new PdfError("UNPARSEABLE", "The PDF has no page tree; it may be damaged or truncated");
  const seen = new Set<PDFDict>();
  const stack: [PDFObject | undefined, number][] = [[root, 0]];
  let pages = 0;
  while (stack.length) {
    const [entry, depth] = stack.pop()!;
    const node = lookup(entry);
    if (!(node instanceof PDFDict)) continue;
    if (seen.has(node))
      throw new PdfError(
        "UNPARSEABLE",
        "The PDF's page tree reaches a node twice (a cycle or a shared subtree); it may be damaged or hostile",
      );
    seen.add(node);
    if (depth > LIMITS.pageTreeDepth) throw exhaust(budget, `its page tree is more than ${LIMITS.pageTreeDepth} levels deep`);
    if (node instanceof PDFPageTree) {
      const kids = lookup(node.get(PDFName.of("Kids")));
      if (kids instanceof PDFArray) for (let i = kids.size() - 1; i >= 0; i--) stack.push([kids.get(i), depth + 1]);
    } else if (node instanceof PDFPageLeaf) {
      if (++pages > LIMITS.pages) throw exhaust(budget, `it has more than ${LIMITS.pages} pages`);
      const up = new Set<PDFDict>();
      for (let p = lookup(node.get(PDFName.of("Parent"))); p instanceof PDFDict; p = lookup(p.get(PDFName.of("Parent")))) {
        if (up.has(p) || up.size > LIMITS.pageTreeDepth)
          throw new PdfError("UNPARSEABLE", "A page's /Parent chain loops; the PDF may be damaged or hostile");
        up.add(p);
      }
    }
  }
  if (pages > maxPages) throw new PdfError("TOO_MANY_PAGES", `The PDF has ${pages} pages; the limit is ${maxPages}`);
}

/**
 * Loads `bytes` and its pages, or throws PdfError NOT_PDF, ENCRYPTED, UNPARSEABLE, TOO_MANY_PAGES or
 * TOO_COMPLEX. Runs inside the caller's budget (withBudget), or a budget of its own.
 */
export function openPdf(bytes: Uint8Array, opts: OpenOptions = {}): Promise<OpenedPdf> {
  return withBudget(async (budget) => {
    if (!looksLikePdf(bytes)) throw new PdfError("NOT_PDF", "The file is not a PDF");
    if (hasEncryptDictionary(bytes)) throw encrypted();
    let doc: PDFDocument;
    let reading: OpenedPdf["reading"] = "xref";
    let chain: XrefChain | undefined;
    let asWritten = false;
    try {
      ({ doc, chain, asWritten } = readAsViewers(bytes));
    } catch (e) {
      if (e instanceof PdfError) throw e;
      assertWithinBudget(budget);
      if (isEncryptedPdfError(e)) throw encrypted();
      if (!(e instanceof XrefError))
        throw new PdfError("UNPARSEABLE", "The PDF could not be parsed; it may be damaged or truncated");
      reading = "scan";
      if (endsInsideAnObject(bytes))
        throw new PdfError("UNPARSEABLE", "The PDF could not be parsed; it may be damaged or truncated");
      try {
        // In one go: the engine runs in a worker thread whose deadline is enforced from outside.
        doc = await PDFDocument.load(bytes, {
          updateMetadata: false,
          throwOnInvalidObject: false,
          parseSpeed: ParseSpeeds.Fastest,
        });
      } catch (e) {
        assertWithinBudget(budget);
        if (isEncryptedPdfError(e)) throw encrypted();
        throw new PdfError("UNPARSEABLE", "The PDF could not be parsed; it may be damaged or truncated");
      }
    }
    assertWithinBudget(budget);
    if (doc.isEncrypted) throw encrypted();
    // Saved documents declare PDF 1.7, whatever the file's header says: @cantoo/pdf-lib writes the
    // context's header (pdf-lib 1.17 always wrote 1.7), and below 1.5 it would leave object streams
    // out of a save that does not say.
    doc.context.header = PDFHeader.forVersion(1, 7);
    try {
      checkPageTree(doc, opts.maxPages ?? LIMITS.pages, budget);
    } catch (e) {
      if (e instanceof PdfError) throw e;
      throw new PdfError("UNPARSEABLE", "The PDF's page tree could not be read; it may be damaged or truncated");
    }
    let pages: PDFPage[];
    try {
      pages = doc.getPages();
    } catch {
      assertWithinBudget(budget);
      throw new PdfError("UNPARSEABLE", "The PDF's page tree could not be read; it may be damaged or truncated");
    }
    if (pages.length === 0) throw new PdfError("UNPARSEABLE", "The PDF has no pages; it may be damaged or truncated");
    return { doc, pages, reading, chain, asWritten };
  });
}

/** The document only (see openPdf). */
export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return (await openPdf(bytes)).doc;
}
