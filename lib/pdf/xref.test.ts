// The engine reads a PDF as viewers do. Over a corpus of real PDFs from many producers (Chromium,
// LibreOffice, pdfTeX, Ghostscript, pdf-lib, cairo, qpdf's rewrites, Signet's own incremental seal) and
// the tamperer's tricks, every object a page uses must read the same in the engine (openPdf, through
// xref.ts) as in qpdf (`qpdf --json`, which follows the cross-reference): the same dictionary, the same
// values, the same raw stream bytes; and the pages must be the same objects in the same order.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import {
  PDFArray,
  PDFBool,
  PDFContext,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNull,
  PDFNumber,
  type PDFObject,
  PDFObjectParser,
  PDFRawStream,
  PDFRef,
  PDFString,
  StandardFonts,
} from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { fodt, htmlToPdf, officeToPdf, qpdf } from "../../test/support/pdf-fixtures";
import { FORMS, trick, TRICKS, twoDefinitionPdf, type TrickBase } from "../../test/support/pdf-tricks";
import { sealedForTest, sealedTrickBase } from "../../test/support/sealed-tricks";
import { canonicalPdf } from "./canonical";
import { openPdf } from "./load";
import { ObjectReader, readByXref, walkReferences, XrefError } from "./xref";

const run = promisify(execFile);
const fixtures = path.resolve(__dirname, "../../test/fixtures");

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

async function qpdfJson(pdf: Uint8Array): Promise<{ objects: Record<string, Json>; pages: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "xref-corpus-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    const args = ["--json=2", "--json-key=qpdf", "--json-key=pages", "--json-stream-data=inline", "--decode-level=none", file];
    const { stdout } = await run("qpdf", args, { maxBuffer: 512 * 1024 * 1024 }).catch(
      (e: { code?: number; stdout?: string }) => {
        if (e.code === 3 && e.stdout) return { stdout: e.stdout }; // warnings
        throw e;
      },
    );
    const json = JSON.parse(stdout) as { qpdf: [unknown, Record<string, Json>]; pages: { object: string }[] };
    return { objects: json.qpdf[1], pages: json.pages.map((p) => p.object) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** A name as text: #xx escapes decoded. */
const nameText = (n: string) => n.slice(1).replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Why `ours` and qpdf's `theirs` differ (a path into the object), or null when they are the same. */
function differ(ours: PDFObject | undefined, theirs: Json | undefined, at: string): string | null {
  if (theirs === undefined) return ours === undefined ? null : `${at}: only the engine has it`;
  if (ours === undefined || ours === PDFNull) return theirs === null ? null : `${at}: only qpdf has it`;
  if (ours instanceof PDFRef) return theirs === `${ours.objectNumber} ${ours.generationNumber} R` ? null : `${at}: reference`;
  if (ours instanceof PDFNumber)
    return typeof theirs === "number" || typeof theirs === "string"
      ? Math.abs(Number(theirs) - ours.asNumber()) < 1e-6
        ? null
        : `${at}: ${ours.asNumber()} ≠ ${String(theirs)}`
      : `${at}: number`;
  if (ours instanceof PDFBool) return theirs === ours.asBoolean() ? null : `${at}: boolean`;
  if (ours instanceof PDFName)
    return typeof theirs === "string" && theirs.startsWith("/") && nameText(theirs) === ours.decodeText() ? null : `${at}: name`;
  if (ours instanceof PDFString || ours instanceof PDFHexString) {
    if (typeof theirs !== "string") return `${at}: string`;
    if (theirs.startsWith("b:"))
      return Buffer.from(ours.asBytes()).toString("hex") === theirs.slice(2).toLowerCase() ? null : `${at}: bytes`;
    if (theirs.startsWith("u:")) return ours.decodeText() === theirs.slice(2) ? null : `${at}: text`;
    return `${at}: string form`;
  }
  if (ours instanceof PDFArray) {
    if (!Array.isArray(theirs) || theirs.length !== ours.size()) return `${at}: array`;
    for (let i = 0; i < theirs.length; i++) {
      const d = differ(ours.get(i), theirs[i], `${at}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (ours instanceof PDFRawStream) {
    if (!theirs || typeof theirs !== "object" || Array.isArray(theirs)) return `${at}: stream`;
    const s = (theirs as { stream?: { dict: Json; data: string } }).stream;
    if (!s) return `${at}: not a stream in qpdf`;
    const data = Buffer.from(s.data, "base64");
    if (!data.equals(Buffer.from(ours.contents))) return `${at}: stream data (${ours.contents.length} ≠ ${data.length} bytes)`;
    return differ(ours.dict, s.dict, `${at}.dict`);
  }
  if (ours instanceof PDFDict) {
    if (!theirs || typeof theirs !== "object" || Array.isArray(theirs)) return `${at}: dictionary`;
    const t = theirs as Record<string, Json>;
    const keys = new Set([
      ...ours
        .keys()
        .filter((k) => ours.get(k) !== PDFNull)
        .map((k) => k.decodeText()),
      ...Object.keys(t)
        .filter((k) => t[k] !== null)
        .map(nameText),
    ]);
    keys.delete("Length"); // qpdf leaves a stream's /Length out; a plain dictionary's is compared below
    for (const k of keys) {
      const theirsKey = Object.keys(t).find((x) => nameText(x) === k);
      const d = differ(ours.get(PDFName.of(k)), theirsKey ? t[theirsKey] : undefined, `${at}/${k}`);
      if (d) return d;
    }
    return null;
  }
  return `${at}: ${ours.constructor.name}`;
}

/** Every object a page uses: reachable from the page dictionary (its /Parent chain left out). */
function usedBy(doc: PDFDocument, page: PDFRef): PDFRef[] {
  const seen = new Set<PDFRef>();
  walkReferences(
    [page],
    (ref) => {
      if (seen.has(ref)) return undefined;
      seen.add(ref);
      return doc.context.lookup(ref);
    },
    (key) => key === "Parent",
  );
  return [...seen];
}

async function disagreements(pdf: Uint8Array): Promise<string[]> {
  const { doc, reading } = await openPdf(pdf);
  const theirs = await qpdfJson(pdf);
  const problems: string[] = [];
  if (reading !== "xref") problems.push("the engine could not follow the cross-reference");
  const pages = doc.getPages().map((p) => `${p.ref.objectNumber} ${p.ref.generationNumber} R`);
  if (pages.join() !== theirs.pages.join()) problems.push(`pages: ${pages.join()} ≠ ${theirs.pages.join()}`);
  for (const page of doc.getPages()) {
    for (const ref of usedBy(doc, page.ref)) {
      const key = `obj:${ref.objectNumber} ${ref.generationNumber} R`;
      const t = theirs.objects[key] as { value?: Json; stream?: Json } | undefined;
      const ours = doc.context.lookup(ref);
      const d = differ(ours, t === undefined ? undefined : ours instanceof PDFRawStream ? (t as Json) : t.value, key);
      if (d) problems.push(d);
      if (problems.length > 5) return problems;
    }
  }
  return problems;
}

describe("the engine reads every object a page uses as qpdf does", () => {
  const corpus: [string, () => Promise<Uint8Array>][] = [];
  const chromium = () =>
    htmlToPdf(
      `<!doctype html><html><head><meta charset="utf-8"></head><body><h1>Agreement</h1><p>Price: 100 EUR — <b>bold</b> <a href="https://example.com">link</a></p><p style="page-break-before: always">Page two ✓</p></body></html>`,
    );
  const office = () =>
    officeToPdf(fodt(['Agreement with <text:span text:style-name="B">bold</text:span> text', "Price: 100 EUR"]), "fodt");
  const pdfLib = async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.TimesRoman);
    for (let i = 0; i < 3; i++) doc.addPage([400, 300]).drawText(`pdf-lib page ${i + 1}`, { x: 40, y: 200, size: 14, font });
    return doc.save(); // object streams and an xref stream
  };
  corpus.push(
    ["Chromium", chromium],
    ["LibreOffice", office],
    ["Ghostscript (Type 1C)", async () => new Uint8Array(fs.readFileSync(path.join(fixtures, "gs-type1c.pdf")))],
    ["Ghostscript (Type 3)", async () => new Uint8Array(fs.readFileSync(path.join(fixtures, "gs-type3.pdf")))],
    ["pdf-lib (object streams)", pdfLib],
    [
      "cairo (pdftocairo)",
      async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cairo-"));
        try {
          fs.writeFileSync(path.join(dir, "in.pdf"), await chromium());
          await run("pdftocairo", ["-pdf", path.join(dir, "in.pdf"), path.join(dir, "out.pdf")]);
          return new Uint8Array(fs.readFileSync(path.join(dir, "out.pdf")));
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    ],
    ["qpdf --object-streams=generate (LibreOffice)", async () => qpdf(await office(), ["--object-streams=generate"])],
    ["qpdf --linearize (Chromium)", async () => qpdf(await chromium(), ["--linearize"])],
    ["Signet's seal (an incremental update)", async () => sealedForTest(await chromium(), "sr_corpus")],
    ["two definitions of page 1's content", async () => twoDefinitionPdf()],
  );
  // pdfTeX documents Debian ships (object streams, PDF 1.5), where installed.
  for (const doc of ["/usr/share/doc/shared-mime-info/shared-mime-info-spec.pdf", "/usr/share/doc/libtasn1-doc/libtasn1.pdf"])
    if (fs.existsSync(doc)) corpus.push([`pdfTeX (${path.basename(doc)})`, async () => new Uint8Array(fs.readFileSync(doc))]);

  for (const [producer, make] of corpus) {
    it(producer, async () => {
      expect(await disagreements(await make())).toEqual([]);
    });
  }

  describe("the tamperer's tricks appended to a sealed PDF, in both kinds of cross-reference", () => {
    let base: TrickBase;
    beforeAll(async () => {
      ({ base } = await sealedTrickBase("sr_corpus_tricks"));
    });
    for (const form of FORMS)
      for (const name of TRICKS)
        it(`${name} (${form})`, async () => {
          expect(await disagreements(trick(base, name, form))).toEqual([]);
        });
  });
});

describe("readByXref", () => {
  it("tells the caller to rebuild the table where the chain cannot be followed, as viewers do", async () => {
    const pdf = twoDefinitionPdf();
    const text = Buffer.from(pdf).toString("latin1");
    // An entry that names an offset where its object is not.
    const broken = text.replace(/(xref\n0 6\n0000000000 65535 f \n)(\d{10})/, (_, head: string) => `${head}0000000001`);
    expect(() => readByXref(new Uint8Array(Buffer.from(broken, "latin1")))).toThrow(XrefError);
    const { reading } = await openPdf(new Uint8Array(Buffer.from(broken, "latin1")));
    expect(reading).toBe("scan");
    // A startxref beyond the file.
    expect(() =>
      readByXref(new Uint8Array(Buffer.from(text.replace(/startxref\n\d+/, "startxref\n99999999"), "latin1"))),
    ).toThrow(XrefError);
  });

  it("knows a file that is already its one reading as written, and keeps it byte for byte", async () => {
    const honest = await canonicalPdf(twoDefinitionPdf("The price is 100 EUR.", "unused"));
    expect(readByXref(honest.pdf).asWritten).toBe(true);
    // The decoy after the listed objects, an object listed but never used, a second section: not as written.
    expect(readByXref(twoDefinitionPdf()).asWritten).toBe(false);
    const text = Buffer.from(honest.pdf).toString("latin1");
    const unused = text.replace(/trailer\n<</, "trailer\n<< /Unused 4 0 R").replace(/\/Contents 4 0 R/, "/Contents [   ]");
    expect(readByXref(new Uint8Array(Buffer.from(unused, "latin1"))).asWritten).toBe(false);
    const sealed = await sealedForTest(honest.pdf, "sr_as_written");
    expect(readByXref(sealed).asWritten).toBe(false);
    // A file as written is stored as it is; canonical output is itself as written.
    const again = await canonicalPdf(honest.pdf);
    expect(Buffer.from(again.pdf).equals(Buffer.from(honest.pdf))).toBe(true);
  });

  it("stores a file in its one reading: canonical twice is canonical once, and the decoy is gone", async () => {
    const once = await canonicalPdf(twoDefinitionPdf());
    const twice = await canonicalPdf(once.pdf);
    expect(Buffer.from(twice.pdf).equals(Buffer.from(once.pdf))).toBe(true);
    expect(Buffer.from(once.pdf).toString("latin1")).not.toContain("1,000,000");
    expect(Buffer.from(once.pdf).toString("latin1")).toContain("The price is 100 EUR.");
  });
});

describe("readByXref on hostile cross-references", () => {
  const text = Buffer.from(twoDefinitionPdf()).toString("latin1");
  const xrefAt = Number(/startxref\n(\d+)/.exec(text)![1]);
  const pdf = (s: string) => new Uint8Array(Buffer.from(s, "latin1"));
  /** The file with one more section appended: its trailer says `trailer`, and startxref names it. */
  const withSection = (base: string, trailer: string, entries = "xref\n0 0\n") => {
    const at = base.length;
    return `${base}${entries}trailer\n${trailer}\nstartxref\n${at}\n%%EOF\n`;
  };

  it("a /Prev that names its own section, or a loop of two, ends: the sections are read once each", async () => {
    // A section that names itself as /Prev: read once; what it lists is all there is.
    const self = withSection(text, `<< /Size 6 /Root 1 0 R /Prev ${text.length} >>`);
    expect(readByXref(pdf(self)).chain.sections).toHaveLength(1);
    // It lists nothing, so /Root is not there: viewers rebuild the table, and so does the engine.
    expect((await openPdf(pdf(self))).reading).toBe("scan");
    const loop = withSection(text, `<< /Size 6 /Root 1 0 R /Prev ${xrefAt} >>`).replace(
      /trailer\n<< \/Size 6 \/Root 1 0 R >>/,
      `trailer\n<< /Size 6 /Root 1 0 R /Prev ${text.length} >>`,
    );
    expect((await openPdf(pdf(loop))).pages).toHaveLength(1);
  });

  it("a stream whose /Length is itself, an entry past the file's end, a negative or huge subsection: read by scanning or refused, never a hang", async () => {
    const selfLength = text.replace(/<< \/Length \d+ >>/, "<< /Length 4 0 R >>");
    const cases = [
      selfLength,
      text.replace(/(0000000000 65535 f \n)\d{10}/, "$19999999999"),
      text.replace("xref\n0 6\n", "xref\n0 -6\n"),
      text.replace("xref\n0 6\n", "xref\n0 99999999\n"),
    ];
    for (const c of cases) {
      expect(() => readByXref(pdf(c))).toThrow(XrefError);
      const read = await openPdf(pdf(c)).then(
        (r) => r.reading,
        (e: Error) => e.name,
      );
      expect(["scan", "PdfError"]).toContain(read);
    }
  });

  it("ten thousand sections chained by /Prev: followed to the end within the limit, one more refused", async () => {
    let s = text;
    let prev = xrefAt;
    for (let i = 0; i < 9_999; i++) {
      const at = s.length;
      s += `xref\n0 0\ntrailer\n<< /Size 6 /Root 1 0 R /Prev ${prev} >>\n`;
      prev = at;
    }
    const ok = `${s}startxref\n${prev}\n%%EOF\n`;
    expect(readByXref(pdf(ok)).chain.sections).toHaveLength(10_000);
    const at = s.length;
    const over = `${s}xref\n0 0\ntrailer\n<< /Size 6 /Root 1 0 R /Prev ${prev} >>\nstartxref\n${at}\n%%EOF\n`;
    expect(() => readByXref(pdf(over))).toThrow(/too many cross-reference sections/);
  });
});

describe("names, read by the engine's own name parsing", () => {
  /** FNV-1a, the hash the reader keeps names under: two names that share it must still read apart. */
  const fnv = (s: string) => {
    let h = 0x811c9dc5;
    for (const c of Buffer.from(s, "latin1")) h = Math.imul(h ^ c, 0x01000193);
    return h >>> 0;
  };
  function collidingNames(): [string, string] {
    const seen = new Map<number, string>();
    for (let i = 0; ; i++) {
      const name = `K${i.toString(36)}`;
      const other = seen.get(fnv(name));
      if (other) return [other, name];
      seen.set(fnv(name), name);
    }
  }
  /** The dictionary in `1 0 obj <<body>> endobj` as the engine reads it and as @cantoo/pdf-lib's own parser does. */
  function bothReadings(body: string): [PDFDict, PDFDict] {
    const bytes = new Uint8Array(Buffer.from(`1 0 obj\n<<${body}>>\nendobj\n`, "latin1"));
    const ours = new ObjectReader(bytes).at(0).object;
    const parser = PDFObjectParser.forBytes(bytes, PDFContext.create()) as unknown as {
      bytes: { moveTo(n: number): void };
      parseObject(): PDFObject;
    };
    parser.bytes.moveTo(8);
    const theirs = parser.parseObject();
    if (!(ours instanceof PDFDict) || !(theirs instanceof PDFDict)) throw new Error("not a dictionary");
    return [ours, theirs];
  }
  const keys = (d: PDFDict) => d.keys().map((k) => k.asString());

  it("makes the same names as pdf-lib's parser: escapes, delimiters, white-space, a long name, thousands of names", () => {
    const [a, b] = collidingNames();
    const long = `L${"x".repeat(5000)}`;
    const many = Array.from({ length: 6000 }, (_, i) => `/N${i} ${i}`).join(" ");
    const bodies = [
      `/Type/Page/A#20B 1/a#2fb 2/Lower#2a 3/Hex#4A 4/Bad#zz 5/Short#4 6/${long} 7`,
      `/${a} 1 /${b} 2 /${a}x 3`,
      `/K(str)/L<414243>/M[/N/O]/P<</Q/R>>/S/T%comment\n/U/V\t/W/X\0/Y/Z\f/A1/B1\r/C1 5 0 R`,
      many,
      many,
    ];
    for (const body of bodies) {
      const [ours, theirs] = bothReadings(body);
      expect(keys(ours)).toEqual(keys(theirs));
      for (const k of theirs.keys()) expect(ours.get(k)?.toString()).toBe(theirs.get(k)?.toString());
      // The same PDFName objects (pdf-lib pools them): a lookup by PDFName.of finds what was read.
      expect(theirs.keys().every((k, i) => ours.keys()[i] === k)).toBe(true);
    }
    const [ours] = bothReadings(`/${a} 1 /${b} 2`);
    expect(fnv(a)).toBe(fnv(b));
    expect(ours.get(PDFName.of(a))?.toString()).toBe("1");
    expect(ours.get(PDFName.of(b))?.toString()).toBe("2");
  });

  it("a dictionary's /Type makes the page tree's classes, as pdf-lib's parser does", () => {
    for (const type of ["Catalog", "Pages", "Page", "Font"]) {
      const [ours, theirs] = bothReadings(`/Type /${type}`);
      expect(ours.constructor).toBe(theirs.constructor);
    }
  });
});
