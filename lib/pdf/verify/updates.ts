/**
 * What was appended to a PDF after a signature: PAdES B-LT and B-LTA add validation data (a /DSS
 * dictionary, ETSI EN 319 142-1 5.4) and document time-stamps (SubFilter ETSI.RFC3161) by incremental
 * update, after the signature they serve. Anything else added there (a changed page, a new annotation,
 * another signature, objects pointed back at older versions of themselves) alters what the signer
 * signed, even though the signature itself still verifies over its own byte range.
 *
 * How: the signed revision (the bytes up to the end of the signature's byte range) and the whole file
 * are both parsed, and every object of the file that is new or differs from the signed revision is
 * judged by what a viewer would draw, never by a marker the author of the update writes (a /Type, the
 * trailer's /Info): the objects reachable from the catalog through any entry but /DSS and /Metadata
 * are what a viewer can draw, and there only a catalog, form, page or annotation array that gained an
 * invisible signature field (what a document time-stamp adds) may change. Outside that set, only the
 * /DSS (its structure checked), the catalog's /Metadata stream and a plain /Info dictionary may be new
 * or changed. The cross-reference sections of the update are read too, so that an update made of a
 * cross-reference section alone (pointing objects at offsets in the signed bytes, or freeing them) is
 * seen, and each entry must name the object found at its offset.
 */
import {
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRawStream,
  PDFRef,
  PDFHexString,
  PDFString,
} from "@cantoo/pdf-lib";
import { openPdf } from "../load";
import { PdfError } from "../errors";
import {
  latin1,
  lastStartxref,
  ObjectReader,
  readObjectStream,
  walkReferences,
  readXrefSection,
  skipSpace,
  type XrefSection,
} from "../xref";

const MAX_PROBLEMS = 8;
/** Catalog entries a DSS or document time-stamp update may set (AcroForm is checked on its own). */
const CATALOG_KEYS = new Set(["DSS", "AcroForm", "Extensions", "Metadata"]);
/** AcroForm entries a signature field's addition changes. */
const ACROFORM_KEYS = new Set(["Fields", "SigFlags"]);

const name = (d: PDFDict, key: string) => {
  const v = d.get(PDFName.of(key));
  return v instanceof PDFName ? v.decodeText() : undefined;
};

/** Signature dictionaries: a /ByteRange and /Contents. */
export const isSignatureDict = (d: PDFDict) => d.has(PDFName.of("ByteRange")) && d.has(PDFName.of("Contents"));
export const isDocumentTimestamp = (d: PDFDict) => name(d, "SubFilter") === "ETSI.RFC3161" || name(d, "Type") === "DocTimeStamp";

function same(a: PDFObject, b: PDFObject): boolean {
  if (a instanceof PDFRawStream || b instanceof PDFRawStream) {
    return (
      a instanceof PDFRawStream &&
      b instanceof PDFRawStream &&
      a.dict.toString() === b.dict.toString() &&
      Buffer.from(a.contents).equals(Buffer.from(b.contents))
    );
  }
  return a.toString() === b.toString();
}

/** The keys whose values differ between two dictionaries (resolved one level through references). */
function changedKeys(a: PDFDict, b: PDFDict): string[] {
  const keys = new Set([...a.keys(), ...b.keys()].map((k) => k.decodeText()));
  return [...keys].filter((k) => {
    const x = a.get(PDFName.of(k));
    const y = b.get(PDFName.of(k));
    return !(x && y ? same(x, y) : x === y);
  });
}

function area(d: PDFDict, ctx: PDFContext): number {
  const r = ctx.lookup(d.get(PDFName.of("Rect")));
  if (!(r instanceof PDFArray) || r.size() !== 4) return 0;
  const n = (i: number) => {
    const v = ctx.lookup(r.get(i));
    return v instanceof PDFNumber ? v.asNumber() : 0;
  };
  return Math.abs((n(2) - n(0)) * (n(3) - n(1)));
}

/** A signature field or its widget, invisible (a zero-area Rect): what a document time-stamp adds. */
function isInvisibleSignatureField(d: PDFDict, ctx: PDFContext): boolean {
  let ft = name(d, "FT");
  const parent = ctx.lookup(d.get(PDFName.of("Parent")));
  if (!ft && parent instanceof PDFDict) ft = name(parent, "FT");
  if (ft !== "Sig") return false;
  return !d.has(PDFName.of("Rect")) || area(d, ctx) === 0;
}

function isAnnotation(d: PDFDict): boolean {
  return name(d, "Type") === "Annot" || (d.has(PDFName.of("Subtype")) && d.has(PDFName.of("Rect")));
}

/** An array that only gained references to invisible signature fields (/Annots, /Fields). */
function onlyGainedSignatureFields(before: PDFObject | undefined, after: PDFObject, ctx: PDFContext): boolean {
  if (!(after instanceof PDFArray)) return false;
  const old = before instanceof PDFArray ? before.asArray().map(String) : before === undefined ? [] : null;
  if (!old) return false;
  const now = after.asArray().map(String);
  const kept = new Set(now);
  if (!old.every((o) => kept.has(o))) return false;
  const had = new Set(old);
  return after.asArray().every((o) => {
    if (had.has(String(o))) return true;
    const d = ctx.lookup(o);
    return d instanceof PDFDict && isInvisibleSignatureField(d, ctx);
  });
}

function judgeCatalog(before: PDFDict, after: PDFDict, bctx: PDFContext, actx: PDFContext): string | null {
  for (const k of changedKeys(before, after)) {
    if (k === "AcroForm") {
      const b = bctx.lookup(before.get(PDFName.of(k)));
      const a = actx.lookup(after.get(PDFName.of(k)));
      // A form where there was none is judged like one that had no entries.
      const old = b === undefined ? PDFDict.withContext(bctx) : b;
      if (old instanceof PDFDict && a instanceof PDFDict && judgeAcroForm(old, a, bctx, actx) === null) continue;
      return "The form of the document (AcroForm) was replaced after the seal";
    }
    if (!CATALOG_KEYS.has(k)) return `The document catalog's /${k} changed after the seal`;
  }
  return null;
}

function judgeAcroForm(before: PDFDict, after: PDFDict, bctx: PDFContext, actx: PDFContext): string | null {
  for (const k of changedKeys(before, after)) {
    if (!ACROFORM_KEYS.has(k)) return `The form's /${k} changed after the seal`;
    if (k === "Fields") {
      const b = before.get(PDFName.of(k));
      const a = after.get(PDFName.of(k));
      // An indirect /Fields array is judged as an object of its own.
      if (
        !(a instanceof PDFRef && b instanceof PDFRef && a === b) &&
        !onlyGainedSignatureFields(bctx.lookup(b), actx.lookup(a)!, actx)
      ) {
        return "Form fields other than a signature were added after the seal";
      }
    }
  }
  return null;
}

/** Catalog entries whose objects a viewer does not draw: validation data and XMP metadata. */
const UNDRAWN_CATALOG_KEYS = new Set(["DSS", "Metadata"]);

/** Every object reachable from `from` through references (direct containers followed, stream dictionaries too). */
function reach(ctx: PDFContext, from: PDFObject[], into = new Set<PDFRef>()): Set<PDFRef> {
  walkReferences(from, (ref) => {
    if (into.has(ref)) return undefined;
    into.add(ref);
    return ctx.lookup(ref);
  });
  return into;
}

/** What a viewer can draw: the catalog and everything reachable from it, except through /DSS and /Metadata. */
function drawnObjects(doc: PDFDocument): Set<PDFRef> {
  const root = doc.context.trailerInfo.Root;
  const catalog = doc.catalog;
  const entries = [...catalog.entries()].filter(([k]) => !UNDRAWN_CATALOG_KEYS.has(k.decodeText())).map(([, v]) => v);
  return reach(doc.context, entries, new Set(root instanceof PDFRef ? [root] : []));
}

const VRI_KEYS = new Set(["Type", "Cert", "OCSP", "CRL", "TU", "TS"]);
const DSS_KEYS = new Set(["Type", "Certs", "OCSPs", "CRLs", "VRI"]);

/** Why the catalog's /DSS is not validation data (ETSI EN 319 142-1 5.4.2): null when it is, or there is none. */
function judgeDss(doc: PDFDocument): string | null {
  const ctx = doc.context;
  const raw = doc.catalog.get(PDFName.of("DSS"));
  if (raw === undefined) return null;
  const dss = ctx.lookup(raw);
  const streams = (v: PDFObject | undefined, what: string) => {
    const arr = ctx.lookup(v);
    if (!(arr instanceof PDFArray)) return `its ${what} is not an array`;
    for (const item of arr.asArray()) {
      if (!(item instanceof PDFRef) || !(ctx.lookup(item) instanceof PDFRawStream))
        return `its ${what} holds something other than streams`;
    }
    return null;
  };
  const check = (d: PDFObject | undefined, keys: Set<string>, type: string, arrays: string[]): string | null => {
    if (!(d instanceof PDFDict)) return "it is not a dictionary";
    for (const [k, v] of d.entries()) {
      const key = k.decodeText();
      if (!keys.has(key)) return `it has a /${key} entry`;
      if (key === "Type" && !(v instanceof PDFName && v.decodeText() === type)) return `its /Type is not /${type}`;
      if (arrays.includes(key)) {
        const why = streams(v, `/${key}`);
        if (why) return why;
      }
    }
    return null;
  };
  const why = check(dss, DSS_KEYS, "DSS", ["Certs", "OCSPs", "CRLs"]);
  if (why) return `The /DSS added after the seal is not validation data: ${why}`;
  const vri = dss instanceof PDFDict ? dss.get(PDFName.of("VRI")) : undefined;
  if (vri !== undefined) {
    const dict = ctx.lookup(vri);
    if (!(dict instanceof PDFDict)) return "The /DSS added after the seal is not validation data: its /VRI is not a dictionary";
    for (const entry of dict.values()) {
      const e = ctx.lookup(entry);
      let bad = check(e, VRI_KEYS, "VRI", ["Cert", "OCSP", "CRL"]);
      const ts = e instanceof PDFDict ? e.get(PDFName.of("TS")) : undefined;
      if (!bad && ts !== undefined && !(ts instanceof PDFRef && ctx.lookup(ts) instanceof PDFRawStream))
        bad = "a /TS is not a stream";
      const tu = e instanceof PDFDict ? e.get(PDFName.of("TU")) : undefined;
      if (!bad && tu !== undefined && !(tu instanceof PDFString || tu instanceof PDFHexString)) bad = "a /TU is not a date";
      if (bad) return `The /DSS added after the seal is not validation data: a /VRI entry: ${bad}`;
    }
  }
  return null;
}

/** Document information as viewers show it: text, names, numbers and booleans written in the dictionary itself. */
function isPlainInfo(o: PDFObject): boolean {
  return (
    o instanceof PDFDict &&
    o
      .values()
      .every(
        (v) =>
          v instanceof PDFString ||
          v instanceof PDFHexString ||
          v instanceof PDFName ||
          v instanceof PDFNumber ||
          v instanceof PDFBool,
      )
  );
}

/** What an object is to a reader of the report: "page 2", "page 2's content stream", or its number. */
function namer(doc: PDFDocument) {
  let names: Map<PDFRef, string> | undefined;
  return (ref: PDFRef) => {
    if (!names) {
      names = new Map();
      for (const [i, page] of doc.getPages().entries()) {
        names.set(page.ref, `page ${i + 1}`);
        const contents = page.node.get(PDFName.of("Contents"));
        const list =
          contents instanceof PDFRef ? [contents, ...(asArray(doc.context.lookup(contents)) ?? [])] : (asArray(contents) ?? []);
        for (const c of list) if (c instanceof PDFRef && !names.has(c)) names.set(c, `page ${i + 1}'s content stream`);
      }
    }
    const known = names.get(ref);
    return known ? `${known} (object ${ref.objectNumber})` : `object ${ref.objectNumber}`;
  };
}

const asArray = (o: PDFObject | undefined) => (o instanceof PDFArray ? o.asArray() : undefined);

interface Scene {
  before: PDFDocument;
  after: PDFDocument;
  /** Objects a viewer can draw (in the file as it is now). */
  drawn: Set<PDFRef>;
  /** Objects reachable from the catalog's /DSS. */
  dss: Set<PDFRef>;
  name: (ref: PDFRef) => string;
}

/** Why an object that is new or changed after the seal is not part of a DSS / document time-stamp update. */
function judgeObject(ref: PDFRef, before: PDFObject | undefined, after: PDFObject, scene: Scene): string | null {
  const { after: adoc, before: bdoc } = scene;
  const actx = adoc.context;
  const bctx = bdoc.context;
  const what = scene.name(ref);
  if (ref === actx.trailerInfo.Root) return null; // judged by judgeCatalog
  if (!scene.drawn.has(ref)) {
    // Nothing a viewer draws refers to it: validation data, XMP metadata, document information, or an orphan.
    if (scene.dss.has(ref)) return null; // the /DSS's structure is judged once, by judgeDss
    if (ref === adoc.catalog.get(PDFName.of("Metadata")))
      return after instanceof PDFRawStream ? null : "The document's /Metadata was replaced by something other than a stream";
    if (ref === actx.trailerInfo.Info)
      return isPlainInfo(after) ? null : "The document information (/Info) written after the seal is not plain text";
    if (before === undefined) return null; // a new object nothing refers to
    return `An object of the sealed revision (${what}) was replaced after the seal`;
  }
  if (after instanceof PDFRawStream) {
    if (before === undefined) return null; // new, and only drawn if a judged change refers to it
    return `A stream (${what}: page content, an image or a font) changed after the seal`;
  }
  if (after instanceof PDFArray) {
    if (before === undefined || onlyGainedSignatureFields(before, after, actx)) return null;
    return `An array (${what}) changed after the seal`;
  }
  if (!(after instanceof PDFDict)) return before === undefined ? null : `A value (${what}) changed after the seal`;

  const type = name(after, "Type");
  if (isSignatureDict(after)) {
    if (before !== undefined) return `A signature dictionary (${what}) changed after the seal`;
    return isDocumentTimestamp(after) ? null : "Another signature was added after the seal";
  }
  if (type === "Page") {
    if (!(before instanceof PDFDict)) return "A page was added after the seal";
    for (const k of changedKeys(before, after)) {
      if (k !== "Annots") return `${capitalize(what)}: its /${k} changed after the seal`;
      const b = before.get(PDFName.of(k));
      const a = after.get(PDFName.of(k));
      if (a instanceof PDFRef && a === b) continue; // an indirect array is judged on its own
      if (!onlyGainedSignatureFields(bctx.lookup(b), actx.lookup(a)!, actx))
        return "Annotations were added to a page after the seal";
    }
    return null;
  }
  if (type === "Pages") return "The page tree changed after the seal";
  if (isAnnotation(after) || after.has(PDFName.of("FT"))) {
    if (before === undefined && isInvisibleSignatureField(after, actx)) return null;
    return before === undefined
      ? "An annotation or form field was added after the seal"
      : `An annotation or form field (${what}) changed after the seal`;
  }
  const acroForm = adoc.catalog.get(PDFName.of("AcroForm"));
  if (ref === acroForm && before instanceof PDFDict) return judgeAcroForm(before, after, bctx, actx);
  if (before === undefined) return null; // new: drawn only if a judged change refers to it
  return `A dictionary (${what}${type ? `, /Type /${type}` : ""}) changed after the seal`;
}

const capitalize = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);

/** What the bytes after the seal were found to be: its updates, each read as a reader reads it. */
interface UpdateLayout {
  problems: string[];
  /** Objects written in the updates, by number (a later update's definition replaces an earlier one's). */
  written: Set<number>;
}

/** One incremental update: its objects, its cross-reference section, `startxref` and `%%EOF`. */
interface Update {
  objects: { num: number; offset: number; object: PDFObject }[];
  table?: XrefSection;
  startxref?: number;
}

/**
 * Reads the bytes after the signed revision (`end`) token by token, as a sequence of incremental
 * updates, and checks each against its own cross-reference section: every object written in an update
 * is listed there at its offset (or, compressed, at its index in an object stream of the same update),
 * written once, and every entry names an object written in that update; one section and one trailer per
 * update; `startxref` names it; its /Prev continues the chain; nothing but white-space and comments
 * between. An unlisted copy of an object (what a reader that scans the file takes for the object), a
 * second trailer, an object stream with unlisted objects, or bytes that are none of these is named.
 */
function judgeLayout(bytes: Uint8Array, end: number): UpdateLayout {
  const problems: string[] = [];
  const written = new Set<number>();
  const reader = new ObjectReader(bytes);
  const malformed = (at: number, what: string) =>
    problems.push(`The bytes after the seal are not a well-formed incremental update: ${what} at byte ${at}`);
  const updates: Update[] = [];
  let cur: Update = { objects: [] };
  let pos = end;
  let eofAt = -1;
  try {
    while (problems.length === 0) {
      // White-space and comments, but %%EOF ends an update.
      while (pos < bytes.length) {
        const next = skipSpace(bytes, pos);
        if (next > pos && latin1(bytes, pos, next).includes("%%EOF")) {
          const rel = latin1(bytes, pos, next).indexOf("%%EOF");
          pos += rel;
          break;
        }
        if (next === pos) break;
        pos = next;
      }
      if (pos >= bytes.length) break;
      const head = latin1(bytes, pos, pos + 48);
      if (head.startsWith("%%EOF")) {
        if (cur.startxref === undefined) malformed(pos, "%%EOF without startxref");
        updates.push(cur);
        cur = { objects: [] };
        eofAt = pos;
        pos += 5;
        continue;
      }
      if (cur.startxref !== undefined) {
        malformed(pos, "something other than %%EOF after startxref");
        break;
      }
      if (head.startsWith("xref")) {
        if (cur.table) malformed(pos, "a second cross-reference table in one update");
        const section = readXrefSection(reader, pos);
        cur.table = section;
        pos = section.end;
        continue;
      }
      if (head.startsWith("trailer")) {
        malformed(pos, "a second trailer");
        break;
      }
      if (head.startsWith("startxref")) {
        const m = /^startxref[\0\t\n\f\r ]+(\d+)/.exec(head);
        if (!m) {
          malformed(pos, "a startxref without an offset");
          break;
        }
        cur.startxref = Number(m[1]);
        pos += m[0].length;
        continue;
      }
      if (/^\d+[\0\t\n\f\r ]+\d+[\0\t\n\f\r ]+obj/.test(head)) {
        if (cur.table) {
          malformed(pos, "an object after the cross-reference table");
          break;
        }
        const o = reader.at(pos);
        if (!o.hasEndobj) {
          malformed(pos, `object ${o.num} without endobj`);
          break;
        }
        cur.objects.push({ num: o.num, offset: pos, object: o.object });
        pos = o.end;
        continue;
      }
      malformed(pos, "bytes that are neither an object nor a cross-reference section");
    }
  } catch (e) {
    if (e instanceof PdfError) throw e;
    problems.push(`The update after the seal has an unreadable part (${(e as Error).message})`);
  }
  if (problems.length) return { problems, written };
  if (cur.objects.length || cur.table || cur.startxref !== undefined || eofAt < 0)
    return { problems: ["Bytes were appended after the seal that are not an incremental update of the PDF"], written };

  let prev: number;
  try {
    prev = lastStartxref(bytes, end);
  } catch {
    return { problems: ["The signed revision has no cross-reference of its own"], written };
  }
  for (const u of updates) {
    if (problems.length >= MAX_PROBLEMS) break;
    judgeUpdate(reader, u, end, prev, problems, written);
    prev = u.startxref!;
  }
  return { problems, written };
}

function judgeUpdate(reader: ObjectReader, u: Update, end: number, prev: number, problems: string[], written: Set<number>): void {
  const at = u.startxref!;
  let section: XrefSection;
  const xrefStream = u.table ? undefined : u.objects.find((o) => o.offset === at);
  if (u.table) {
    if (u.table.offset !== at) {
      problems.push("The update after the seal has a startxref that does not name its cross-reference table");
      return;
    }
    section = u.table;
  } else if (xrefStream) {
    try {
      section = readXrefSection(reader, at);
    } catch (e) {
      if (e instanceof PdfError) throw e;
      problems.push(`The update after the seal has an unreadable cross-reference stream (${(e as Error).message})`);
      return;
    }
  } else {
    problems.push("The update after the seal has a startxref that names no cross-reference section of it");
    return;
  }
  if (section.prev !== prev) {
    problems.push("The update after the seal does not continue the sealed revision's cross-reference chain");
    return;
  }
  if (section.xrefStm !== undefined) problems.push("The update after the seal has a second cross-reference section (/XRefStm)");

  const objects = u.objects.filter((o) => o !== xrefStream);
  const byNum = new Map<number, (typeof objects)[number]>();
  for (const o of objects) {
    if (byNum.has(o.num)) problems.push(`Object ${o.num} is written twice in one update after the seal`);
    byNum.set(o.num, o);
  }
  const listed = new Set<number>();
  const containers = new Map<number, Map<number, number>>(); // object stream → (index → object listed there)
  for (const e of section.entries) {
    if (e.kind === "free") {
      if (e.num !== 0) problems.push(`The update after the seal deletes object ${e.num}`);
      continue;
    }
    if (e.kind === "offset") {
      if (xrefStream && e.offset === at && e.num === xrefStream.num) continue; // the xref stream lists itself
      if (e.offset < end) problems.push(`The update after the seal points object ${e.num} back at an older version of it`);
      else if (byNum.get(e.num)?.offset !== e.offset)
        problems.push(`The update after the seal names object ${e.num} at an offset where it is not`);
      else listed.add(e.num);
    } else {
      const container = byNum.get(e.stream);
      if (!container) {
        problems.push(`The update after the seal puts object ${e.num} in an object stream it does not write`);
        continue;
      }
      const slots = containers.get(e.stream) ?? new Map<number, number>();
      slots.set(e.index, e.num);
      containers.set(e.stream, slots);
      written.add(e.num);
    }
  }
  for (const [stm, slots] of containers) {
    listed.add(stm);
    const header = objectStreamHeader(byNum.get(stm)!.object, stm);
    if (!header) {
      problems.push(`Object stream ${stm}, written after the seal, cannot be read`);
      continue;
    }
    header.forEach((num, index) => {
      if (slots.get(index) !== num)
        problems.push(
          `Object stream ${stm}, written after the seal, holds object ${num}, which its cross-reference does not list there`,
        );
    });
    for (const [index, num] of slots)
      if (header[index] !== num)
        problems.push(`The update after the seal names object ${num} in object stream ${stm} where it is not`);
  }
  for (const o of objects) {
    const unlisted = `Object ${o.num} is written after the seal but not listed in its cross-reference`;
    if (!listed.has(o.num)) {
      if (!problems.includes(unlisted)) problems.push(unlisted);
    } else if (!containers.has(o.num)) written.add(o.num);
  }
}

/** The object numbers an object stream's header lists, in order; null when it is not one. */
function objectStreamHeader(o: PDFObject, num: number): number[] | null {
  if (!(o instanceof PDFRawStream)) return null;
  try {
    return readObjectStream(o, num).pairs.map(([n]) => n);
  } catch (e) {
    if (e instanceof PdfError) throw e;
    return null;
  }
}

/**
 * Why what follows byte `end` (the end of the sealing signature's byte range) is not a DSS / document
 * time-stamp update; empty when it is one (or when nothing follows).
 */
export async function changesAfter(bytes: Uint8Array, end: number, after: PDFDocument): Promise<string[]> {
  if (end >= bytes.length) return [];
  const { problems, written } = judgeLayout(bytes, end);
  if (problems.length) return problems.slice(0, MAX_PROBLEMS);
  let before: PDFDocument;
  try {
    const read = await openPdf(bytes.subarray(0, end));
    if (read.reading !== "xref") return ["The signed revision's cross-reference cannot be followed"];
    before = read.doc;
  } catch (e) {
    if (e instanceof PdfError && e.kind === "TOO_COMPLEX") throw e;
    return [...problems, "The signed revision cannot be read on its own"];
  }
  try {
    const catalogProblem = judgeCatalog(before.catalog, after.catalog, before.context, after.context);
    if (catalogProblem) problems.push(catalogProblem);
    const dssRoot = after.catalog.get(PDFName.of("DSS"));
    const scene: Scene = {
      before,
      after,
      drawn: drawnObjects(after),
      dss: reach(after.context, dssRoot === undefined ? [] : [dssRoot]),
      name: namer(after),
    };
    let dssChanged = dssRoot !== undefined && !(before.catalog.get(PDFName.of("DSS")) === dssRoot);
    const reached = new Set(after.context.enumerateIndirectObjects().map(([ref]) => ref.objectNumber));
    for (const num of written) {
      if (problems.length >= MAX_PROBLEMS) break;
      if (!reached.has(num)) problems.push(`Object ${num} was written after the seal, but nothing in the document refers to it`);
    }
    for (const [ref, obj] of after.context.enumerateIndirectObjects()) {
      if (problems.length >= MAX_PROBLEMS) break;
      const old = before.context.lookup(ref);
      if (old !== undefined && same(old, obj)) continue;
      if (scene.dss.has(ref) && !scene.drawn.has(ref)) dssChanged = true;
      const why = judgeObject(ref, old, obj, scene);
      if (why && !problems.includes(why)) problems.push(why);
    }
    const dssProblem = dssChanged ? judgeDss(after) : null;
    if (dssProblem && problems.length < MAX_PROBLEMS) problems.push(dssProblem);
  } catch (e) {
    if (e instanceof PdfError) throw e;
    problems.push("The update after the seal could not be compared with the signed revision");
  }
  return problems;
}
