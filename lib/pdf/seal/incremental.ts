/**
 * Incremental updates (PDF 32000-1, 7.5.6): the bytes of a PDF stay as they are, and the objects
 * a later step added or changed are appended after them with a new cross-reference section.
 *
 * Why: the certificate page and the signature are appended this way after the document with the
 * values drawn, so that document is an exact prefix of the sealed file. Its SHA-256 (the "sealed
 * content" hash printed on the certificate, with its length) can be checked by anyone with
 * `head -c <length> sealed.pdf | sha256sum`, and it costs one serialization instead of three.
 */
import { flushNative } from "./ink";
import {
  PDFCrossRefSection,
  PDFCrossRefStream,
  type PDFDocument,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFRef,
  PDFStream,
  PDFTrailer,
  PDFTrailerDict,
} from "@cantoo/pdf-lib";

/** The serialized form of every indirect object that is not a stream, taken before the changes. */
export interface Snapshot {
  largest: number;
  objects: Map<string, string>;
}

/** The /Size of the last trailer (or cross-reference stream dictionary), read from the file's tail. */
function trailerSize(bytes: Uint8Array): number | undefined {
  const tail = Buffer.from(
    bytes.buffer,
    bytes.byteOffset + Math.max(0, bytes.length - 4096),
    Math.min(4096, bytes.length),
  ).toString("latin1");
  const last = [...tail.matchAll(/\/Size\s+(\d+)/g)].at(-1);
  return last ? Number(last[1]) : undefined;
}

/**
 * Call right after loading `doc` from `base` (or saving it as `base`), before any change. Also
 * makes new objects take numbers above every number the base file uses: pdf-lib does not keep
 * some objects (object streams, cross-reference streams), and a new object must not reuse one.
 */
export function snapshotObjects(doc: PDFDocument, base: Uint8Array): Snapshot {
  const size = trailerSize(base);
  if (size && size - 1 > doc.context.largestObjectNumber) doc.context.largestObjectNumber = size - 1;
  const objects = new Map<string, string>();
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFStream)) objects.set(ref.tag, obj.toString());
  }
  return { largest: doc.context.largestObjectNumber, objects };
}

/** Offset of the last cross-reference section, from the `startxref` at the end of the file. */
function lastXrefOffset(bytes: Uint8Array): number | undefined {
  const tail = Buffer.from(
    bytes.buffer,
    bytes.byteOffset + Math.max(0, bytes.length - 2048),
    Math.min(2048, bytes.length),
  ).toString("latin1");
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) return undefined;
  const off = Number(m[1]);
  return off > 0 && off < bytes.length ? off : undefined;
}

function isTableXref(bytes: Uint8Array, offset: number): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset + offset, Math.min(4, bytes.length - offset)).toString("latin1") === "xref";
}

/**
 * Appends to `base` (the bytes `doc` was loaded from or saved as when `snap` was taken) every
 * object of `doc` that is new or whose serialization changed. Streams are compared by identity
 * only: a stream that existed before is assumed unchanged (nothing here edits one in place).
 * The new section matches the base's kind: a table after a table, a stream after a stream.
 * Returns undefined when `base` has no usable `startxref` (a damaged file that pdf-lib repaired).
 */
export async function writeIncrementalUpdate(
  base: Uint8Array,
  doc: PDFDocument,
  snap: Snapshot,
): Promise<Uint8Array | undefined> {
  const prev = lastXrefOffset(base);
  if (prev === undefined) return undefined;
  await flushNative(doc); // fonts and images are written into the context only now
  const ctx = doc.context;
  const changed: [PDFRef, PDFObject][] = [];
  for (const [ref, obj] of ctx.enumerateIndirectObjects()) {
    if (ref.objectNumber > snap.largest) changed.push([ref, obj]);
    else if (!(obj instanceof PDFStream)) {
      const before = snap.objects.get(ref.tag);
      if (before === undefined || before !== obj.toString()) changed.push([ref, obj]);
    }
  }
  changed.sort((a, b) => a[0].objectNumber - b[0].objectNumber);

  const chunks: Uint8Array[] = [base];
  let offset = base.length;
  const push = (b: Uint8Array) => {
    chunks.push(b);
    offset += b.length;
  };
  const text = (s: string) => push(Buffer.from(s, "latin1"));
  /** Writes a pdf-lib object (a cross-reference section, a trailer, an object's body) as it serializes. */
  const write = (o: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }, after = "\n") => {
    const body = new Uint8Array(o.sizeInBytes());
    o.copyBytesInto(body, 0);
    push(body);
    text(after);
  };
  if (base[base.length - 1] !== 0x0a && base[base.length - 1] !== 0x0d) text("\n");

  const offsets: [PDFRef, number][] = [];
  for (const [ref, obj] of changed) {
    offsets.push([ref, offset]);
    text(`${ref.objectNumber} ${ref.generationNumber} obj\n`);
    write(obj, "\nendobj\n");
  }

  const trailer = ctx.obj({
    Size: Math.max(ctx.largestObjectNumber + 1, trailerSize(base) ?? 0),
    Root: ctx.trailerInfo.Root,
    Info: ctx.trailerInfo.Info,
    ID: ctx.trailerInfo.ID,
    Prev: PDFNumber.of(prev),
  });
  const xrefOffset = offset;
  if (isTableXref(base, prev)) {
    const xref = PDFCrossRefSection.createEmpty();
    for (const [ref, at] of offsets) xref.addEntry(ref, at);
    write(xref);
    write(PDFTrailerDict.of(trailer));
  } else {
    // The base ends with a cross-reference stream: the update's section is one too, as object Size.
    const ref = PDFRef.of(ctx.largestObjectNumber + 1);
    trailer.set(PDFName.of("Size"), PDFNumber.of(ref.objectNumber + 1));
    const xref = PDFCrossRefStream.create(trailer, true);
    for (const [r, at] of offsets) xref.addUncompressedEntry(r, at);
    xref.addUncompressedEntry(ref, xrefOffset);
    text(`${ref.objectNumber} 0 obj\n`);
    write(xref, "\nendobj\n");
  }
  write(PDFTrailer.forLastCrossRefSectionOffset(xrefOffset));
  return Buffer.concat(chunks);
}
