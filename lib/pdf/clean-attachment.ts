/**
 * A PDF a signer attaches (a FILE field) is kept as content only: its pages as they look, and nothing that
 * acts. The file is rebuilt from allowed shapes rather than searched for what to take out:
 * - the trailer names a catalog and nothing else (no /Info, no /Encrypt);
 * - the catalog is { /Type /Catalog /Pages /OCProperties }: no /OpenAction, /AA, /Names (its /JavaScript and /EmbeddedFiles
 *   trees), /AcroForm (XFA included), /Outlines, /URI or anything else a viewer could run or open;
 * - the page tree is one node over the pages; each page is { /Type /Page /Parent /MediaBox /CropBox /Rotate
 *   /UserUnit /Group /Resources /Contents }, its inherited attributes written on it: no /Annots, /AA or /AF;
 * - what an annotation showed on screen (a filled form field, a stamp, a comment's icon) is drawn into the
 *   page's content from its appearance stream, as "flatten" does, so the page still looks as it did; the
 *   annotation itself (its action, its link, its attached file, its rich media) is gone.
 * What the pages' resources and the appearances reach is kept, with the keys that name an action, a script,
 * a file (embedded or outside the PDF: a stream's /F, a form's /Ref, /OPI) or PostScript taken out wherever
 * they are; everything the new catalog does not reach is dropped before writing. Pure: bytes in, bytes out.
 */
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFWriter,
  type PDFContext,
} from "@cantoo/pdf-lib";
import { dropUnreachable } from "./canonical";
import { openPdf } from "./load";
import { withBudget } from "./limits";

export interface CleanAttachment {
  pdf: Uint8Array;
  /** What the file held that is not kept, by its PDF name ("/JavaScript", "/Launch", "/EmbeddedFiles"…), sorted. */
  removed: string[];
}

/** Page keys kept (inherited ones are written on each page). */
const PAGE_KEYS = ["MediaBox", "CropBox", "Rotate", "UserUnit", "Group", "Resources", "Contents"] as const;
const INHERITED = new Set(["MediaBox", "CropBox", "Rotate", "Resources"]);

/** Keys that name an action, a script, an attached or outside file, or PostScript: taken out of every object kept. */
const ACTIVE_KEYS = [
  "A",
  "AA",
  "OpenAction",
  "JS",
  "JavaScript",
  "URI",
  "Launch",
  "Names",
  "EmbeddedFiles",
  "EF",
  "AF",
  "XFA",
  "AcroForm",
  "Annots",
  "Outlines",
  "RichMediaContent",
  "RichMediaSettings",
  "Ref",
  "OPI",
  "PS",
] as const;
/** A stream's data kept in another file (its /F file specification and the filters for it). */
const EXTERNAL_STREAM_KEYS = ["F", "FFilter", "FDecodeParms"] as const;

/** Action types (/S) and annotation subtypes named in `removed` when the file held them. */
const NAMED_KINDS = new Set([
  "JavaScript",
  "Launch",
  "URI",
  "SubmitForm",
  "ImportData",
  "ResetForm",
  "GoToR",
  "GoToE",
  "Rendition",
  "Movie",
  "Sound",
  "Hide",
  "Named",
  "SetOCGState",
  "RichMedia",
  "RichMediaExecute",
  "FileAttachment",
  "Screen",
  "3D",
]);

const FLAG_HIDDEN = 2;
const FLAG_NO_VIEW = 32;

const name = (s: string) => PDFName.of(s);
const nameOf = (o: PDFObject | undefined) => (o instanceof PDFName ? o.decodeText() : undefined);

export async function cleanAttachmentPdf(bytes: Uint8Array, opts: { maxPages?: number } = {}): Promise<CleanAttachment> {
  return withBudget(async () => {
    const { doc, pages } = await openPdf(bytes, opts);
    const ctx = doc.context;
    const removed = new Set<string>();
    surveyActive(ctx, removed);

    const pagesRef = ctx.nextRef();
    const kids: PDFRef[] = [];
    for (const page of pages) {
      const leaf = page.node;
      const kept = PDFDict.withContext(ctx);
      kept.set(name("Type"), name("Page"));
      kept.set(name("Parent"), pagesRef);
      for (const key of PAGE_KEYS) {
        const v = INHERITED.has(key) ? leaf.getInheritableAttribute(name(key)) : leaf.get(name(key));
        if (v !== undefined) kept.set(name(key), v);
      }
      if (!kept.has(name("Resources"))) kept.set(name("Resources"), ctx.obj({}));
      const annots = resolve(ctx, leaf.get(name("Annots")));
      if (annots instanceof PDFArray && annots.size() > 0) {
        removed.add("annotations");
        drawAnnotations(ctx, annots, kept);
      }
      kids.push(ctx.register(kept));
    }
    ctx.assign(pagesRef, ctx.obj({ Type: "Pages", Kids: kids, Count: kids.length }));
    const catalogDict = ctx.obj({ Type: "Catalog", Pages: pagesRef });
    // Optional content that is off stays off: without /OCProperties a layer the signer never saw would show.
    const oldCatalog = resolve(ctx, ctx.trailerInfo.Root);
    const layers = oldCatalog instanceof PDFDict ? oldCatalog.get(name("OCProperties")) : undefined;
    if (layers !== undefined) catalogDict.set(name("OCProperties"), layers);
    const catalog = ctx.register(catalogDict);
    ctx.trailerInfo = { Root: catalog };
    dropUnreachable(doc);
    for (const [, o] of ctx.enumerateIndirectObjects()) stripActive(ctx, o);
    const pdf = await PDFWriter.forContext(ctx, Infinity).serializeToBuffer();
    return { pdf, removed: [...removed].sort() };
  });
}

/** The object a value is (a reference looked up). */
function resolve(ctx: PDFContext, o: PDFObject | undefined): PDFObject | undefined {
  return o instanceof PDFRef ? ctx.lookup(o) : o;
}

/** Names in `removed` what the file holds that acts, reached from its trailer (what a viewer would find). */
function surveyActive(ctx: PDFContext, removed: Set<string>) {
  const seen = new Set<PDFRef>();
  const stack: (PDFObject | undefined)[] = [ctx.trailerInfo.Root, ctx.trailerInfo.Info];
  while (stack.length) {
    const o = stack.pop();
    if (o instanceof PDFRef) {
      if (!seen.has(o)) {
        seen.add(o);
        stack.push(ctx.lookup(o));
      }
    } else if (o instanceof PDFDict || o instanceof PDFStream) {
      const dict = o instanceof PDFStream ? o.dict : o;
      for (const [k, v] of dict.entries()) {
        const key = k.decodeText();
        if ((ACTIVE_KEYS as readonly string[]).includes(key) && !["Annots", "Names", "A"].includes(key)) removed.add(`/${key}`);
        if ((key === "S" || key === "Subtype") && NAMED_KINDS.has(nameOf(v) ?? "")) removed.add(`/${nameOf(v)}`);
        if (key === "EmbeddedFiles" || key === "EF") removed.add("/EmbeddedFiles");
        if (o instanceof PDFStream && (EXTERNAL_STREAM_KEYS as readonly string[]).includes(key)) removed.add("/F");
        stack.push(v);
      }
    } else if (o instanceof PDFArray) stack.push(...o.asArray());
  }
}

/** Takes the active keys out of one object kept (and out of the dictionaries and arrays written inside it). */
function stripActive(ctx: PDFContext, o: PDFObject | undefined) {
  const stack: (PDFObject | undefined)[] = [o];
  while (stack.length) {
    const x = stack.pop();
    if (x instanceof PDFStream) {
      for (const k of EXTERNAL_STREAM_KEYS) x.dict.delete(name(k));
      stack.push(x.dict);
    } else if (x instanceof PDFDict) {
      for (const k of ACTIVE_KEYS) x.delete(name(k));
      // A PostScript XObject is not drawn by viewers of today, and never by this file.
      const xobjects = resolve(ctx, x.get(name("XObject")));
      if (xobjects instanceof PDFDict)
        for (const [k, v] of xobjects.entries()) {
          const target = resolve(ctx, v);
          if (target instanceof PDFStream && nameOf(target.dict.get(name("Subtype"))) === "PS") xobjects.delete(k);
        }
      for (const v of x.values()) if (!(v instanceof PDFRef)) stack.push(v);
    } else if (x instanceof PDFArray) {
      for (const v of x.asArray()) if (!(v instanceof PDFRef)) stack.push(v);
    }
  }
}

const numbers = (ctx: PDFContext, o: PDFObject | undefined, n: number): number[] | null => {
  const a = resolve(ctx, o);
  if (!(a instanceof PDFArray) || a.size() !== n) return null;
  const out = a.asArray().map((v) => resolve(ctx, v));
  return out.every((v) => v instanceof PDFNumber) ? out.map((v) => (v as PDFNumber).asNumber()) : null;
};

/**
 * Draws what each of a page's annotations shows on screen into the page kept: its normal appearance (the state
 * /AS names, for a form field with several) placed on its /Rect as the PDF specification's algorithm places
 * it (12.5.5: the form's /BBox through its /Matrix, fitted to the rectangle). Hidden and NoView annotations
 * are not shown and are not drawn. The page's own content is wrapped in q … Q first, so nothing it leaves
 * in the graphics state moves what is drawn after it.
 */
function drawAnnotations(ctx: PDFContext, annots: PDFArray, kept: PDFDict) {
  const draws: string[] = [];
  const forms: [string, PDFObject][] = [];
  for (const entry of annots.asArray()) {
    const annot = resolve(ctx, entry);
    if (!(annot instanceof PDFDict)) continue;
    const flags = resolve(ctx, annot.get(name("F")));
    const f = flags instanceof PDFNumber ? flags.asNumber() : 0;
    if (f & (FLAG_HIDDEN | FLAG_NO_VIEW)) continue;
    const ap = resolve(ctx, annot.get(name("AP")));
    if (!(ap instanceof PDFDict)) continue;
    let normal = ap.get(name("N"));
    const states = resolve(ctx, normal);
    if (states instanceof PDFDict) {
      const as = nameOf(resolve(ctx, annot.get(name("AS"))));
      normal = as === undefined ? undefined : states.get(name(as));
    }
    const form = resolve(ctx, normal);
    if (!(form instanceof PDFStream)) continue;
    const rect = numbers(ctx, annot.get(name("Rect")), 4);
    const bbox = numbers(ctx, form.dict.get(name("BBox")), 4);
    if (!rect || !bbox || ![...rect, ...bbox].every(Number.isFinite)) continue;
    const m = numbers(ctx, form.dict.get(name("Matrix")), 6) ?? [1, 0, 0, 1, 0, 0];
    const corners = [
      [bbox[0]!, bbox[1]!],
      [bbox[2]!, bbox[1]!],
      [bbox[0]!, bbox[3]!],
      [bbox[2]!, bbox[3]!],
    ].map(([x, y]) => [m[0]! * x! + m[2]! * y! + m[4]!, m[1]! * x! + m[3]! * y! + m[5]!] as const);
    const tx0 = Math.min(...corners.map((c) => c[0]));
    const tx1 = Math.max(...corners.map((c) => c[0]));
    const ty0 = Math.min(...corners.map((c) => c[1]));
    const ty1 = Math.max(...corners.map((c) => c[1]));
    const [rx0, rx1] = [Math.min(rect[0]!, rect[2]!), Math.max(rect[0]!, rect[2]!)];
    const [ry0, ry1] = [Math.min(rect[1]!, rect[3]!), Math.max(rect[1]!, rect[3]!)];
    if (tx1 - tx0 <= 0 || ty1 - ty0 <= 0) continue;
    const sx = (rx1 - rx0) / (tx1 - tx0);
    const sy = (ry1 - ry0) / (ty1 - ty0);
    const cm = [sx, 0, 0, sy, rx0 - sx * tx0, ry0 - sy * ty0];
    if (!cm.every(Number.isFinite)) continue;
    const formName = `SignetFlat${forms.length}`;
    forms.push([formName, normal instanceof PDFRef ? normal : ctx.register(form)]);
    draws.push(`q ${cm.map(num).join(" ")} cm /${formName} Do Q`);
  }
  if (!draws.length) return;
  // Resources of its own, so that a dictionary other pages share is not changed.
  const resources = resolve(ctx, kept.get(name("Resources")));
  const own = resources instanceof PDFDict ? resources.clone(ctx) : PDFDict.withContext(ctx);
  const xobjects = resolve(ctx, own.get(name("XObject")));
  const ownX = xobjects instanceof PDFDict ? xobjects.clone(ctx) : PDFDict.withContext(ctx);
  for (const [n, ref] of forms) ownX.set(name(n), ref);
  own.set(name("XObject"), ownX);
  kept.set(name("Resources"), own);
  const contents = resolve(ctx, kept.get(name("Contents")));
  const before = contents instanceof PDFArray ? contents.asArray() : contents ? [kept.get(name("Contents"))!] : [];
  const open = ctx.register(ctx.stream("q\n"));
  const close = ctx.register(ctx.flateStream(`\nQ\n${draws.join("\n")}\n`));
  kept.set(name("Contents"), ctx.obj([open, ...before, close]));
}

/** A number as content-stream syntax: at most 6 decimals, never an exponent. */
const num = (n: number) => {
  const s = (Math.round(n * 1e6) / 1e6).toFixed(6).replace(/\.?0+$/, "");
  return s === "-0" ? "0" : s;
};
