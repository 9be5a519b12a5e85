/**
 * Signature fields with a placeholder value, for @signpdf/signpdf (or fillSlot in timestamp.ts) to
 * fill: a value dictionary whose /ByteRange is `[0 /********** /********** /**********]` and whose
 * /Contents is a hex string of zeros of a fixed size, an invisible widget on the first page, and the
 * field in /AcroForm /Fields with /SigFlags 3 (signatures exist, append only).
 *
 * @signpdf/signpdf finds the placeholder as text: the first /ByteRange placeholder of the file,
 * then the `<…>` after the next `/Contents `. It writes the real byte ranges into the room of the
 * placeholder names, and the signature's hex into the room of the zeros; so the value dictionary
 * is serialized here once, as bytes, and written exactly so (never into an object stream, never
 * re-spaced).
 */
import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  type PDFRef,
  PDFString,
} from "@cantoo/pdf-lib";
import { ANNOTATION_FLAGS, DEFAULT_BYTE_RANGE_PLACEHOLDER } from "@signpdf/utils";

/** /SigFlags: SignaturesExist (1) and AppendOnly (2). */
const SIG_FLAGS = 3;

export interface SignatureValue {
  /** /Type: Sig for a signature, DocTimeStamp for a document timestamp. */
  type: "Sig" | "DocTimeStamp";
  subFilter: string;
  /** Room for the CMS (or the timestamp token) in bytes: /Contents holds twice as many hex zeros. */
  contentsBytes: number;
  /** Entries after /Contents (/Reason, /M, /Name, /Prop_Build, …), in the order given. */
  entries?: Record<string, PDFObject>;
}

/** Registers the value dictionary of a signature field, as bytes; returns its reference. */
export function addSignatureValue(doc: PDFDocument, value: SignatureValue): PDFRef {
  const ctx = doc.context;
  const byteRange = PDFArray.withContext(ctx);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER));
  const dict = PDFDict.withContext(ctx);
  dict.set(PDFName.of("Type"), PDFName.of(value.type));
  dict.set(PDFName.of("Filter"), PDFName.of("Adobe.PPKLite"));
  dict.set(PDFName.of("SubFilter"), PDFName.of(value.subFilter));
  dict.set(PDFName.of("ByteRange"), byteRange);
  dict.set(PDFName.of("Contents"), PDFHexString.of("00".repeat(value.contentsBytes)));
  for (const [key, v] of Object.entries(value.entries ?? {})) dict.set(PDFName.of(key), v);
  const bytes = new Uint8Array(dict.sizeInBytes());
  dict.copyBytesInto(bytes, 0);
  return ctx.register(PDFInvalidObject.of(bytes));
}

export interface SignatureField {
  /** The field's value (addSignatureValue). */
  value: PDFRef;
  /** /T, the field's name. */
  name: string;
  /** Give the widget an empty appearance stream (/AP /N), as PDF/A asks of every widget. */
  appearance?: boolean;
}

/**
 * Adds a signature field whose widget is a zero-sized, printed annotation on the first page, lists it
 * in /AcroForm /Fields (the form made if there is none) and sets /SigFlags 3. A page's /Annots or a
 * form's /Fields held in an indirect array stay where they are; the field is added to that array.
 */
export function addSignatureField(doc: PDFDocument, field: SignatureField): PDFRef {
  const ctx = doc.context;
  const page = doc.getPage(0);
  const rect = [0, 0, 0, 0];
  const widget = ctx.register(
    ctx.obj({
      Type: "Annot",
      Subtype: "Widget",
      FT: "Sig",
      Rect: rect,
      V: field.value,
      T: PDFString.of(field.name),
      F: ANNOTATION_FLAGS.PRINT,
      P: page.ref,
      ...(field.appearance ? { AP: { N: ctx.register(ctx.formXObject([], { BBox: rect, Resources: {} })) } } : {}),
    }),
  );

  const annots = page.node.lookupMaybe(PDFName.of("Annots"), PDFArray);
  if (annots) annots.push(widget);
  else page.node.set(PDFName.of("Annots"), ctx.obj([widget]));

  let form = doc.catalog.lookupMaybe(PDFName.of("AcroForm"), PDFDict);
  if (!form) {
    form = ctx.obj({ Fields: [] });
    doc.catalog.set(PDFName.of("AcroForm"), ctx.register(form));
  }
  const flags = form.lookupMaybe(PDFName.of("SigFlags"), PDFNumber)?.asNumber() ?? 0;
  form.set(PDFName.of("SigFlags"), PDFNumber.of(flags | SIG_FLAGS));
  const fields = form.lookupMaybe(PDFName.of("Fields"), PDFArray);
  if (fields) fields.push(widget);
  else form.set(PDFName.of("Fields"), ctx.obj([widget]));
  return widget;
}
