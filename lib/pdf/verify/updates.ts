/**
 * What was appended to a PDF after a signature: PAdES B-LT and B-LTA add validation data (a /DSS
 * dictionary, ETSI EN 319 142-1 5.4) and document time-stamps (SubFilter ETSI.RFC3161) by incremental
 * update, after the signature they serve. Anything else added there (a changed page, a new annotation,
 * another signature, objects pointed back at older versions of themselves) alters what the signer
 * signed, even though the signature itself still verifies over its own byte range.
 *
 * What may follow a seal is a list of exact shapes (docs/api.md, "What may follow a seal"), never an
 * exemption such as "an invisible widget": a document time-stamp's field is a merged field and widget
 * whose /Rect is literally four zeros, whose appearance (if any) is an empty form, with no action, and
 * whose value is a new ETSI.RFC3161 dictionary; the catalog, the form and a page's /Annots may change
 * only to list such fields (the form's /DA and /DR too, when every field already has its appearance);
 * the /DSS holds certificates, OCSP responses and CRLs as streams; /Info is plain text; /Metadata is a
 * stream. Every new object must be accounted for by one of these shapes; every changed one must be one
 * of the objects they rewrite. Anything else is named as a modification.
 *
 * After a signature that is not the seal, one more shape is allowed (judgeAfter's `later`): a later
 * signature of the same file, its field, widget, appearance and value, each written before that
 * signature's own signed bytes end (Judge.signatureField; docs/api.md, "A later signature").
 *
 * How: first the bytes after the signed revision are read as a sequence of incremental updates, each
 * against its own cross-reference section (judgeLayout), and every object, trailer and object-stream
 * entry in them is read again with a strict lexer (strict-syntax.ts): a token two readers may read
 * differently is a modification, and the actions and scripts each object names are noted. Then the
 * signed revision and the whole file are both parsed, and every object of the file that is new or
 * differs from the signed revision is judged by the shapes above, by what a viewer would draw (the
 * objects reachable from the catalog through any entry but /DSS and /Metadata), never by a marker the
 * author of the update writes (a /Type, the trailer's /Info).
 */
import {
  PDFArray,
  PDFBool,
  type PDFContext,
  PDFDict,
  type PDFDocument,
  PDFName,
  PDFNull,
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
  decodeStream,
  latin1,
  lastStartxref,
  ObjectReader,
  readObjectStream,
  walkReferences,
  readXrefSection,
  skipSpace,
  type XrefSection,
} from "../xref";
import { actionsIn, readIndirectObject, readValue, StrictLexer, SyntaxProblem, type Value } from "./strict-syntax";

const MAX_PROBLEMS = 8;
/** Catalog entries a DSS or document time-stamp update may set (each judged by its own shape). */
const CATALOG_KEYS = new Set(["DSS", "AcroForm", "Extensions", "Metadata"]);
/** Form entries a time-stamp's addition may change (/DA and /DR only while no field draws from them). */
const ACROFORM_KEYS = new Set(["Fields", "SigFlags", "DA", "DR"]);
/** Entries of a document time-stamp's field (a field and its widget in one dictionary). */
const TIMESTAMP_FIELD_KEYS = new Set(["Type", "Subtype", "FT", "Rect", "V", "T", "F", "P", "AP", "DR"]);
/** Annotation flags a time-stamp widget may carry: Hidden (2), Print (4), Locked (128). */
const TIMESTAMP_FLAGS = 2 | 4 | 128;
/** Entries of a document time-stamp's value (ISO 32000-2, 12.8.5; what PAdES tools write). */
const TIMESTAMP_VALUE_KEYS = new Set([
  "Type",
  "Filter",
  "SubFilter",
  "ByteRange",
  "Contents",
  "M",
  "Name",
  "Reason",
  "Location",
  "ContactInfo",
  "Prop_Build",
  "V",
]);
/** Entries of a later signature's field when field and widget are one dictionary (ISO 32000-2, 12.7.5.5, 12.5.6.19). */
const SIGNATURE_FIELD_KEYS = new Set([
  "Type",
  "Subtype",
  "FT",
  "Rect",
  "V",
  "T",
  "TU",
  "F",
  "P",
  "AP",
  "DA",
  "DR",
  "MK",
  "Ff",
  "H",
]);
/** Entries of a later signature's field when its widget is a kid of its own. */
const SIGNATURE_PARENT_KEYS = new Set(["FT", "V", "T", "TU", "Kids", "Ff", "DA", "DR"]);
/** Entries of that kid widget. */
const SIGNATURE_KID_KEYS = new Set(["Type", "Subtype", "Rect", "F", "P", "AP", "Parent", "MK", "DA", "H"]);
/** A widget's highlighting mode (ISO 32000-2, Table 191): how it looks while clicked, never an action. */
const HIGHLIGHT_MODES = new Set(["N", "I", "O", "P", "T"]);
/** Annotation flags a later signature's widget may carry: Invisible, Hidden, Print, NoZoom, NoRotate, ReadOnly, Locked, LockedContents. */
const SIGNATURE_FLAGS = 1 | 2 | 4 | 8 | 16 | 64 | 128 | 512;
/** Entries of a later signature's value (ISO 32000-2, 12.8.1, Table 255), without /Reference or /Changes. */
const SIGNATURE_VALUE_KEYS = new Set([...TIMESTAMP_VALUE_KEYS, "Cert", "Prop_AuthTime", "Prop_AuthType"]);
/** Entries of a later signature's appearance: a form XObject. */
const APPEARANCE_KEYS = new Set([
  "Type",
  "Subtype",
  "BBox",
  "FormType",
  "Matrix",
  "Resources",
  "Length",
  "Filter",
  "DecodeParms",
]);

/** Entries of an empty appearance (a form XObject that draws nothing). */
const EMPTY_FORM_KEYS = new Set(["Type", "Subtype", "BBox", "FormType", "Matrix", "Resources", "Length", "Filter"]);
/** Entries of a stream that holds validation data (a certificate, an OCSP response, a CRL, a time-stamp token). */
const DATA_STREAM_KEYS = new Set(["Length", "Filter", "DecodeParms"]);
/** Entries of an XMP metadata stream. */
const METADATA_KEYS = new Set(["Type", "Subtype", "Length", "Filter", "DecodeParms"]);
/** Entries of a developer extension (ISO 32000-2, 7.12). */
const EXTENSION_KEYS = new Set(["Type", "BaseVersion", "ExtensionLevel", "ExtensionRevision", "URL"]);

const name = (d: PDFDict, key: string) => {
  const v = d.get(PDFName.of(key));
  return v instanceof PDFName ? v.decodeText() : undefined;
};
const keysOf = (d: PDFDict) => d.keys().map((k) => k.decodeText());
const isText = (o: PDFObject | undefined) => o instanceof PDFString || o instanceof PDFHexString;
const isInt = (o: PDFObject | undefined) => o instanceof PDFNumber && Number.isInteger(o.asNumber());

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

/** The keys whose values differ between two dictionaries (references compared as references). */
function changedKeys(a: PDFDict, b: PDFDict): string[] {
  const keys = new Set([...a.keys(), ...b.keys()].map((k) => k.decodeText()));
  return [...keys].filter((k) => {
    const x = a.get(PDFName.of(k));
    const y = b.get(PDFName.of(k));
    return !(x && y ? same(x, y) : x === y);
  });
}

/** Only names, text, numbers, booleans and direct arrays and dictionaries of them: what /Prop_Build holds. */
function isPlainData(o: PDFObject | undefined, depth = 0): boolean {
  if (depth > 8) return false;
  if (o instanceof PDFArray) return o.asArray().every((x) => isPlainData(x, depth + 1));
  if (o instanceof PDFDict) return o.values().every((x) => isPlainData(x, depth + 1));
  return isText(o) || o instanceof PDFName || o instanceof PDFNumber || o instanceof PDFBool;
}

const capitalize = (t: string) => t.charAt(0).toUpperCase() + t.slice(1);
const asArray = (o: PDFObject | undefined) => (o instanceof PDFArray ? o.asArray() : undefined);

/** Catalog entries whose objects a viewer does not draw: validation data and XMP metadata. */
const UNDRAWN_CATALOG_KEYS = new Set(["DSS", "Metadata"]);

/** Every object reachable from `from` through references (direct containers followed, stream dictionaries too). */
function reach(ctx: PDFContext, from: (PDFObject | undefined)[], into = new Set<PDFRef>()): Set<PDFRef> {
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

/** Why `o` is not a stream of validation data (its dictionary says only how its bytes are stored). */
function dataStreamProblem(ctx: PDFContext, o: PDFObject | undefined): string | null {
  const s = o instanceof PDFRef ? ctx.lookup(o) : undefined;
  if (!(s instanceof PDFRawStream)) return "holds something other than streams";
  const extra = keysOf(s.dict).find((k) => !DATA_STREAM_KEYS.has(k));
  return extra ? `holds a stream with a /${extra} entry` : null;
}

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
      const why = dataStreamProblem(ctx, item);
      if (why) return `its ${what} ${why}`;
    }
    return null;
  };
  const check = (d: PDFObject | undefined, keys: Set<string>, type: string, arrays: string[]): string | null => {
    if (!(d instanceof PDFDict)) return "it is not a dictionary";
    for (const [k, v] of d.entries()) {
      const key = k.decodeText();
      if (!keys.has(key)) return `it has a /${key} entry`;
      // A tool in the corpus writes a /VRI entry's optional /Type as the text (VRI): nothing draws a /DSS,
      // and validators read the entry by where it is, so the text says no more than the name.
      const typeText = type === "VRI" && isText(v) ? (v as PDFString | PDFHexString).decodeText() : undefined;
      if (key === "Type" && !(v instanceof PDFName && v.decodeText() === type) && typeText !== type)
        return `its /Type is not /${type}`;
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
    for (const [key, entry] of dict.entries()) {
      // Some tools (Software602) give the /VRI dictionary itself a /Type /VRI.
      if (key.decodeText() === "Type" && entry instanceof PDFName) continue;
      const e = ctx.lookup(entry);
      let bad = check(e, VRI_KEYS, "VRI", ["Cert", "OCSP", "CRL"]);
      const ts = e instanceof PDFDict ? e.get(PDFName.of("TS")) : undefined;
      if (!bad && ts !== undefined) {
        const tsWhy = dataStreamProblem(ctx, ts);
        if (tsWhy) bad = `its /TS ${tsWhy}`;
      }
      const tu = e instanceof PDFDict ? e.get(PDFName.of("TU")) : undefined;
      if (!bad && tu !== undefined && !isText(tu)) bad = "a /TU is not a date";
      if (bad) return `The /DSS added after the seal is not validation data: a /VRI entry: ${bad}`;
    }
  }
  return null;
}

/**
 * Whether an object nothing refers to is one of the pieces of a /DSS that a later DSS update replaced
 * (DSS and Adobe write a whole new /DSS and leave the old one behind): a /DSS or /VRI dictionary, the
 * /VRI dictionary of entries named by a signature's SHA-1, an array of references, a stream whose
 * dictionary only says how its bytes are stored, or an integer (an indirect /Length). None of them is a
 * page, an annotation, a field, a signature, an action, a font or anything else a reader that scans the
 * file looks for by its /Type or keys. An object written in an object stream is not one (fail closed).
 */
function isOrphanedValidationData(o: PDFObject | undefined): boolean {
  if (o instanceof PDFRawStream) return keysOf(o.dict).every((k) => DATA_STREAM_KEYS.has(k));
  if (o instanceof PDFNumber) return Number.isInteger(o.asNumber());
  if (o instanceof PDFArray) return o.asArray().every((v) => v instanceof PDFRef);
  if (!(o instanceof PDFDict)) return false;
  const refs = (v: PDFObject) => v instanceof PDFRef || (v instanceof PDFArray && v.asArray().every((x) => x instanceof PDFRef));
  const type = o.get(PDFName.of("Type"));
  if (type !== undefined && !(type instanceof PDFName && ["DSS", "VRI"].includes(type.decodeText()))) return false;
  return o.entries().every(([k, v]) => {
    const key = k.decodeText();
    if (key === "Type") return true;
    if (DSS_KEYS.has(key) || VRI_KEYS.has(key)) return key === "TU" ? isText(v) : refs(v);
    // A /VRI dictionary: each key the hex SHA-1 of a signature's /Contents, each value an entry.
    return /^[0-9A-Fa-f]{40}$/.test(key) && (v instanceof PDFRef || (v instanceof PDFDict && isOrphanedValidationData(v)));
  });
}

/** Document information as viewers show it: text, names, numbers and booleans written in the dictionary itself. */
function isPlainInfo(o: PDFObject): boolean {
  return (
    o instanceof PDFDict &&
    o.values().every((v) => isText(v) || v instanceof PDFName || v instanceof PDFNumber || v instanceof PDFBool)
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

/**
 * The signed revision and the file as it is now, judged by the shapes that may follow a seal. Each
 * shape that is accepted claims the new objects it accounts for; a new object nothing claims is a
 * modification, whatever it says it is.
 */
class Judge {
  readonly bctx: PDFContext;
  readonly actx: PDFContext;
  readonly name: (ref: PDFRef) => string;
  /** New objects an accepted shape accounts for, by tag. */
  private readonly claimed = new Set<string>();
  private readonly fields = new Map<string, string | null>();
  private readonly pages: Set<string>;
  /** Indirect arrays that list a page's annotations (/Annots), and the form's fields (/Fields). */
  readonly annots = new Set<string>();
  readonly fieldLists = new Set<string>();
  readonly drawn: Set<PDFRef>;
  readonly dss: Set<PDFRef>;

  /** Later signatures accepted as signing again (their value dictionaries). */
  readonly accepted = new Set<PDFDict>();
  private readonly sigFields = new Map<string, string | null>();

  /**
   * `later`: the file's later signatures (value dictionary → end of its signed bytes) whose addition
   * is allowed; `definedAt`: where each object written after the seal is (its update's offset).
   */
  constructor(
    readonly before: PDFDocument,
    readonly after: PDFDocument,
    readonly later: ReadonlyMap<PDFDict, number> = new Map(),
    readonly definedAt: ReadonlyMap<number, number> = new Map(),
  ) {
    this.bctx = before.context;
    this.actx = after.context;
    this.name = namer(after);
    this.pages = new Set(after.getPages().map((p) => p.ref.tag));
    for (const p of after.getPages()) {
      const annots = p.node.get(PDFName.of("Annots"));
      if (annots instanceof PDFRef) this.annots.add(annots.tag);
    }
    const form = this.actx.lookup(after.catalog.get(PDFName.of("AcroForm")));
    const fields = form instanceof PDFDict ? form.get(PDFName.of("Fields")) : undefined;
    if (fields instanceof PDFRef) this.fieldLists.add(fields.tag);
    const dssRoot = after.catalog.get(PDFName.of("DSS"));
    this.drawn = drawnObjects(after);
    this.dss = reach(this.actx, dssRoot === undefined ? [] : [dssRoot]);
  }

  isNew(o: PDFObject | undefined): o is PDFRef {
    return o instanceof PDFRef && this.bctx.lookup(o) === undefined;
  }

  isClaimed(ref: PDFRef): boolean {
    return this.claimed.has(ref.tag);
  }

  /**
   * Claims `o` when new; `deep`: and the new objects it refers to (the fonts a new /DR brings), but
   * never one a page draws (a page's content must not come in through the form's resources).
   */
  private claim(o: PDFObject | undefined, deep = false) {
    if (o instanceof PDFRef && this.isNew(o)) this.claimed.add(o.tag);
    if (!deep) return;
    this.pageReach ??= reach(this.actx, [this.after.catalog.get(PDFName.of("Pages"))]);
    for (const ref of reach(this.actx, [o])) if (this.isNew(ref) && !this.pageReach.has(ref)) this.claimed.add(ref.tag);
  }
  private pageReach?: Set<PDFRef>;

  /** Why `o` is not a new document time-stamp field as PAdES tools write it; null when it is (its parts then claimed). */
  timestampField(o: PDFObject): string | null {
    if (!(o instanceof PDFRef)) return "it is not an object of its own";
    if (!this.fields.has(o.tag)) this.fields.set(o.tag, this.judgeTimestampField(o));
    return this.fields.get(o.tag)!;
  }

  private judgeTimestampField(ref: PDFRef): string | null {
    if (!this.isNew(ref)) return "it is an object of the signed revision";
    const d = this.actx.lookup(ref);
    if (!(d instanceof PDFDict)) return "it is not a dictionary";
    const extra = keysOf(d).find((k) => !TIMESTAMP_FIELD_KEYS.has(k));
    if (extra) return `it has a /${extra} entry`;
    const get = (k: string) => d.get(PDFName.of(k));
    if (name(d, "Subtype") !== "Widget") return "its /Subtype is not /Widget";
    if (name(d, "FT") !== "Sig") return "it is not a signature field (/FT /Sig)";
    if (get("Type") !== undefined && name(d, "Type") !== "Annot") return "its /Type is not /Annot";
    const rect = get("Rect");
    if (!(
      rect instanceof PDFArray &&
      rect.size() === 4 &&
      rect.asArray().every((x) => x instanceof PDFNumber && x.asNumber() === 0)
    ))
      return "its /Rect is not [0 0 0 0]";
    const f = get("F");
    if (
      f !== undefined &&
      !(isInt(f) && (f as PDFNumber).asNumber() >= 0 && ((f as PDFNumber).asNumber() & ~TIMESTAMP_FLAGS) === 0)
    )
      return "its /F (annotation flags) holds more than Hidden, Print and Locked";
    if (!isText(get("T"))) return "its /T (the field's name) is not text";
    const p = get("P");
    if (p !== undefined && !(p instanceof PDFRef && this.pages.has(p.tag))) return "its /P is not a page";
    const dr = get("DR");
    if (dr !== undefined && !(dr instanceof PDFDict && dr.keys().length === 0)) return "its /DR is not empty";
    const ap = this.emptyAppearance(get("AP"));
    if (ap) return ap;
    const value = this.timestampValue(get("V"));
    if (value) return value;
    this.claimed.add(ref.tag);
    return null;
  }

  /** Why `o` is neither a new document time-stamp's field nor (where allowed) a later signature's; null when it is one. */
  addedField(o: PDFObject): string | null {
    const ts = this.timestampField(o);
    if (!ts) return null;
    const what = o instanceof PDFRef ? `object ${o.objectNumber}` : String(o);
    if (!this.later.size || !(o instanceof PDFRef)) return `${what} is not a document time-stamp's field: ${ts}`;
    const sig = this.signatureField(o);
    return sig ? `${what} is neither a document time-stamp's field (${ts}) nor a later signature's (${sig})` : null;
  }

  /**
   * Why `o` is not a new field of a later signature of this file, as signing tools write it: a
   * signature field and its widget (one dictionary, or a field whose one kid is the widget), a new
   * value that is one of the later signatures, an appearance that is a form XObject with resources of
   * its own; every part written before that signature's signed bytes end (it signed them). Null when
   * it is (its parts then claimed).
   */
  signatureField(o: PDFRef): string | null {
    if (!this.sigFields.has(o.tag)) this.sigFields.set(o.tag, this.judgeSignatureField(o));
    return this.sigFields.get(o.tag)!;
  }

  private judgeSignatureField(ref: PDFRef): string | null {
    if (!this.isNew(ref)) return "it is an object of the signed revision";
    const d = this.actx.lookup(ref);
    if (!(d instanceof PDFDict)) return "it is not a dictionary";
    const parent = d.get(PDFName.of("Parent"));
    if (parent !== undefined) {
      // A widget of its own: judged with its field, which must list it as its one kid.
      if (!(parent instanceof PDFRef) || !this.isNew(parent)) return "its /Parent is not a new object";
      const kids = asArray(this.actx.lookup(this.actx.lookup(parent, PDFDict).get(PDFName.of("Kids"))));
      if (!(kids?.length === 1 && kids[0] === ref)) return "its field (/Parent) does not list it as its one kid";
      const why = this.signatureField(parent);
      return why ? `its field (/Parent): ${why}` : null;
    }
    const kids = d.get(PDFName.of("Kids"));
    const parts: PDFRef[] = [ref];
    let widget: PDFDict = d;
    if (kids !== undefined) {
      const extra = keysOf(d).find((k) => !SIGNATURE_PARENT_KEYS.has(k));
      if (extra) return `it has a /${extra} entry`;
      const list = asArray(this.actx.lookup(kids));
      const kid = list?.length === 1 ? list[0] : undefined;
      if (!(kid instanceof PDFRef) || !this.isNew(kid)) return "its /Kids is not one new widget";
      if (kids instanceof PDFRef) {
        if (!this.isNew(kids)) return "its /Kids is an object of the signed revision";
        parts.push(kids);
      }
      const k = this.actx.lookup(kid);
      if (!(k instanceof PDFDict)) return "its kid is not a dictionary";
      const kextra = keysOf(k).find((x) => !SIGNATURE_KID_KEYS.has(x));
      if (kextra) return `its widget has a /${kextra} entry`;
      if (k.get(PDFName.of("Parent")) !== ref) return "its widget's /Parent is not the field";
      widget = k;
      parts.push(kid);
    } else {
      const extra = keysOf(d).find((k) => !SIGNATURE_FIELD_KEYS.has(k));
      if (extra) return `it has a /${extra} entry`;
    }
    const get = (k: string) => d.get(PDFName.of(k));
    const wget = (k: string) => widget.get(PDFName.of(k));
    if (name(d, "FT") !== "Sig") return "it is not a signature field (/FT /Sig)";
    if (!isText(get("T"))) return "its /T (the field's name) is not text";
    if (get("TU") !== undefined && !isText(get("TU"))) return "its /TU is not text";
    if (get("Ff") !== undefined && !isInt(get("Ff"))) return "its /Ff is not a number";
    if (name(widget, "Subtype") !== "Widget") return "its /Subtype is not /Widget";
    if (wget("Type") !== undefined && name(widget, "Type") !== "Annot") return "its /Type is not /Annot";
    const rect = wget("Rect");
    if (!(rect instanceof PDFArray && rect.size() === 4 && rect.asArray().every((x) => x instanceof PDFNumber)))
      return "its /Rect is not four numbers";
    const f = wget("F");
    if (
      f !== undefined &&
      !(isInt(f) && (f as PDFNumber).asNumber() >= 0 && ((f as PDFNumber).asNumber() & ~SIGNATURE_FLAGS) === 0)
    )
      return "its /F (annotation flags) holds a flag a signature's widget does not need (NoView, ToggleNoView)";
    const p = wget("P");
    if (p !== undefined && !(p instanceof PDFRef && this.pages.has(p.tag))) return "its /P is not a page";
    for (const o of [d, widget]) {
      const da = o.get(PDFName.of("DA"));
      if (da !== undefined && !isText(da)) return "its /DA is not text";
    }
    const h = wget("H");
    if (h !== undefined && !(h instanceof PDFName && HIGHLIGHT_MODES.has(h.decodeText())))
      return "its /H (highlighting mode) is not one of /N /I /O /P /T";
    const mk = wget("MK");
    if (mk !== undefined && !(mk instanceof PDFDict && isPlainData(mk)))
      return "its /MK (appearance characteristics) is not plain data";
    const dr = get("DR");
    if (dr !== undefined) {
      if (!(this.actx.lookup(dr) instanceof PDFDict)) return "its /DR is not a dictionary";
      const more = this.newParts([dr]);
      if (typeof more === "string") return `its /DR: ${more}`;
      parts.push(...more);
    }
    const ap = wget("AP");
    if (ap !== undefined) {
      const more = this.appearance(ap);
      if (typeof more === "string") return more;
      parts.push(...more);
    }
    const v = get("V");
    if (!this.isNew(v)) return "its value (/V) is not a new object";
    const value = this.actx.lookup(v);
    const end = value instanceof PDFDict ? this.later.get(value) : undefined;
    if (!(value instanceof PDFDict) || end === undefined) return "its value (/V) is not one of the file's later signatures";
    const why = this.signatureValue(value);
    if (why) return why;
    parts.push(v);
    // The later signature signed its own field: every part is written before its signed bytes end.
    for (const part of parts) {
      const at = this.definedAt.get(part.objectNumber);
      if (at === undefined || at >= end) return `${this.name(part)} is written after that signature's signed bytes`;
    }
    for (const part of parts) this.claimed.add(part.tag);
    this.accepted.add(value);
    return null;
  }

  /** Why a later signature's value is not a signature dictionary as signing tools write it (no /Reference, no /Changes). */
  private signatureValue(d: PDFDict): string | null {
    const extra = keysOf(d).find((k) => !SIGNATURE_VALUE_KEYS.has(k));
    if (extra) return `its value has a /${extra} entry`;
    const get = (k: string) => d.get(PDFName.of(k));
    if (isDocumentTimestamp(d)) return "its value is a document time-stamp";
    if (get("Type") !== undefined && name(d, "Type") !== "Sig") return "its value's /Type is not /Sig";
    for (const k of ["Filter", "SubFilter", "Prop_AuthType"])
      if (get(k) !== undefined && !(get(k) instanceof PDFName)) return `its value's /${k} is not a name`;
    const signed = signedValueProblem(d);
    if (signed) return signed;
    for (const k of ["V", "Prop_AuthTime"])
      if (get(k) !== undefined && !isInt(get(k))) return `its value's /${k} is not a number`;
    const cert = get("Cert");
    if (cert !== undefined && !(isText(cert) || (cert instanceof PDFArray && cert.asArray().every(isText))))
      return "its value's /Cert is not certificates";
    return null;
  }

  /** The new objects of a later signature's appearance (/AP /N, a form XObject, and what it uses), or why it is not one. */
  private appearance(ap: PDFObject): PDFRef[] | string {
    const d = this.actx.lookup(ap);
    if (!(d instanceof PDFDict) || d.keys().length !== 1 || !d.has(PDFName.of("N")))
      return "its appearance (/AP) is not one form (/N)";
    const n = d.get(PDFName.of("N"));
    const form = this.actx.lookup(n);
    if (!(n instanceof PDFRef && this.isNew(n) && form instanceof PDFRawStream))
      return "its appearance (/AP /N) is not a new form XObject";
    const fd = form.dict;
    const extra = keysOf(fd).find((k) => !APPEARANCE_KEYS.has(k));
    if (extra) return `its appearance has a /${extra} entry`;
    if (name(fd, "Subtype") !== "Form" || (fd.has(PDFName.of("Type")) && name(fd, "Type") !== "XObject"))
      return "its appearance is not a form XObject";
    const bbox = fd.get(PDFName.of("BBox"));
    if (!(bbox instanceof PDFArray && bbox.size() === 4 && bbox.asArray().every((x) => x instanceof PDFNumber)))
      return "its appearance's /BBox is not four numbers";
    const parts = this.newParts([n]);
    if (typeof parts === "string") return `its appearance: ${parts}`;
    return ap instanceof PDFRef ? (this.isNew(ap) ? [ap, ...parts] : "its /AP is an object of the signed revision") : parts;
  }

  /**
   * The new objects reachable from `from` (an appearance's forms, fonts and images), not descending
   * into objects of the signed revision; why not, when one of them is a page, an annotation, a field
   * or a signature (an appearance draws; it does not bring those in).
   */
  private newParts(from: PDFObject[]): PDFRef[] | string {
    const parts = new Set<PDFRef>();
    let why: string | null = null;
    walkReferences(from, (ref) => {
      if (why || parts.has(ref) || !this.isNew(ref)) return undefined;
      const o = this.actx.lookup(ref);
      const d = o instanceof PDFRawStream ? o.dict : o instanceof PDFDict ? o : undefined;
      const type = d ? name(d, "Type") : undefined;
      if (
        d &&
        (["Page", "Pages", "Catalog", "Annot", "Sig", "DocTimeStamp", "Action"].includes(type ?? "") ||
          d.has(PDFName.of("Rect")) ||
          d.has(PDFName.of("FT")) ||
          isSignatureDict(d))
      ) {
        why = `it refers to ${this.name(ref)}, a page, an annotation, a field, an action or a signature`;
        return undefined;
      }
      parts.add(ref);
      return o;
    });
    return why ?? [...parts];
  }

  /** Why an /AP is not empty (no entry but /N, a form that draws nothing); claims its new parts. */
  private emptyAppearance(ap: PDFObject | undefined): string | null {
    if (ap === undefined) return null;
    const d = this.actx.lookup(ap);
    if (!(d instanceof PDFDict) || d.keys().length !== 1 || !d.has(PDFName.of("N")))
      return "its appearance (/AP) is not one empty form (/N)";
    const n = d.get(PDFName.of("N"));
    const form = this.actx.lookup(n);
    if (!(form instanceof PDFRawStream)) return "its appearance (/AP /N) is not a form XObject";
    const fd = form.dict;
    const extra = keysOf(fd).find((k) => !EMPTY_FORM_KEYS.has(k));
    if (extra) return `its appearance has a /${extra} entry`;
    if (name(fd, "Subtype") !== "Form" || (fd.has(PDFName.of("Type")) && name(fd, "Type") !== "XObject"))
      return "its appearance is not a form XObject";
    const numbers = (k: string, count: number) => {
      const v = fd.get(PDFName.of(k));
      return v instanceof PDFArray && v.size() === count && v.asArray().every((x) => x instanceof PDFNumber);
    };
    if (!numbers("BBox", 4)) return "its appearance's /BBox is not four numbers";
    if (fd.has(PDFName.of("Matrix")) && !numbers("Matrix", 6)) return "its appearance's /Matrix is not six numbers";
    const formType = fd.get(PDFName.of("FormType"));
    if (formType !== undefined && !(formType instanceof PDFNumber && formType.asNumber() === 1))
      return "its appearance's /FormType is not 1";
    const filter = fd.get(PDFName.of("Filter"));
    if (filter !== undefined && name(fd, "Filter") !== "FlateDecode") return "its appearance's /Filter is not /FlateDecode";
    const length = fd.get(PDFName.of("Length"));
    if (!(this.actx.lookup(length) instanceof PDFNumber)) return "its appearance's /Length is not a number";
    const res = fd.get(PDFName.of("Resources"));
    if (res !== undefined) {
      const r = this.actx.lookup(res);
      const procSet = r instanceof PDFDict ? this.actx.lookup(r.get(PDFName.of("ProcSet"))) : undefined;
      if (
        !(r instanceof PDFDict) ||
        keysOf(r).some((k) => k !== "ProcSet") ||
        (r.has(PDFName.of("ProcSet")) && !(procSet instanceof PDFArray && procSet.asArray().every((x) => x instanceof PDFName)))
      )
        return "its appearance has resources (only an empty /Resources or a /ProcSet draws nothing)";
    }
    let data: Uint8Array;
    try {
      data = decodeStream(form);
    } catch (e) {
      if (e instanceof PdfError) throw e;
      return "its appearance cannot be decoded";
    }
    if (!data.every((c) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00))
      return "its appearance draws something";
    for (const o of [ap, n, length, res]) this.claim(o);
    return null;
  }

  /** Why /V is not a new document time-stamp's value (ETSI.RFC3161); claims it when it is. */
  private timestampValue(v: PDFObject | undefined): string | null {
    if (!this.isNew(v)) return "its value (/V) is not a new object";
    const d = this.actx.lookup(v);
    if (!(d instanceof PDFDict)) return "its value is not a dictionary";
    const extra = keysOf(d).find((k) => !TIMESTAMP_VALUE_KEYS.has(k));
    if (extra) return `its value has a /${extra} entry`;
    const get = (k: string) => d.get(PDFName.of(k));
    if (name(d, "SubFilter") !== "ETSI.RFC3161") return "its value is not a document time-stamp (/SubFilter /ETSI.RFC3161)";
    // ISO 32000-2 says /DocTimeStamp; older tools (SD-DSS among them) wrote /Sig or nothing. The
    // SubFilter, not the /Type, says how /Contents is read: a bare RFC 3161 token either way.
    const type = name(d, "Type");
    if (get("Type") !== undefined && type !== "DocTimeStamp" && type !== "Sig") return "its value's /Type is not /DocTimeStamp";
    if (get("Filter") !== undefined && !(get("Filter") instanceof PDFName)) return "its value's /Filter is not a name";
    const signed = signedValueProblem(d);
    if (signed) return signed;
    if (get("V") !== undefined && !isInt(get("V"))) return "its value's /V is not a number";
    this.claim(v);
    return null;
  }

  /**
   * Why `now` is not `old` with only new document time-stamp fields added (and the array claimed).
   * `ordered`: a page's /Annots, whose order is the order annotations are drawn in: the old entries
   * stay first, in their order. A form's /Fields has no order that changes what is drawn (the
   * calculation order is /CO): the old entries stay, each once, wherever the new ones go.
   */
  gainedOnly(old: PDFObject | undefined, now: PDFObject | undefined, ordered: boolean, holder?: PDFObject): string | null {
    if (!(now instanceof PDFArray)) return "it is not an array";
    if (old !== undefined && !(old instanceof PDFArray)) return "it replaced something that was not an array";
    const was = old?.asArray().map(String) ?? [];
    const is = now.asArray();
    let added: PDFObject[];
    if (ordered) {
      if (is.length < was.length || was.some((x, i) => String(is[i]) !== x))
        return "an entry of the signed revision was removed or moved";
      added = is.slice(was.length);
    } else {
      const left = new Map<string, number>();
      for (const x of was) left.set(x, (left.get(x) ?? 0) + 1);
      added = [];
      for (const x of is) {
        const n = left.get(String(x)) ?? 0;
        if (n > 0) left.set(String(x), n - 1);
        else added.push(x);
      }
      if ([...left.values()].some((n) => n > 0)) return "an entry of the signed revision was removed";
    }
    for (const item of added) {
      const why = this.addedField(item);
      if (why) return why;
    }
    this.claim(holder);
    return null;
  }

  /** Why a page's change is not the addition of document time-stamp widgets to its /Annots. */
  page(ref: PDFRef, before: PDFDict, after: PDFDict): string | null {
    const what = this.name(ref);
    for (const k of changedKeys(before, after)) {
      if (k !== "Annots") return `${capitalize(what)}: its /${k} changed after the seal`;
      const b = before.get(PDFName.of(k));
      const a = after.get(PDFName.of(k));
      if (a instanceof PDFRef && a === b) continue; // an indirect array is judged on its own
      const why = this.gainedOnly(this.bctx.lookup(b), this.actx.lookup(a), true, a);
      if (why) return `Annotations were added to a page after the seal (${what}): ${why}`;
    }
    return null;
  }

  /**
   * Why the form's change is not what a document time-stamp's addition writes: /Fields gaining only
   * such fields; /SigFlags SignaturesExist and AppendOnly; /DA and /DR (the defaults a viewer draws a
   * field from) only while every field has its own appearance and /NeedAppearances is not asked.
   */
  acroForm(before: PDFDict, after: PDFDict): string | null {
    for (const k of changedKeys(before, after)) {
      if (!ACROFORM_KEYS.has(k)) return `The form's /${k} changed after the seal`;
      const b = before.get(PDFName.of(k));
      const a = after.get(PDFName.of(k));
      if (k === "Fields") {
        if (a instanceof PDFRef && a === b) continue; // an indirect array is judged on its own
        const why = this.gainedOnly(this.bctx.lookup(b), this.actx.lookup(a), false, a);
        if (why) return `Form fields other than a document time-stamp were added after the seal: ${why}`;
      } else if (k === "SigFlags") {
        if (!(isInt(a) && ((a as PDFNumber).asNumber() & ~3) === 0))
          return "The form's /SigFlags changed after the seal to more than SignaturesExist and AppendOnly";
      } else {
        const why = this.drawsFromDefaults(after);
        if (why) return `The form's /${k} changed after the seal while ${why}`;
        if (k === "DA" && a !== undefined && !isText(a))
          return "The form's /DA changed after the seal to something that is not text";
        if (k === "DR" && a !== undefined && !(this.actx.lookup(a) instanceof PDFDict))
          return "The form's /DR changed after the seal to something that is not a dictionary";
        this.claim(a, true);
      }
    }
    return null;
  }

  /** Why a viewer may draw a field from the form's /DA and /DR; null when every field has its own appearance. */
  private drawsFromDefaults(form: PDFDict): string | null {
    const need = this.actx.lookup(form.get(PDFName.of("NeedAppearances")));
    if (need instanceof PDFBool && need.asBoolean()) return "the form asks viewers to draw its fields (/NeedAppearances)";
    const stack: [PDFObject | undefined, string | undefined][] = (
      asArray(this.actx.lookup(form.get(PDFName.of("Fields")))) ?? []
    ).map((f) => [f, undefined]);
    const seen = new Set<string>();
    while (stack.length) {
      const [o, inherited] = stack.pop()!;
      if (o instanceof PDFRef) {
        if (seen.has(o.tag)) continue;
        seen.add(o.tag);
        if (seen.size > 100_000) return "the form has too many fields to check";
      }
      const d = this.actx.lookup(o);
      if (!(d instanceof PDFDict)) continue;
      const ft = name(d, "FT") ?? inherited;
      const kids = asArray(this.actx.lookup(d.get(PDFName.of("Kids"))));
      if (kids) for (const k of kids) stack.push([k, ft]);
      if (!(d.has(PDFName.of("Rect")) || name(d, "Subtype") === "Widget")) continue;
      const ap = this.actx.lookup(d.get(PDFName.of("AP")));
      if (ap instanceof PDFDict && ap.has(PDFName.of("N"))) continue;
      const rect = d.get(PDFName.of("Rect"));
      const nothing =
        rect instanceof PDFArray &&
        rect.size() === 4 &&
        rect.asArray().every((x) => x instanceof PDFNumber && x.asNumber() === 0);
      if (ft === "Sig" && nothing) continue;
      return `a field (${o instanceof PDFRef ? `object ${o.objectNumber}` : "a direct one"}) has no appearance of its own`;
    }
    return null;
  }

  /** Why the catalog's change is not what a DSS or document time-stamp update writes. */
  catalog(): string[] {
    const before = this.before.catalog;
    const after = this.after.catalog;
    const problems: string[] = [];
    for (const k of changedKeys(before, after)) {
      if (!CATALOG_KEYS.has(k)) {
        problems.push(`The document catalog's /${k} changed after the seal`);
        continue;
      }
      const b = before.get(PDFName.of(k));
      const a = after.get(PDFName.of(k));
      if (k === "AcroForm") {
        if (a instanceof PDFRef && a === b) continue; // the form's own object is judged on its own
        const old = b === undefined ? PDFDict.withContext(this.bctx) : this.bctx.lookup(b);
        const now = this.actx.lookup(a);
        if (!(old instanceof PDFDict && now instanceof PDFDict) || (a instanceof PDFRef && !this.isNew(a))) {
          problems.push("The form of the document (AcroForm) was replaced after the seal");
          continue;
        }
        const why = this.acroForm(old, now);
        if (why) problems.push(why);
        else this.claim(a);
      } else if (k === "Extensions") {
        const why = this.extensions(a);
        if (why) problems.push(`The document catalog's /Extensions changed after the seal: ${why}`);
      } else if (k === "Metadata") {
        const m = this.actx.lookup(a);
        const extra = m instanceof PDFRawStream ? keysOf(m.dict).find((x) => !METADATA_KEYS.has(x)) : "none";
        if (!(a instanceof PDFRef) || extra)
          problems.push("The document's /Metadata was replaced by something other than a metadata stream");
      }
      // /DSS: judged by judgeDss, once.
    }
    return problems;
  }

  /** Why /Extensions is not developer extensions (ISO 32000-2, 7.12: a prefix → dictionaries of versions). */
  private extensions(o: PDFObject | undefined): string | null {
    const d = this.actx.lookup(o);
    if (!(d instanceof PDFDict)) return "it is not a dictionary";
    for (const [k, v] of d.entries()) {
      if (k.decodeText() === "Type" && v instanceof PDFName) continue; // /Type /Extensions, as some tools write
      const one = this.actx.lookup(v);
      for (const x of one instanceof PDFArray ? one.asArray() : [v]) {
        const e = this.actx.lookup(x);
        if (!(e instanceof PDFDict)) return "an extension is not a dictionary";
        const extra = keysOf(e).find((k) => !EXTENSION_KEYS.has(k));
        if (extra) return `an extension has a /${extra} entry`;
        if (!e.values().every((y) => isPlainData(y))) return "an extension holds more than names, numbers and text";
        this.claim(x);
      }
      this.claim(v);
    }
    this.claim(o);
    return null;
  }

  /** Why an object that is new or changed after the seal is not part of an accepted shape. */
  object(ref: PDFRef, before: PDFObject | undefined, after: PDFObject): string | null {
    const { actx } = this;
    const what = this.name(ref);
    if (ref === actx.trailerInfo.Root || this.isClaimed(ref)) return null; // the catalog is judged by catalog()
    if (!this.drawn.has(ref)) {
      // Nothing a viewer draws refers to it: validation data, XMP metadata or document information.
      if (this.dss.has(ref)) return null; // the /DSS's structure is judged once, by judgeDss
      if (ref === this.after.catalog.get(PDFName.of("Metadata")))
        return after instanceof PDFRawStream && keysOf(after.dict).every((k) => METADATA_KEYS.has(k))
          ? null
          : "The document's /Metadata was replaced by something other than a metadata stream";
      if (ref === actx.trailerInfo.Info)
        return isPlainInfo(after) ? null : "The document information (/Info) written after the seal is not plain text";
      if (before === undefined) return `Object ${ref.objectNumber} was added after the seal outside the validation data`;
      return `An object of the sealed revision (${what}) was replaced after the seal`;
    }
    if (after instanceof PDFRawStream) {
      if (before === undefined) return `New content (${what}, a stream) was added after the seal`;
      return `A stream (${what}: page content, an image or a font) changed after the seal`;
    }
    if (after instanceof PDFArray) {
      if ((this.annots.has(ref.tag) || this.fieldLists.has(ref.tag)) && before instanceof PDFArray) {
        const why = this.gainedOnly(before, after, this.annots.has(ref.tag));
        return why ? `An array of annotations or fields (${what}) changed after the seal: ${why}` : null;
      }
      return before === undefined ? `An array (${what}) was added after the seal` : `An array (${what}) changed after the seal`;
    }
    if (!(after instanceof PDFDict))
      return before === undefined ? `A value (${what}) was added after the seal` : `A value (${what}) changed after the seal`;

    const type = name(after, "Type");
    if (isSignatureDict(after)) {
      if (before !== undefined) return `A signature dictionary (${what}) changed after the seal`;
      return "Another signature was added after the seal";
    }
    if (type === "Page") {
      if (!(before instanceof PDFDict)) return "A page was added after the seal";
      return this.page(ref, before, after);
    }
    if (type === "Pages") return "The page tree changed after the seal";
    if (
      (name(after, "Subtype") !== undefined && after.has(PDFName.of("Rect"))) ||
      type === "Annot" ||
      after.has(PDFName.of("FT"))
    ) {
      if (before !== undefined) return `An annotation or form field (${what}) changed after the seal`;
      const why = name(after, "FT") === "Sig" ? this.timestampField(ref) : null;
      return `An annotation or form field was added after the seal${why ? ` (${what}: ${why})` : ""}`;
    }
    const acroForm = this.after.catalog.get(PDFName.of("AcroForm"));
    if (ref === acroForm && before instanceof PDFDict) return this.acroForm(before, after);
    return before === undefined
      ? `An object (${what}${type ? `, /Type /${type}` : ""}) was added after the seal`
      : `A dictionary (${what}${type ? `, /Type /${type}` : ""}) changed after the seal`;
  }
}

/** What the bytes after the seal were found to be: its updates, each read as a reader reads it. */
interface UpdateLayout {
  problems: string[];
  /** Objects written in the updates, by number (a later update's definition replaces an earlier one's). */
  written: Set<number>;
  /** By object number (-1: a trailer), the actions and scripts its bytes name (see actionsIn). */
  actions: Map<number, { key: string; name: string }[]>;
  /** Each object written uncompressed after the seal, as its latest update wrote it. */
  objects: Map<number, PDFObject>;
  /** Where each object written after the seal is, by its latest update (a compressed one: its object stream's offset). */
  definedAt: Map<number, number>;
}

/** One incremental update: its objects, its cross-reference section, `startxref` and `%%EOF`. */
interface Update {
  objects: { num: number; offset: number; end: number; object: PDFObject }[];
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
 * Then every object and trailer is read again strictly (judgeSyntax).
 */
function judgeLayout(bytes: Uint8Array, end: number, after: PDFDocument): UpdateLayout {
  const problems: string[] = [];
  const written = new Set<number>();
  const actions = new Map<number, { key: string; name: string }[]>();
  const objects = new Map<number, PDFObject>();
  const definedAt = new Map<number, number>();
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
        cur.objects.push({ num: o.num, offset: pos, end: o.end, object: o.object });
        pos = o.end;
        continue;
      }
      malformed(pos, "bytes that are neither an object nor a cross-reference section");
    }
  } catch (e) {
    if (e instanceof PdfError) throw e;
    // Say why, when it is a token or structure the strict reading names.
    let why = `The update after the seal has an unreadable part (${(e as Error).message})`;
    try {
      readIndirectObject(bytes, pos, (ref) => lengthOf(after, ref));
    } catch (s) {
      if (s instanceof SyntaxProblem)
        why = `The bytes after the seal are not well-formed PDF, so readers may read them differently: ${s.what} at byte ${s.at}`;
    }
    problems.push(why);
  }
  if (problems.length) return { problems, written, actions, objects, definedAt };
  if (cur.objects.length || cur.table || cur.startxref !== undefined || eofAt < 0)
    return {
      problems: ["Bytes were appended after the seal that are not an incremental update of the PDF"],
      written,
      actions,
      objects,
      definedAt,
    };

  let prev: number;
  try {
    prev = lastStartxref(bytes, end);
  } catch {
    return { problems: ["The signed revision has no cross-reference of its own"], written, actions, objects, definedAt };
  }
  for (const u of updates) {
    if (problems.length >= MAX_PROBLEMS) break;
    judgeUpdate(reader, u, end, prev, problems, written, definedAt);
    prev = u.startxref!;
    for (const o of u.objects) objects.set(o.num, o.object);
  }
  if (!problems.length) judgeSyntax(bytes, updates, after, problems, actions);
  return { problems, written, actions, objects, definedAt };
}

/**
 * Reads every object, object-stream entry and trailer written after the seal again with the strict
 * lexer: a token or structure readers may read differently is a problem; the actions and scripts each
 * one names are noted, by object number, for changesAfter to compare with the signed revision.
 */
function judgeSyntax(
  bytes: Uint8Array,
  updates: Update[],
  after: PDFDocument,
  problems: string[],
  actions: Map<number, { key: string; name: string }[]>,
): void {
  const note = (num: number, value: Value) => {
    const found = actionsIn(value);
    if (found.length) actions.set(num, [...(actions.get(num) ?? []), ...found]);
  };
  const latest = new Map<number, PDFObject>();
  for (const u of updates) for (const o of u.objects) latest.set(o.num, o.object);
  // An indirect /Length: the object as this update wrote it, else as the file reads it (in an object stream).
  const length = (ref: { num: number; gen: number }) => {
    const v = latest.get(ref.num);
    if (v instanceof PDFNumber) return Number.isInteger(v.asNumber()) ? v.asNumber() : undefined;
    return lengthOf(after, ref);
  };
  const malformed = (e: SyntaxProblem, where = "") =>
    problems.push(
      `The bytes after the seal are not well-formed PDF, so readers may read them differently: ${e.what}${where} at byte ${e.at}`,
    );
  for (const u of updates) {
    for (const o of u.objects) {
      if (problems.length >= MAX_PROBLEMS) return;
      try {
        const s = readIndirectObject(bytes, o.offset, length);
        if (s.end !== o.end) {
          problems.push(`The bytes after the seal can be read two ways: where object ${o.num} ends (byte ${s.end} or ${o.end})`);
          continue;
        }
        note(o.num, s.value);
        const type = s.value.kind === "dict" ? s.value.entries.get("Type") : undefined;
        if (type?.kind === "name" && type.value === "ObjStm" && o.object instanceof PDFRawStream) {
          try {
            for (const [num, value] of objectStreamValues(o.object, o.num)) note(num, value);
          } catch (e) {
            if (e instanceof SyntaxProblem) malformed(e, ` in object stream ${o.num} (decoded)`);
            else if (e instanceof PdfError) throw e;
            // An object stream that cannot be read at all is named by judgeUpdate.
          }
        }
      } catch (e) {
        if (e instanceof SyntaxProblem) malformed(e);
        else throw e;
      }
    }
    if (u.table) {
      const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf("trailer", u.table.offset, "latin1");
      try {
        const lex = new StrictLexer(bytes, at + "trailer".length);
        const value = readValue(lex);
        if (value.kind !== "dict") throw new SyntaxProblem(at, "a trailer that is not a dictionary");
        if (lex.after !== u.table.end) throw new SyntaxProblem(at, "a trailer readers may end at different bytes");
        note(-1, value);
      } catch (e) {
        if (e instanceof SyntaxProblem) malformed(e);
        else throw e;
      }
    }
  }
}

/** An indirect /Length as the file reads it. */
function lengthOf(doc: PDFDocument, ref: { num: number; gen: number }): number | undefined {
  const v = doc.context.lookup(PDFRef.of(ref.num, ref.gen));
  return v instanceof PDFNumber && Number.isInteger(v.asNumber()) ? v.asNumber() : undefined;
}

/** The values of an object stream, each read strictly from its offset to the next one's. */
function objectStreamValues(stream: PDFRawStream, num: number): [number, Value][] {
  const { data, pairs, first } = readObjectStream(stream, num);
  const head = new StrictLexer(data, 0, first);
  for (let i = 0; i < pairs.length * 2; i++) {
    const at = head.offset();
    const v = readValue(head);
    if (v.kind !== "number" || !v.integer) throw new SyntaxProblem(at, "an object stream header that is not pairs of integers");
  }
  const out: [number, Value][] = [];
  for (const [i, [n, offset]] of pairs.entries()) {
    const start = first + offset;
    const stop = i + 1 < pairs.length ? first + pairs[i + 1]![1] : data.length;
    if (stop < start || stop > data.length) throw new SyntaxProblem(start, "an object stream whose offsets are out of order");
    const lex = new StrictLexer(data, start, stop);
    out.push([n, readValue(lex)]);
    if (lex.offset() !== stop) throw new SyntaxProblem(lex.offset(), `more than one value for object ${n}`);
  }
  return out;
}

function judgeUpdate(
  reader: ObjectReader,
  u: Update,
  end: number,
  prev: number,
  problems: string[],
  written: Set<number>,
  definedAt: Map<number, number>,
): void {
  const at = u.startxref!;
  let section: XrefSection;
  const xrefStream = u.table ? undefined : u.objects.find((o) => o.offset === at);
  if (u.table) {
    // Some tools (Certipost's) name the line break just before `xref`: qpdf ("extraneous whitespace
    // seen before xref"), poppler and pdf.js all skip white-space there and read the same table.
    // A comment or anything else in between is not skipped alike.
    if (u.table.offset !== at && !onlyWhiteSpace(reader.bytes, at, u.table.offset)) {
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
  // A table's update may also write an xref stream (PDFBox writes one beside its table, a hybrid
  // file names it by /XRefStm): harmless only when it says what the table says, so that a reader
  // that follows it (/XRefStm, or a reader that rebuilds the chain from the streams it finds) reads
  // the same objects as one that reads the table alone.
  const shadows = u.table
    ? u.objects.filter((o) => o.object instanceof PDFRawStream && name(o.object.dict, "Type") === "XRef")
    : [];
  if (u.table) {
    for (const s of shadows) {
      const why = shadowProblem(reader, s, section);
      if (why) problems.push(`The update after the seal writes a cross-reference stream (object ${s.num}) that ${why}`);
    }
    if (section.xrefStm !== undefined && !shadows.some((s) => s.offset === section.xrefStm))
      problems.push("The update after the seal names a second cross-reference section (/XRefStm) that it does not write");
  } else if (section.xrefStm !== undefined)
    problems.push("The update after the seal has a second cross-reference section (/XRefStm)");

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
      else if (byNum.get(e.num)?.offset !== e.offset && !onlyWhiteSpace(reader.bytes, e.offset, byNum.get(e.num)?.offset ?? 0))
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
      definedAt.set(e.num, container.offset);
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
    } else if (!containers.has(o.num) && !shadows.includes(o)) {
      written.add(o.num);
      definedAt.set(o.num, o.offset);
    }
  }
}

/** Whether bytes `from`…`to` are white-space only (no comment), and there is at least one. */
function onlyWhiteSpace(bytes: Uint8Array, from: number, to: number): boolean {
  if (!(from < to) || to - from > 64) return false;
  for (let i = from; i < to; i++) if (![0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20].includes(bytes[i]!)) return false;
  return true;
}

/**
 * Why an xref stream written beside an update's table does not say what the table says: each entry
 * it lists (but its own) is the table's entry for that object, its /Prev continues the same chain,
 * and the trailer entries a reader could take from it are the table trailer's; null when it does.
 */
function shadowProblem(reader: ObjectReader, s: { num: number; offset: number }, table: XrefSection): string | null {
  let stream: XrefSection;
  try {
    stream = readXrefSection(reader, s.offset);
  } catch (e) {
    if (e instanceof PdfError) throw e;
    return "cannot be read";
  }
  const byNum = new Map(table.entries.map((e) => [e.num, e]));
  for (const e of stream.entries) {
    const t = byNum.get(e.num);
    if (e.num === s.num) continue; // itself: nothing refers to it, and the table lists it (or it is named unlisted)
    if (!t) return `lists object ${e.num}, which its table does not`;
    const same =
      e.kind === t.kind &&
      (e.kind === "free" || e.gen === t.gen) &&
      (e.kind !== "offset" || (t.kind === "offset" && e.offset === t.offset));
    if (!same) return `names object ${e.num} otherwise than its table`;
  }
  if (stream.prev !== undefined && stream.prev !== table.prev) return "continues another cross-reference chain (/Prev)";
  for (const key of ["Root", "Info", "Encrypt", "XRefStm"]) {
    const v = stream.trailer.get(PDFName.of(key));
    if (key === "XRefStm" ? v !== undefined : v !== undefined && !same(v, table.trailer.get(PDFName.of(key)) ?? PDFNull))
      return `names another /${key} than its trailer`;
  }
  return null;
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
  return (await judgeAfter(bytes, end, after)).problems;
}

/**
 * As changesAfter, for a signature after which the file was signed again: `later` names the file's
 * later signatures (value dictionary → end of its signed bytes) whose addition (docs/api.md, "A later
 * signature") is then a shape of its own. `signedLater`: those found added so.
 */
export async function judgeAfter(
  bytes: Uint8Array,
  end: number,
  after: PDFDocument,
  later: ReadonlyMap<PDFDict, number> = new Map(),
): Promise<{ problems: string[]; signedLater: PDFDict[] }> {
  let judge: Judge | undefined;
  const problems = await judgeAll(bytes, end, after, later, (j) => (judge = j));
  return { problems, signedLater: judge ? [...judge.accepted] : [] };
}

async function judgeAll(
  bytes: Uint8Array,
  end: number,
  after: PDFDocument,
  later: ReadonlyMap<PDFDict, number>,
  made: (judge: Judge) => void,
): Promise<string[]> {
  if (end >= bytes.length) return [];
  const { problems, written, actions, objects: writtenObjects, definedAt } = judgeLayout(bytes, end, after);
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
  const add = (why: string | null) => {
    if (why && !problems.includes(why) && problems.length < MAX_PROBLEMS) problems.push(why);
  };
  try {
    const judge = new Judge(before, after, later, definedAt);
    made(judge);
    const objects = after.context.enumerateIndirectObjects();
    const byNumber = new Map(objects.map(([ref]) => [ref.objectNumber, ref]));
    for (const [num, found] of actions) {
      if (num === -1) {
        add(`An action or script was added after the seal (${found[0]!.name} in a trailer)`);
        continue;
      }
      const ref = byNumber.get(num);
      if (!ref) continue; // written but not part of the document: named below
      // An action the signed revision already had, in an entry an update wrote again unchanged, is not added.
      const dictOf = (o: PDFObject | undefined) => (o instanceof PDFRawStream ? o.dict : o instanceof PDFDict ? o : undefined);
      const was = dictOf(before.context.lookup(ref));
      const is = dictOf(after.context.lookup(ref));
      const added = found.find(({ key }) => {
        const x = key ? was?.get(PDFName.of(key)) : undefined;
        const y = key ? is?.get(PDFName.of(key)) : undefined;
        return !(x && y && same(x, y));
      });
      if (added) add(`An action or script was added after the seal (${added.name} in ${judge.name(ref)})`);
    }
    for (const why of judge.catalog()) add(why);
    const dssRoot = after.catalog.get(PDFName.of("DSS"));
    let dssChanged = dssRoot !== undefined && !(before.catalog.get(PDFName.of("DSS")) === dssRoot);
    const reached = new Set(byNumber.keys());
    // An object nothing reaches is drawn by no viewer, but a reader that scans the file (or rebuilds a
    // broken chain) may pick it up: only validation data a later DSS update superseded may be left so.
    for (const num of written)
      if (!reached.has(num) && !isOrphanedValidationData(writtenObjects.get(num)))
        add(`Object ${num} was written after the seal, but nothing in the document refers to it`);
    const changed = objects.flatMap(([ref, obj]) => {
      const old = before.context.lookup(ref);
      return old !== undefined && same(old, obj) ? [] : [{ ref, old, obj }];
    });
    // Pages, the form and the arrays that list annotations or fields first: they claim the new
    // time-stamp fields they gain, which are then no longer unaccounted for.
    const container = ({ ref, obj }: (typeof changed)[number]) =>
      (obj instanceof PDFDict && name(obj, "Type") === "Page") ||
      judge.annots.has(ref.tag) ||
      judge.fieldLists.has(ref.tag) ||
      ref === after.catalog.get(PDFName.of("AcroForm"));
    for (const c of [...changed.filter(container), ...changed.filter((c) => !container(c))]) {
      if (judge.dss.has(c.ref) && !judge.drawn.has(c.ref)) dssChanged = true;
      add(judge.object(c.ref, c.old, c.obj));
    }
    if (dssChanged) add(judgeDss(after));
  } catch (e) {
    if (e instanceof PdfError) throw e;
    add("The update after the seal could not be compared with the signed revision");
  }
  return problems;
}

/** What a signature value and a document time-stamp value both must be: a four-number /ByteRange, a hex /Contents, text and plain data. */
function signedValueProblem(d: PDFDict): string | null {
  const get = (k: string) => d.get(PDFName.of(k));
  const br = get("ByteRange");
  if (!(br instanceof PDFArray && br.size() === 4 && br.asArray().every((x) => isInt(x) && (x as PDFNumber).asNumber() >= 0)))
    return "its value's /ByteRange is not four numbers";
  if (!(get("Contents") instanceof PDFHexString)) return "its value's /Contents is not a hex string";
  for (const k of ["M", "Name", "Reason", "Location", "ContactInfo"])
    if (get(k) !== undefined && !isText(get(k))) return `its value's /${k} is not text`;
  const build = get("Prop_Build");
  if (build !== undefined && !(build instanceof PDFDict && isPlainData(build)))
    return "its value's /Prop_Build is not plain data";
  return null;
}
