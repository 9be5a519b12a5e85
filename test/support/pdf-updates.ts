// Incremental updates written byte by byte, as a tamperer writes them (not through a library that tidies
// them): the verify tests append them to sealed PDFs.
import { PDFArray, PDFDocument, PDFName, PDFRef } from "@cantoo/pdf-lib";

/** What the sealed file's last revision says about itself, read once. */
export interface Base {
  bytes: Uint8Array;
  prev: number;
  size: number;
  root: number;
  pages: number;
  page1: number;
  page1Dict: string;
  contents: number;
  catalogDict: string;
  /** The catalog's /AcroForm object (Signet's seal writes one) and its dictionary as pdf-lib serializes it. */
  acroForm?: number;
  acroFormDict?: string;
  /** Page 1's /Annots entries as written ("12 0 R"), empty when it has none. */
  page1Annots: string[];
}

export async function describeBase(bytes: Uint8Array): Promise<Base> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const text = Buffer.from(bytes).toString("latin1");
  const prev = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)![1]);
  const sizes = [...text.matchAll(/\/Size (\d+)/g)];
  const page = doc.getPage(0);
  // After the seal drew its values the page has several content streams: the first is the document's own.
  const raw = doc.context.lookup(page.node.get(PDFName.of("Contents")));
  const contents = raw instanceof PDFArray ? raw.get(0) : page.node.get(PDFName.of("Contents"));
  if (!(contents instanceof PDFRef)) throw new Error("the test document's page has no content stream of its own");
  const root = doc.context.trailerInfo.Root as PDFRef;
  const pagesRef = doc.catalog.get(PDFName.of("Pages")) as PDFRef;
  const form = doc.catalog.get(PDFName.of("AcroForm"));
  const annots = doc.context.lookup(page.node.get(PDFName.of("Annots")));
  return {
    bytes,
    prev,
    size: Math.max(Number(sizes.at(-1)![1]), doc.context.largestObjectNumber + 1),
    root: root.objectNumber,
    pages: pagesRef.objectNumber,
    page1: page.ref.objectNumber,
    page1Dict: page.node.toString(),
    contents: contents.objectNumber,
    catalogDict: doc.catalog.toString(),
    acroForm: form instanceof PDFRef ? form.objectNumber : undefined,
    acroFormDict: form instanceof PDFRef ? doc.context.lookup(form)!.toString() : undefined,
    page1Annots: annots instanceof PDFArray ? annots.asArray().map(String) : [],
  };
}

export interface RawObject {
  num: number;
  /** The object's body (a dictionary, or a dictionary followed by stream … endstream). */
  body: string;
  /** Write it inside an object stream (dictionaries only). */
  compressed?: boolean;
}

export const stream = (dict: string, data: string) =>
  `<< ${dict} /Length ${Buffer.byteLength(data, "latin1")} >>\nstream\n${data}\nendstream`;
export const RED = "1 0 0 rg 0 0 2000 2000 re f";

export interface AppendOptions {
  xrefStream?: boolean;
  /** More trailer entries. */
  trailer?: string;
  /** The trailer's /Root (default: the base's catalog). */
  root?: number;
  /** Objects written after the listed ones and listed nowhere: what a reader that scans the file takes instead. */
  decoys?: RawObject[];
  /** Bytes written after the cross-reference section, before `startxref` (a second trailer). */
  afterXref?: string;
}

/**
 * An incremental update, as bytes: the objects, then a cross-reference table or (xrefStream) a
 * cross-reference stream, then a trailer that continues the chain with /Prev.
 */
export function append(base: Base, objects: RawObject[], opts: AppendOptions = {}): Uint8Array {
  let out = Buffer.from(base.bytes).toString("latin1");
  if (!out.endsWith("\n")) out += "\n";
  const offsets = new Map<number, number>();
  const inStream = new Map<number, [number, number]>(); // num → [object stream num, index]
  let next = base.size;
  const plain = objects.filter((o) => !o.compressed || !opts.xrefStream);
  const packed = opts.xrefStream ? objects.filter((o) => o.compressed) : [];
  for (const o of plain) {
    offsets.set(o.num, out.length);
    out += `${o.num} 0 obj\n${o.body}\nendobj\n`;
    next = Math.max(next, o.num + 1);
  }
  if (packed.length) {
    const stm = next++;
    let head = "";
    let body = "";
    for (const [i, o] of packed.entries()) {
      head += `${o.num} ${body.length} `;
      body += `${o.body}\n`;
      inStream.set(o.num, [stm, i]);
      next = Math.max(next, o.num + 1);
    }
    offsets.set(stm, out.length);
    out += `${stm} 0 obj\n${stream(`/Type /ObjStm /N ${packed.length} /First ${head.length}`, head + body)}\nendobj\n`;
  }
  for (const o of opts.decoys ?? []) out += `${o.num} 0 obj\n${o.body}\nendobj\n`;
  const trailer = `/Root ${opts.root ?? base.root} 0 R /Prev ${base.prev}${opts.trailer ?? ""}`;
  if (!opts.xrefStream) {
    const xrefAt = out.length;
    out += "xref\n";
    for (const [num, at] of [...offsets].sort((a, b) => a[0] - b[0]))
      out += `${num} 1\n${String(at).padStart(10, "0")} 00000 n \n`;
    out += `trailer\n<< /Size ${Math.max(next, base.size)} ${trailer} >>\n${opts.afterXref ?? ""}startxref\n${xrefAt}\n%%EOF\n`;
    return new Uint8Array(Buffer.from(out, "latin1"));
  }
  const xrefNum = next++;
  const xrefAt = out.length;
  offsets.set(xrefNum, xrefAt);
  const rows: [number, Buffer][] = [];
  for (const [num, at] of offsets)
    rows.push([num, Buffer.from([1, at >>> 24, (at >>> 16) & 255, (at >>> 8) & 255, at & 255, 0, 0])]);
  for (const [num, [stm, i]] of inStream)
    rows.push([num, Buffer.from([2, stm >>> 24, (stm >>> 16) & 255, (stm >>> 8) & 255, stm & 255, 0, i])]);
  rows.sort((a, b) => a[0] - b[0]);
  const data = Buffer.concat(rows.map((r) => r[1]));
  const index = rows.map(([n]) => `${n} 1`).join(" ");
  out += `${xrefNum} 0 obj\n<< /Type /XRef /Size ${next} /W [1 4 2] /Index [${index}] ${trailer} /Length ${data.length} >>\nstream\n`;
  out += data.toString("latin1");
  out += `\nendstream\nendobj\n${opts.afterXref ?? ""}startxref\n${xrefAt}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, "latin1"));
}

/** The page dictionary with one entry set (pdf-lib's serialization of the original, edited as text). */
export function pageWith(base: Base, entry: string, value: string): string {
  const without = base.page1Dict.replace(new RegExp(`/${entry} (\\[[^\\]]*\\]|\\d+ \\d+ R|<<.*?>>)`), "");
  return without.replace(/>>\s*$/, ` /${entry} ${value} >>`);
}
export const catalogWith = (base: Base, extra: string) => base.catalogDict.replace(/>>\s*$/, ` ${extra} >>`);

/** The form dictionary with one entry set or replaced (`value` undefined: removed). */
export function acroFormWith(base: Base, entry: string, value: string | undefined): string {
  if (!base.acroFormDict) throw new Error("the test document has no indirect /AcroForm");
  const without = base.acroFormDict.replace(new RegExp(`/${entry} (\\[[^\\]]*\\]|\\d+ \\d+ R|<<.*?>>|\\d+|\\([^)]*\\))`), "");
  return value === undefined ? without : without.replace(/>>\s*$/, ` /${entry} ${value} >>`);
}

/** The text of the /Fields array of the base's form ("[12 0 R]"). */
export function fieldsOf(base: Base): string {
  const m = /\/Fields (\[[^\]]*\])/.exec(base.acroFormDict ?? "");
  if (!m) throw new Error("the test document's form has no direct /Fields");
  return m[1]!;
}

/** A document time-stamp's value dictionary with room for a token: fillTimestamp writes its byte range and token. */
export const TIMESTAMP_VALUE =
  "<< /Type /DocTimeStamp /Filter /Adobe.PPKLite /SubFilter /ETSI.RFC3161 /ByteRange [0 0000000000 0000000000 0000000000] " +
  `/Contents <${"0".repeat(16384)}> >>`;

/**
 * Fills the last document time-stamp written with TIMESTAMP_VALUE: its /ByteRange (everything but the
 * /Contents string) and its /Contents with the token `sign` gives for the covered bytes.
 */
export async function fillTimestamp(pdf: Uint8Array, sign: (covered: Uint8Array) => Promise<Uint8Array>): Promise<Uint8Array> {
  const text = Buffer.from(pdf).toString("latin1");
  const at = text.lastIndexOf("/ByteRange [0 0000000000 0000000000 0000000000]");
  if (at < 0) throw new Error("no time-stamp placeholder");
  const open = text.indexOf("/Contents <", at) + "/Contents ".length;
  const close = text.indexOf(">", open) + 1;
  const pad = (n: number) => String(n).padStart(10, "0");
  const out = Buffer.from(pdf);
  out.write(`/ByteRange [0 ${pad(open)} ${pad(close)} ${pad(text.length - close)}]`, at, "latin1");
  const covered = Buffer.concat([out.subarray(0, open), out.subarray(close)]);
  const hex = Buffer.from(await sign(covered)).toString("hex");
  if (hex.length > close - open - 2) throw new Error("the time-stamp token does not fit");
  out.write(hex, open + 1, "latin1");
  return new Uint8Array(out);
}

/** Changes to the honest document time-stamp update timestampObjects writes (each a defect to test, or a tool's variant). */
export interface TimestampTweak {
  widget?: (w: string) => string;
  value?: (v: string) => string;
  form?: (f: string) => string;
  /** The widget's /AP /N stream. */
  appearance?: string;
  /** The new /Fields array. */
  fields?: string;
  /** More objects (a page with the widget in its /Annots, …). */
  more?: RawObject[];
  /** The catalog rewritten with the form written in it, as PDFBox writes a catalog whose form is direct. */
  directForm?: boolean;
  /** Write the dictionaries in an object stream (with a cross-reference stream). */
  compressed?: boolean;
}

/**
 * A document time-stamp update as DSS (PDFBox) and Adobe write it after a Signet seal: the field and
 * widget in one dictionary (a /Rect of zeros, /F 132, an empty appearance), its ETSI.RFC3161 value
 * (TIMESTAMP_VALUE, for fillTimestamp), and the form rewritten with /DA, /DR (two new standard
 * fonts) and a new /Fields array that lists the field.
 */
export function timestampObjects(base: Base, tweak: TimestampTweak = {}): RawObject[] {
  const n = base.size;
  const fonts = `<< /Font << /Helv ${n + 3} 0 R /ZaDb ${n + 4} 0 R >> >>`;
  const widget = `<< /Type /Annot /Subtype /Widget /FT /Sig /Rect [0.0 0.0 0.0 0.0] /F 132 /T (Signature2) /V ${n + 1} 0 R /P ${base.page1} 0 R /AP << /N ${n + 2} 0 R >> >>`;
  const withField = fieldsOf(base).replace(/\]$/, ` ${n} 0 R]`);
  let form = acroFormWith(base, "Fields", `${n + 5} 0 R`);
  form = form.replace(/>>\s*$/, ` /DA (/Helv 0 Tf 0 g ) /DR ${fonts} >>`);
  form = tweak.form ? tweak.form(form) : form;
  const compressed = tweak.compressed;
  const objects: RawObject[] = [
    { num: n, body: tweak.widget ? tweak.widget(widget) : widget, compressed },
    { num: n + 1, body: tweak.value ? tweak.value(TIMESTAMP_VALUE) : TIMESTAMP_VALUE },
    { num: n + 2, body: tweak.appearance ?? stream("/Type /XObject /Subtype /Form /BBox [0.0 0.0 0.0 0.0]", "") },
    { num: n + 3, body: "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>", compressed },
    { num: n + 4, body: "<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>", compressed },
    { num: n + 5, body: tweak.fields ?? withField, compressed },
    ...(tweak.more ?? []),
  ];
  // A widget without an appearance leaves the empty form out.
  if (!/\/AP /.test(objects[0]!.body)) objects.splice(2, 1);
  if (tweak.directForm) {
    const direct = form.replace(`/Fields ${n + 5} 0 R`, `/Fields ${withField}`);
    objects.push({ num: base.root, body: base.catalogDict.replace(/\/AcroForm \d+ 0 R/, `/AcroForm ${direct}`), compressed });
    objects.splice(
      objects.findIndex((o) => o.num === n + 5),
      1,
    );
  } else objects.push({ num: base.acroForm!, body: form, compressed });
  return objects;
}
