/**
 * Small PDFs that cost a naive reader minutes or gigabytes: the kinds an attacker would upload.
 * Written by hand (objects, a cross-reference table, a trailer) because no producer makes them.
 */
import zlib from "node:zlib";

type Obj = string | { dict: string; stream: Uint8Array };

/** A PDF's header and objects 1..n written out: a writer to go on with, and each object's offset. */
function objectsWritten(objects: Obj[]) {
  const header = Buffer.from("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n", "latin1");
  const parts: Buffer[] = [header];
  const w = { length: header.length, offsets: [] as number[], parts };
  const push = (b: Buffer) => {
    parts.push(b);
    w.length += b.length;
  };
  objects.forEach((o, i) => {
    w.offsets.push(w.length);
    if (typeof o === "string") push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, "latin1"));
    else {
      push(Buffer.from(`${i + 1} 0 obj\n<< ${o.dict} /Length ${o.stream.length} >>\nstream\n`, "latin1"));
      push(Buffer.from(o.stream));
      push(Buffer.from("\nendstream\nendobj\n", "latin1"));
    }
  });
  return { ...w, push };
}

/** Objects 1..n (object 1 is the catalog) as a PDF file with a correct xref table. */
export function pdfOf(objects: Obj[]): Uint8Array {
  const { parts, length, offsets, push } = objectsWritten(objects);
  const xref = length;
  const rows = offsets.map((off) => `${String(off).padStart(10, "0")} 00000 n \n`).join("");
  push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      "latin1",
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** A one-page document whose page draws `content` with Helvetica as /F1 and `extra` resources. */
function onePage(content: Obj, extraResources = "", extraObjects: Obj[] = []): Uint8Array {
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> ${extraResources} >> /Contents 4 0 R >>`,
    content,
    FONT,
    ...extraObjects,
  ]);
}

/**
 * A page tree that is a DAG: each of `levels` nodes lists the next node twice, so a reader that walks
 * it as a tree visits 2^levels leaves (30 levels: 10⁹ pages) in under 2 KB.
 */
export function dagPageTree(levels = 30): Uint8Array {
  const objs: Obj[] = ["<< /Type /Catalog /Pages 2 0 R >>"];
  for (let i = 0; i < levels; i++) {
    const me = i + 2;
    const kid = me + 1;
    objs.push(`<< /Type /Pages /Kids [${kid} 0 R ${kid} 0 R] /Count ${2 ** (levels - i)} ${i ? `/Parent ${me - 1} 0 R` : ""} >>`);
  }
  const leaf = levels + 2;
  objs.push(`<< /Type /Page /Parent ${leaf - 1} 0 R /MediaBox [0 0 612 792] >>`);
  return pdfOf(objs);
}

/** A content stream that is Flate over Flate of `mb` MB of zeros (a few KB on disk). */
export function doubleFlateBomb(mb = 1024): Uint8Array {
  const inner = deflateZerosStreamed(mb * 1024 * 1024);
  const outer = zlib.deflateSync(inner, { level: 9 });
  return onePage({ dict: "/Filter [/FlateDecode /FlateDecode]", stream: outer });
}

/** The same through filters pdf-lib decodes (ASCIIHex over Flate), so its decoders are the ones bounded. */
export function hexFlateBomb(mb = 256): Uint8Array {
  const inner = deflateZerosStreamed(mb * 1024 * 1024);
  const hex = Buffer.from(inner.toString("hex") + ">", "latin1");
  const outer = zlib.deflateSync(hex, { level: 9 });
  return onePage({ dict: "/Filter [/FlateDecode /ASCIIHexDecode /FlateDecode]", stream: outer });
}

/** zlib data of `total` zero bytes, made a slice at a time so the zeros are never held whole. */
function deflateZerosStreamed(total: number): Buffer {
  const chunk = 1 << 22;
  // Each slice is compressed on its own and ends on a byte boundary (sync flush): slices concatenate
  // into one valid deflate stream, closed by a final empty block.
  const slice = zlib.deflateRawSync(Buffer.alloc(chunk), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = [Buffer.from([0x78, 0xda])];
  for (let n = 0; n < total; n += chunk) parts.push(slice);
  parts.push(zlib.deflateRawSync(Buffer.alloc(0)));
  // Adler-32 of n zero bytes: a = 1, b = n mod 65521.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((Math.ceil(total / chunk) * chunk) % 65521) * 65536 + 1) >>> 0);
  parts.push(adler);
  return Buffer.concat(parts);
}

/**
 * An object stream declaring `n` objects whose header lists the same object again and again: tiny
 * compressed, and a million objects for a parser to build. The page uses object 7 from it, and the
 * file's cross-reference (a stream) says so: a reader that follows it must open the object stream.
 */
export function objectStreamBomb(n = 1_000_000): Uint8Array {
  const header = Buffer.from("7 0 ".repeat(n), "latin1");
  const data = Buffer.concat([header, Buffer.from("<< /CA 1 >> ", "latin1")]);
  const z = zlib.deflateSync(data, { level: 9 });
  const objects: Obj[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /ExtGState << /G 7 0 R >> >> /Contents 4 0 R >>`,
    { dict: "", stream: zlib.deflateSync(Buffer.from("BT /F1 12 Tf 72 720 Td (bomb) Tj ET", "latin1")) },
    FONT,
    { dict: `/Type /ObjStm /N ${n} /First ${header.length} /Filter /FlateDecode`, stream: z },
  ];
  return pdfWithXrefStream(objects, [{ num: 7, stream: 6, index: 0 }]);
}

/**
 * The object-stream bomb with its `startxref` pointing at the header: the chain cannot be followed,
 * so the engine reads the file by scanning it, with pdf-lib's own parser, which opens every object
 * stream it meets and makes each of its objects.
 */
export function scannedObjectStreamBomb(n = 1_000_000): Uint8Array {
  const text = Buffer.from(objectStreamBomb(n)).toString("latin1");
  return new Uint8Array(Buffer.from(text.replace(/startxref\n\d+\n%%EOF\n$/, "startxref\n0\n%%EOF\n"), "latin1"));
}

/** Objects 1..n as a PDF whose cross-reference is an xref stream (the next free number), with `compressed` entries too. */
export function pdfWithXrefStream(objects: Obj[], compressed: { num: number; stream: number; index: number }[] = []): Uint8Array {
  const written = objectsWritten(objects);
  const { parts, offsets, push } = written;
  const length = written.length;
  const xrefNum = Math.max(objects.length, ...compressed.map((c) => c.num)) + 1;
  const size = xrefNum + 1;
  const rows: Buffer[] = [];
  const row = (type: number, a: number, b: number) => {
    const r = Buffer.alloc(7);
    r.writeUInt8(type, 0);
    r.writeUInt32BE(a, 1);
    r.writeUInt16BE(b, 5);
    rows.push(r);
  };
  for (let num = 0; num < size; num++) {
    const c = compressed.find((e) => e.num === num);
    if (num === 0) row(0, 0, 65535);
    else if (num <= objects.length) row(1, offsets[num - 1]!, 0);
    else if (num === xrefNum) row(1, length, 0);
    else if (c) row(2, c.stream, c.index);
    else row(0, 0, 0);
  }
  const data = Buffer.concat(rows);
  const xref = length;
  push(
    Buffer.from(
      `${xrefNum} 0 obj\n<< /Type /XRef /Size ${size} /W [1 4 2] /Root 1 0 R /Length ${data.length} >>\nstream\n`,
      "latin1",
    ),
  );
  push(data);
  push(Buffer.from(`\nendstream\nendobj\nstartxref\n${xref}\n%%EOF\n`, "latin1"));
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Form XObjects that each draw the next one ten times, `levels` deep: a DAG whose tree walk is
 * 10^levels form runs, in a few KB.
 */
export function xobjectDag(levels = 20, fanout = 10): Uint8Array {
  // objects: 1 catalog, 2 pages, 3 page, 4 content, 5 font, 6.. forms
  const forms: Obj[] = [];
  for (let i = 0; i < levels; i++) {
    const next = i + 1 < levels ? `/XObject << /X ${6 + i + 1} 0 R >>` : "";
    const body = i + 1 < levels ? "/X Do ".repeat(fanout) : "BT /F1 1 Tf (x) Tj ET";
    forms.push({
      dict: `/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /Font << /F1 5 0 R >> ${next} >>`,
      stream: Buffer.from(body, "latin1"),
    });
  }
  return onePage({ dict: "", stream: Buffer.from("/X Do", "latin1") }, "/XObject << /X 6 0 R >>", forms);
}

/** 100,000 nested arrays inside the page dictionary, and as many in the content stream. */
export function deepNesting(depth = 100_000): Uint8Array {
  const nest = "[".repeat(depth) + "]".repeat(depth);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Deep ${nest} /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>`,
    { dict: "/Filter /FlateDecode", stream: zlib.deflateSync(Buffer.from(`${nest} BT /F1 12 Tf (x) Tj ET`, "latin1")) },
    FONT,
  ]);
}

/** One page showing `glyphs` characters in one Tj (a few tens of KB compressed). */
export function manyGlyphs(glyphs = 3_200_000): Uint8Array {
  const text = Buffer.concat([
    Buffer.from("BT /F1 1 Tf 0 0 Td (", "latin1"),
    Buffer.alloc(glyphs, "a"),
    Buffer.from(") Tj ET", "latin1"),
  ]);
  return onePage({ dict: "/Filter /FlateDecode", stream: zlib.deflateSync(text, { level: 9 }) });
}

export const HOSTILE_PDFS = {
  "DAG page tree (10⁹ leaves)": () => dagPageTree(30),
  "double Flate bomb (1 GB)": () => doubleFlateBomb(1024),
  "ASCIIHex/Flate chain bomb": () => hexFlateBomb(256),
  "object-stream bomb (10⁶ objects)": () => objectStreamBomb(1_000_000),
  "Form XObject DAG (10²⁰ runs)": () => xobjectDag(20, 10),
  "deep nesting (10⁵ levels)": () => deepNesting(100_000),
  "many glyphs (3.2 M on a page)": () => manyGlyphs(3_200_000),
} as const;
