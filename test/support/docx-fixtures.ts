/**
 * DOCX templates for tests and the benchmark, made by real writers:
 * - the `docx` npm package (what a Node service would generate), with a placeholder split across
 *   two runs of different style, the way Word splits text it has edited;
 * - LibreOffice itself, converting a flat ODT to DOCX (`soffice --convert-to docx`), where a
 *   style change inside a placeholder splits it across runs;
 * - a hand-built package with Word's own clutter between the runs (proofErr, bookmarks).
 * Each has placeholders in the body, a table, a header and a footer, and unified anchors.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import {
  AlignmentType,
  Document,
  Footer,
  Header,
  Packer,
  PageBreak,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import PizZip from "pizzip";

const run = promisify(execFile);

/** The placeholders every fixture holds, and values that test escaping, line breaks and Unicode. */
export const FIXTURE_PLACEHOLDERS = ["company.name", "customer.name", "amount", "start_date", "footer_note"] as const;
export const FIXTURE_DATA = {
  company: { name: "Acme & Sons <Ltd>" },
  "customer.name": "Zoë Ångström",
  amount: "EUR 12,500.00",
  start_date: "2026-01-15",
  footer_note: "Confidential\nPage footer line two",
};
/** The unified anchors every fixture holds, as written. */
export const FIXTURE_ANCHORS = [
  "{{s1|signature|150|50}}",
  "{{s1|text|50|200|12|Full name||f}}",
  "{{s2|date}}",
  "{{s2|signature|150|50}}",
] as const;

const cell = (text: string) => new TableCell({ width: { size: 4500, type: WidthType.DXA }, children: [new Paragraph(text)] });

/** A one-page (or `pages`-page) DOCX written by the `docx` npm package. */
export async function docxFromPackage(pages = 1): Promise<Uint8Array> {
  const body: (Paragraph | Table)[] = [
    new Paragraph({
      alignment: AlignmentType.CENTER,
      children: [new TextRun({ text: "Service agreement", bold: true, size: 32 })],
    }),
    // One placeholder in two runs of different style: docxtemplater must join them.
    new Paragraph({
      children: [
        new TextRun("This agreement is made with {{cust"),
        new TextRun({ text: "omer.name}}", bold: true }),
        new TextRun("."),
      ],
    }),
    new Table({
      rows: [
        new TableRow({ children: [cell("Amount"), cell("{{amount}}")] }),
        new TableRow({ children: [cell("Start date"), cell("{{start_date}}")] }),
      ],
    }),
    new Paragraph(""),
    new Paragraph("Customer signature: {{s1|signature|150|50}}"),
    new Paragraph("Customer name: {{s1|text|50|200|12|Full name||f}}"),
    new Paragraph("Countersigned on {{s2|date}} by {{s2|signature|150|50}}"),
  ];
  for (let p = 2; p <= pages; p++) {
    body.push(new Paragraph({ children: [new PageBreak()] }));
    body.push(new Paragraph({ children: [new TextRun({ text: `Schedule ${p}`, bold: true })] }));
    for (let i = 0; i < 12; i++) {
      body.push(
        new Paragraph(
          `Clause ${p}.${i + 1}. The parties agree that the services described in this schedule are provided by {{company.name}} ` +
            "with reasonable care and skill, in a timely manner, and in accordance with good industry practice.",
        ),
      );
    }
  }
  const doc = new Document({
    sections: [
      {
        headers: { default: new Header({ children: [new Paragraph("{{company.name}} – contract")] }) },
        footers: { default: new Footer({ children: [new Paragraph("{{footer_note}}")] }) },
        children: body,
      },
    ],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

const CACHE_DIR = path.join(os.tmpdir(), "signet-docx-fixtures");

/** A flat ODT with the fixture's placeholders; "omer" is bold, so the placeholder spans three runs. */
export function fixtureFodt(): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls><style:font-face style:name="Carlito" svg:font-family="Carlito"/></office:font-face-decls>
<office:styles><style:style style:name="Standard" style:family="paragraph"><style:text-properties style:font-name="Carlito" fo:font-size="11pt"/></style:style></office:styles>
<office:automatic-styles>
<style:style style:name="B" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:page-layout style:name="pm1"><style:page-layout-properties fo:page-width="21cm" fo:page-height="29.7cm" fo:margin-top="1.5cm" fo:margin-bottom="1.5cm" fo:margin-left="2cm" fo:margin-right="2cm"/><style:header-style/><style:footer-style/></style:page-layout>
</office:automatic-styles>
<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="pm1">
<style:header><text:p text:style-name="Standard">{{company.name}} – contract</text:p></style:header>
<style:footer><text:p text:style-name="Standard">{{footer_note}}</text:p></style:footer>
</style:master-page></office:master-styles>
<office:body><office:text>
<text:p text:style-name="Standard"><text:span text:style-name="B">Service agreement</text:span></text:p>
<text:p text:style-name="Standard">This agreement is made with {{cust<text:span text:style-name="B">omer</text:span>.name}}.</text:p>
<table:table table:name="Terms"><table:table-column table:number-columns-repeated="2"/>
<table:table-row><table:table-cell office:value-type="string"><text:p>Amount</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>{{amount}}</text:p></table:table-cell></table:table-row>
<table:table-row><table:table-cell office:value-type="string"><text:p>Start date</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>{{start_date}}</text:p></table:table-cell></table:table-row>
</table:table>
<text:p text:style-name="Standard">Customer signature: {{s1|signature|150|50}}</text:p>
<text:p text:style-name="Standard">Customer name: {{s1|text|50|200|12|Full name||f}}</text:p>
<text:p text:style-name="Standard">Countersigned on {{s2|date}} by {{s2|signature|150|50}}</text:p>
</office:text></office:body></office:document>
`;
}

/** One LibreOffice profile converts one file at a time: conversions in this process queue up. */
let officeQueue: Promise<unknown> = Promise.resolve();

/** `content` (fodt, html, odt) converted to DOCX by LibreOffice; cached by content under the OS temp dir. */
export function docxFromLibreOffice(content = fixtureFodt(), ext: "fodt" | "html" | "odt" = "fodt"): Promise<Uint8Array> {
  const hash = crypto.createHash("sha256").update(`1\0${ext}\0`).update(content).digest("hex").slice(0, 32);
  const cached = path.join(CACHE_DIR, `lo-${hash}.docx`);
  if (fs.existsSync(cached)) return Promise.resolve(new Uint8Array(fs.readFileSync(cached)));
  const job = officeQueue.then(async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-docx-fixture-"));
    try {
      const src = path.join(work, `doc.${ext}`);
      fs.writeFileSync(src, content);
      await run(
        "soffice",
        [
          `-env:UserInstallation=file://${path.join(work, "profile")}`,
          "--headless",
          "--convert-to",
          "docx:MS Word 2007 XML",
          "--outdir",
          work,
          src,
        ],
        {
          timeout: 180_000,
        },
      );
      const bytes = fs.readFileSync(path.join(work, "doc.docx"));
      fs.mkdirSync(CACHE_DIR, { recursive: true });
      const tmp = `${cached}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, bytes);
      fs.renameSync(tmp, cached);
      return new Uint8Array(bytes);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
  officeQueue = job.catch(() => undefined);
  return job;
}

const W =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const para = (runs: string) => `<w:p>${runs}</w:p>`;
const r = (text: string, bold = false) =>
  `<w:r>${bold ? "<w:rPr><w:b/></w:rPr>" : ""}<w:t xml:space="preserve">${text}</w:t></w:r>`;

/**
 * A Word package built by hand, with what Word leaves between the runs of an edited word: a
 * spelling mark and a bookmark inside `{{customer.name}}`, and `{{amount}}` split in three runs.
 * `documentXmlBody` replaces the body when given (for tests of odd tags).
 */
export function handBuiltDocx(documentXmlBody?: string): Uint8Array {
  const body =
    documentXmlBody ??
    [
      para(
        r("Agreement with ") +
          r("{{cust") +
          '<w:proofErr w:type="spellStart"/>' +
          '<w:bookmarkStart w:id="0" w:name="x"/>' +
          r("omer", true) +
          '<w:bookmarkEnd w:id="0"/><w:proofErr w:type="spellEnd"/>' +
          r(".name}}") +
          r("."),
      ),
      `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol w:w="4000"/><w:gridCol w:w="4000"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(r("Amount"))}</w:tc><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(r("{{am") + r("ou", true) + r("nt}}"))}</w:tc></w:tr><w:tr><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(r("Start date"))}</w:tc><w:tc><w:tcPr><w:tcW w:w="4000" w:type="dxa"/></w:tcPr>${para(r("{{start_date}}"))}</w:tc></w:tr></w:tbl>`,
      para(r("Customer signature: {{s1|sig") + r("nature|150|50}}", true)),
      para(r("Customer name: {{s1|text|50|200|12|Full name||f}}")),
      para(r("Countersigned on {{s2|date}} by {{s2|signature|150|50}}")),
    ].join("");
  const zip = new PizZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/><Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/></Types>`,
  );
  zip.file(
    "_rels/.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
  );
  zip.file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdH" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/><Relationship Id="rIdF" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/></Relationships>`,
  );
  zip.file(
    "word/header1.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:hdr ${W}>${para(r("{{company.") + r("name}} – contract"))}</w:hdr>`,
  );
  zip.file(
    "word/footer1.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:ftr ${W}>${para(r("{{footer_note}}"))}</w:ftr>`,
  );
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${body}<w:sectPr><w:headerReference w:type="default" r:id="rIdH"/><w:footerReference w:type="default" r:id="rIdF"/><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/** A zip with the first bytes of a DOCX and a damaged central directory. */
export function corruptDocx(valid: Uint8Array): Uint8Array {
  return valid.slice(0, Math.floor(valid.length * 0.6));
}

/** A valid zip that is not a Word document (an OpenDocument-like archive). */
export function zipNotDocx(): Uint8Array {
  const zip = new PizZip();
  zip.file("mimetype", "application/vnd.oasis.opendocument.text");
  zip.file("content.xml", "<office:document-content/>");
  return zip.generate({ type: "uint8array" });
}

/**
 * Hostile DOCX files, written byte by byte (a zip library would refuse to lie): the minimal
 * package parts around a word/document.xml that is given as deflate data with its true CRC and
 * size, and with what the central directory and the local header claim that size to be.
 */
interface RawEntry {
  name: string;
  /** Deflate data (method 8), or the content itself (method 0). */
  data: Uint8Array;
  method: 0 | 8;
  crc: number;
  size: number;
  centralSize?: number;
  localSize?: number;
}

const MINIMAL_PARTS = {
  "[Content_Types].xml":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  "_rels/.rels":
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
} satisfies Record<string, string>;
const DOC_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>`;
const DOC_TAIL = "</w:body></w:document>";

function deflated(name: string, content: string | Uint8Array): RawEntry {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  return { name, data: zlib.deflateRawSync(bytes), method: 8, crc: zlib.crc32(bytes), size: bytes.length };
}

/** A zip of `entries`, each claiming `centralSize` / `localSize` (default: its true size). */
function writeZip(entries: RawEntry[]): Uint8Array {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(e.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(e.crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.localSize ?? e.size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(e.method, 10);
    dir.writeUInt16LE(0x21, 14);
    dir.writeUInt32LE(e.crc, 16);
    dir.writeUInt32LE(e.data.length, 20);
    dir.writeUInt32LE(e.centralSize ?? e.size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE(offset, 42);
    out.push(local, name, Buffer.from(e.data));
    central.push(dir, name);
    offset += local.length + name.length + e.data.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 8);
  end.writeUInt16LE(Math.min(entries.length, 0xffff), 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...out, cd, end]));
}

/**
 * word/document.xml of about `mb` MB (`<w:p><w:r><w:t>a</w:t></w:r></w:p>` repeated), as deflate
 * data that is never expanded here: independently deflated pieces, each ending on a byte boundary
 * (sync flush), concatenate into one valid stream. 150 MB compress to about 450 KB.
 */
function hugeDocumentXml(mb: number): RawEntry {
  const chunk = Buffer.from("<w:p><w:r><w:t>a</w:t></w:r></w:p>".repeat(30_000)); // ~1 MB
  const head = Buffer.from(DOC_HEAD);
  const tail = Buffer.from(DOC_TAIL);
  const sync = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
  const n = Math.ceil((mb * 1024 * 1024) / chunk.length);
  const piece = zlib.deflateRawSync(chunk, sync);
  let crc = zlib.crc32(head);
  for (let i = 0; i < n; i++) crc = zlib.crc32(chunk, crc);
  crc = zlib.crc32(tail, crc);
  const data = Buffer.concat([zlib.deflateRawSync(head, sync), ...Array<Buffer>(n).fill(piece), zlib.deflateRawSync(tail)]);
  return { name: "word/document.xml", data, method: 8, crc, size: head.length + n * chunk.length + tail.length };
}

const minimalEntries = () => Object.entries(MINIMAL_PARTS).map(([name, xml]) => deflated(name, xml));

/** (a) A DOCX whose word/document.xml inflates to `mb` MB (default 150), honestly declared; well under 1 MB. */
export function xmlBombDocx(mb = 150): Uint8Array {
  return writeZip([...minimalEntries(), hugeDocumentXml(mb)]);
}

/**
 * (b) A DOCX whose zip lies about the size of word/document.xml:
 * - "small": a 150 MB part claims 1,000 bytes in the directory and the local header;
 * - "huge": a 300-byte part claims 3 GB in both;
 * - "local": the directory is right, the local header claims another size.
 */
export function lyingZipDocx(lie: "small" | "huge" | "local"): Uint8Array {
  if (lie === "small") return writeZip([...minimalEntries(), { ...hugeDocumentXml(150), centralSize: 1_000, localSize: 1_000 }]);
  const doc = deflated("word/document.xml", `${DOC_HEAD}${para(r("A small contract."))}${DOC_TAIL}`);
  if (lie === "huge") return writeZip([...minimalEntries(), { ...doc, centralSize: 3_000_000_000, localSize: 3_000_000_000 }]);
  return writeZip([...minimalEntries(), { ...doc, localSize: doc.size + 1 }]);
}

/** (c) A DOCX of `parts` zip entries (the package plus tiny stored images). */
export function manyPartsDocx(parts = 2_001): Uint8Array {
  const entries = [...minimalEntries(), deflated("word/document.xml", `${DOC_HEAD}${para(r("Many parts."))}${DOC_TAIL}`)];
  const pixel = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  for (let i = entries.length; i < parts; i++)
    entries.push({ name: `word/media/image${i}.png`, data: pixel, method: 0, crc: zlib.crc32(pixel), size: pixel.length });
  return writeZip(entries);
}

/** A DOCX whose body nests `depth` elements `tag` (w:p, w:r) around one run of text. */
export function deeplyNestedDocx(depth = 100_000, tag = "w:p"): Uint8Array {
  return handBuiltDocx(`${`<${tag}>`.repeat(depth)}${r("Deep {{amount}}")}${`</${tag}>`.repeat(depth)}`);
}

/** Normalises what pdftotext gives (line breaks, runs of spaces) for searching. */
export const flat = (s: string) => s.replace(/\s+/g, " ");

/** One PNG chunk: length, type, data, CRC-32. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A `width`×`height` PNG of one colour (RGB), written with zlib: a real image LibreOffice draws. */
export function solidPng(width = 8, height = 8, rgb: [number, number, number] = [200, 30, 30]): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array<Buffer>(height).fill(row)));
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk("IHDR", ihdr),
      pngChunk("IDAT", pixels),
      pngChunk("IEND", Buffer.alloc(0)),
    ]),
  );
}

const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const NS_ALL =
  `${W} xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"` +
  ` xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office"`;

/** A DrawingML picture, inline, 1×1 cm: `blip` is the a:blip's relationship attribute(s). */
const picture = (id: number, blip: string) =>
  `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="360000" cy="360000"/><wp:docPr id="${id}" name="Picture ${id}"/>` +
  `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${id}" name="p${id}.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
  `<pic:blipFill><a:blip ${blip}/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
  `<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="360000" cy="360000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;

/** A complex field: begin, the instruction (in `instr` pieces, one run each), separate, the cached result, end. */
const complexField = (instr: string[], result: string) =>
  `<w:r><w:fldChar w:fldCharType="begin"/></w:r>${instr.map((i) => `<w:r><w:instrText xml:space="preserve">${i}</w:instrText></w:r>`).join("")}` +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r>${r(result)}<w:r><w:fldChar w:fldCharType="end"/></w:r>`;

/** The external references `externalRefsDocx` holds, by the path each one asks the server for. */
export const EXTERNAL_REF_PATHS = [
  "/linked.png", // a:blip r:link → an External image relationship (a "linked" picture)
  "/embed-external.png", // a:blip r:embed → an External relationship
  "/vml.png", // v:imagedata r:id → External
  "/vml-href.png", // v:imagedata o:href (a URL in an attribute, no relationship)
  "/includepicture.png", // INCLUDEPICTURE, a complex field split across runs
  "/includetext.txt", // INCLUDETEXT, a simple field
  "/link.xlsx", // LINK, a complex field
  "/ole.xlsx", // a linked OLE object
  "/hyperlink", // w:hyperlink r:id → External
  "/template.dotx", // w:attachedTemplate in settings.xml
] as const;

/**
 * A DOCX template whose every external reference points at `baseUrl` (a server a test runs,
 * paths in EXTERNAL_REF_PATHS), among text with placeholders and anchors, and one embedded
 * picture (word/media/inside.png) that must survive.
 */
export function externalRefsDocx(baseUrl: string): Uint8Array {
  const url = (p: (typeof EXTERNAL_REF_PATHS)[number]) => `${baseUrl}${p}`;
  const body = [
    para(r("Linked references for {{customer.name}}, amount {{amount}}.")),
    para(r("Linked picture: ") + picture(1, 'r:link="rIdLinked"')),
    para(r("External embed: ") + picture(2, 'r:embed="rIdEmbedExternal"')),
    para(r("Embedded picture: ") + picture(3, 'r:embed="rIdInside"')),
    para(
      r("VML pictures: ") +
        `<w:r><w:pict><v:shape id="vml1" style="width:20pt;height:20pt" stroked="f"><v:imagedata r:id="rIdVml" o:title=""/></v:shape></w:pict></w:r>` +
        `<w:r><w:pict><v:shape id="vml2" style="width:20pt;height:20pt" stroked="f"><v:imagedata o:href="${url("/vml-href.png")}" o:title=""/></v:shape></w:pict></w:r>`,
    ),
    // The field name split over two runs, the way Word writes an edited instruction.
    para(
      r("Included picture: ") + complexField([" INCLUDEPIC", `TURE "${url("/includepicture.png")}" \\d `], "[cached picture]"),
    ),
    para(
      r("Included text: ") +
        `<w:fldSimple w:instr=" INCLUDETEXT &quot;${url("/includetext.txt")}&quot; "><w:r><w:t>[cached text]</w:t></w:r></w:fldSimple>`,
    ),
    para(
      r("Linked sheet: ") +
        complexField([` LINK Excel.Sheet.12 "${url("/link.xlsx")}" "Sheet1!R1C1" \\a \\f 4 \\h `], "[cached sheet]"),
    ),
    para(
      r("OLE link: ") +
        `<w:r><w:object w:dxaOrig="400" w:dyaOrig="400"><v:shape id="ole1" style="width:20pt;height:20pt" o:ole=""><v:imagedata r:id="rIdInsideVml" o:title=""/></v:shape>` +
        `<o:OLEObject Type="Link" ProgID="Excel.Sheet.12" ShapeID="ole1" DrawAspect="Content" r:id="rIdOle" UpdateMode="Always"><o:LinkType>EnhancedMetaFile</o:LinkType><o:LockedField>false</o:LockedField></o:OLEObject></w:object></w:r>`,
    ),
    para(
      r("See ") +
        `<w:hyperlink r:id="rIdLink">${r("the terms")}</w:hyperlink>` +
        r(" and page ") +
        complexField([" PAGE "], "1") +
        r("."),
    ),
    para(r("Customer signature: {{s1|signature|150|50}}")),
  ].join("");
  const rel = (id: string, type: string, target: string, external = false) =>
    `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"${external ? ' TargetMode="External"' : ""}/>`;
  const zip = new PizZip();
  zip.file(
    "[Content_Types].xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/></Types>`,
  );
  zip.file("_rels/.rels", MINIMAL_PARTS["_rels/.rels"]);
  zip.file(
    "word/_rels/document.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
      rel("rIdSettings", "settings", "settings.xml") +
      rel("rIdLinked", "image", url("/linked.png"), true) +
      rel("rIdEmbedExternal", "image", url("/embed-external.png"), true) +
      rel("rIdInside", "image", "media/inside.png") +
      rel("rIdInsideVml", "image", "media/inside.png") +
      rel("rIdVml", "image", url("/vml.png"), true) +
      rel("rIdOle", "oleObject", url("/ole.xlsx"), true) +
      rel("rIdLink", "hyperlink", url("/hyperlink"), true) +
      `</Relationships>`,
  );
  zip.file(
    "word/_rels/settings.xml.rels",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel("rIdTpl", "attachedTemplate", url("/template.dotx"), true)}</Relationships>`,
  );
  zip.file(
    "word/settings.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings ${W}><w:attachedTemplate r:id="rIdTpl"/><w:linkStyles/></w:settings>`,
  );
  zip.file("word/media/inside.png", solidPng(8, 8, [30, 120, 200]), { binary: true });
  zip.file(
    "word/document.xml",
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${NS_ALL}><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" w:header="567" w:footer="567" w:gutter="0"/></w:sectPr></w:body></w:document>`,
  );
  return zip.generate({ type: "uint8array", compression: "DEFLATE" });
}

/** What `externalRefsServer` answers: a picture for .png, else text a test looks for in the PDF. */
export const EXFILTRATED_TEXT = "EXFILTRATED-BY-THE-CONVERTER";

/**
 * A local HTTP server for `externalRefsDocx`, on 127.0.0.1 and a free port, that records every
 * request it receives (and answers a green picture, or EXFILTRATED_TEXT).
 */
export async function externalRefsServer(): Promise<{
  baseUrl: string;
  requests: string[];
  /**
   * Resolves once a request of the test's own, sent now, has been answered: a request LibreOffice sent
   * before (its conversion over) reached the server first and is in `requests` by then. What a late
   * request would have waited for, as an event instead of a pause.
   */
  settled: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const requests: string[] = [];
  const green = Buffer.from(solidPng(16, 16, [0, 200, 0]));
  const server = http.createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.url?.endsWith(".png")) res.writeHead(200, { "content-type": "image/png" }).end(green);
    else res.writeHead(200, { "content-type": "text/plain" }).end(EXFILTRATED_TEXT);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const marker = "/__settled";
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    settled: async () => {
      await (await fetch(`http://127.0.0.1:${port}${marker}`)).text();
      const i = requests.lastIndexOf(`GET ${marker}`);
      if (i >= 0) requests.splice(i, 1);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
