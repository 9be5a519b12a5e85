// What may follow a seal is a list of exact shapes: a document time-stamp as PAdES tools write it (its
// field, value and empty appearance, the form and page rewritten only to list it) is accepted in the
// forms honest tools write it; a widget that only computes as invisible, a malformed token readers
// split differently, or an action is a modification. Each update is written byte by byte.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PDFArray, PDFDocument, PDFName, PDFRef } from "@cantoo/pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { firstOf } from "../../../test/support/expect-helpers";
import {
  acroFormWith,
  append,
  describeBase,
  fieldsOf,
  fillTimestamp,
  pageWith,
  stream,
  timestampObjects,
  type Base,
  type TimestampTweak,
} from "../../../test/support/pdf-updates";
import { simplePdf } from "../../../test/support/simple-pdf";
import { testP12 } from "../../../test/support/seal-fixtures";
import { makeTsa, timestampToken, type Tsa } from "../../../test/support/test-tsa";
import { sealDocument } from "../seal";
import { verifyPdf } from "./index";

const run = promisify(execFile);

async function withFile<T>(pdf: Uint8Array, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shapes-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    return await fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** qpdf's reading of one object, as JSON (qpdf reads a malformed token as one bad token, not two numbers). */
const qpdfObject = (pdf: Uint8Array, num: number) =>
  withFile(pdf, async (file) => {
    const r = await run("qpdf", ["--json=2", "--json-key=qpdf", `--json-object=${num}`, file]).catch((e: { stdout: string }) => ({
      stdout: e.stdout,
    }));
    const [, objects] = (JSON.parse(r.stdout) as { qpdf: [unknown, Record<string, { value: Record<string, unknown> }>] }).qpdf;
    return objects[`obj:${num} 0 R`]!.value;
  });

const pdfinfo = (pdf: Uint8Array) => withFile(pdf, async (file) => (await run("pdfinfo", [file])).stdout);

describe("verify: what may follow a seal", () => {
  let s: Base;
  let ours: { sealingP12: { p12: Uint8Array; password: string } };
  let tsa: Tsa;

  beforeAll(async () => {
    const id = testP12();
    ours = { sealingP12: { p12: id.p12, password: id.password } };
    const { sealed } = await sealDocument(await simplePdf([{ text: "Amount due: 1,000.00 EUR" }]), {
      fields: [],
      certificate: {
        requestId: "sr_shapes",
        title: "Shapes test",
        environment: "PRODUCTION",
        recipients: [{ name: "Ann", email: "ann@example.com", role: "SIGNER", order: 1 }],
      },
      ...id,
    });
    s = await describeBase(sealed);
    tsa = await makeTsa();
  });

  const sign = (covered: Uint8Array) => timestampToken(tsa, covered, new Date());
  const annotsWith = (ref: string) => pageWith(s, "Annots", `[${[...s.page1Annots, ref].join(" ")}]`);
  const fieldsWith = (ref: string) => fieldsOf(s).replace(/\]$/, ` ${ref}]`);

  const altered = async (pdf: Uint8Array, why: RegExp, what = "") => {
    const v = await verifyPdf(pdf, ours);
    expect({ what, verdict: v.verdict, digest: firstOf(v.signatures).digestMatches }).toEqual({
      what,
      verdict: "ALTERED",
      digest: true,
    });
    expect({ what, modifications: v.modifications.join(" | ") }).toEqual({ what, modifications: expect.stringMatching(why) });
  };
  const valid = async (pdf: Uint8Array, what = "") => {
    const v = await verifyPdf(pdf, ours);
    expect({ what, verdict: v.verdict, modifications: v.modifications }).toEqual({ what, verdict: "VALID", modifications: [] });
  };

  it("a print-only 'PAID IN FULL' signature widget whose /Rect pdf-lib reads as five numbers is a modification", async () => {
    const n = s.size;
    const appearance = stream(
      "/Type /XObject /Subtype /Form /BBox [0 0 400 120] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >> >> >>",
      "1 0 0 rg 0 0 400 120 re f BT 1 1 1 rg /F1 36 Tf 20 70 Td (PAID IN FULL) Tj 0 -40 Td (AMOUNT DUE 1.00 EUR) Tj ET",
    );
    const pdf = append(s, [
      {
        num: n,
        body: `<< /Type /Annot /Subtype /Widget /FT /Sig /F 36 /T (Paid) /Rect [80 560 480.-0 680] /P ${s.page1} 0 R /AP << /N ${n + 1} 0 R >> >>`,
      },
      { num: n + 1, body: appearance },
      { num: s.page1, body: annotsWith(`${n} 0 R`) },
      { num: s.acroForm!, body: acroFormWith(s, "Fields", fieldsWith(`${n} 0 R`)) },
    ]);
    // What other readers see: qpdf reads four entries, the third a bad token, not 480 and -0.
    expect(((await qpdfObject(pdf, n))["/Rect"] as unknown[]).length).toBe(4);
    await altered(pdf, /not well-formed.*480\.-0/);
  });

  it("a zero-area signature widget carrying JavaScript (/AA /PO) is a modification", async () => {
    const n = s.size;
    const pdf = append(s, [
      {
        num: n,
        body: `<< /Type /Annot /Subtype /Widget /FT /Sig /F 4 /T (ts) /Rect [0 0 0 0] /P ${s.page1} 0 R /AA << /PO << /S /JavaScript /JS (app.alert\\(1\\)) >> >> >>`,
      },
      { num: s.page1, body: annotsWith(`${n} 0 R`) },
      { num: s.acroForm!, body: acroFormWith(s, "Fields", fieldsWith(`${n} 0 R`)) },
    ]);
    expect(await pdfinfo(pdf)).toMatch(/JavaScript:\s+yes/);
    expect(await pdfinfo(s.bytes)).toMatch(/JavaScript:\s+no/);
    await altered(pdf, /action or script.*\/AA/);
  });

  /** A document time-stamp update as DSS (PDFBox) and Adobe write it, filled with a real token. */
  const timestamp = async (tweak: TimestampTweak = {}) => fillTimestamp(append(s, timestampObjects(s, tweak)), sign);

  it("an honest document time-stamp that rewrites /AcroForm (/DA, /DR, a new /Fields array) is accepted", async () => {
    await valid(await timestamp(), "the form rewritten in its own object");
    await valid(await timestamp({ directForm: true }), "the catalog rewritten with the form in it");
    // Adobe's and others' variants: no appearance, /F 4 or 2, an appearance dictionary of its own, an empty /DR.
    await valid(
      await timestamp({ widget: (w) => w.replace(/ \/AP << \/N \d+ 0 R >>/, "").replace("/F 132", "/F 4") }),
      "no /AP, /F 4",
    );
    await valid(
      await timestamp({
        widget: (w) => w.replace("/F 132", "/F 2 /DR << >>"),
        appearance: stream(
          "/Type /XObject /Subtype /Form /FormType 1 /BBox [0 0 0 0] /Matrix [1 0 0 1 0 0] /Resources << /ProcSet [/PDF /Text] >>",
          "",
        ),
      }),
      "/F 2, an empty /DR, a /ProcSet",
    );
    // And the page's /Annots gaining the widget, as Adobe writes it.
    await valid(await timestamp({ more: [{ num: s.page1, body: annotsWith(`${s.size} 0 R`) }] }), "page /Annots");
    // /Fields with the new field first (the order of fields draws nothing), as some tools write it.
    await valid(await timestamp({ fields: `[${s.size} 0 R ${fieldsOf(s).slice(1)}` }), "the new field first");
  });

  it("what is not a document time-stamp's shape is a modification, named", async () => {
    const n = s.size;
    const cases: [string, TimestampTweak, RegExp][] = [
      ["/NeedAppearances true", { form: (f) => f.replace(/>>\s*$/, " /NeedAppearances true >>") }, /\/NeedAppearances/],
      ["/XFA", { form: (f) => f.replace(/>>\s*$/, " /XFA [] >>") }, /\/XFA/],
      ["/CO", { form: (f) => f.replace(/>>\s*$/, ` /CO [${n} 0 R] >>`) }, /\/CO/],
      ["a /Rect of area 1", { widget: (w) => w.replace("[0.0 0.0 0.0 0.0]", "[0 0 0 1]") }, /\/Rect/],
      ["a /Rect of area 0 that is not four zeros", { widget: (w) => w.replace("[0.0 0.0 0.0 0.0]", "[0 840 0 840]") }, /\/Rect/],
      ["a /Rect of three numbers", { widget: (w) => w.replace("[0.0 0.0 0.0 0.0]", "[0 0 0]") }, /\/Rect/],
      ["/F 36 (NoView)", { widget: (w) => w.replace("/F 132", "/F 36") }, /\/F/],
      ["an /MK", { widget: (w) => w.replace("/F 132", "/F 132 /MK << /BG [1 0 0] >>") }, /\/MK/],
      [
        "an appearance that draws",
        { appearance: stream("/Type /XObject /Subtype /Form /BBox [0 0 0 0]", "1 0 0 rg 0 0 9 9 re f") },
        /appearance/,
      ],
      ["an /A", { widget: (w) => w.replace("/F 132", "/F 132 /A << /S /URI /URI (https://example.com) >>") }, /action or script/],
      ["a signature's value", { value: (v) => v.replace("/ETSI.RFC3161", "/ETSI.CAdES.detached") }, /not a document time-stamp/],
      ["a value of another /Type", { value: (v) => v.replace("/DocTimeStamp", "/Annot") }, /\/Type is not \/DocTimeStamp/],
      ["a value with a /Reference", { value: (v) => v.replace("/Filter", "/Reference [] /Filter") }, /\/Reference/],
      [
        "the new widget drawn under the page's annotations",
        { more: [{ num: s.page1, body: pageWith(s, "Annots", `[${n} 0 R ${s.page1Annots.join(" ")}]`) }] },
        /Annotations were added.*removed or moved/,
      ],
      ["a field of the signed revision dropped", { fields: `[${n} 0 R]` }, /Form fields.*removed/],
    ];
    for (const [what, tweak, why] of cases) await altered(await timestamp(tweak), why, what);
  });

  it("a token readers may split differently, anywhere after the seal, is a modification", async () => {
    const bad = ["480.-0", "--5", "1.2.3", "12true", "0R", "+-1", "4.5e3", "1_000"];
    for (const token of bad) {
      const pdf = append(s, [{ num: s.size, body: `<< /Producer (x) /Count ${token} >>` }], { trailer: ` /Info ${s.size} 0 R` });
      await altered(pdf, /not well-formed/, token);
    }
    const more: [string, string][] = [
      ["a name with a bad escape", "<< /Producer (x) /Na#zzme 1 >>"],
      ["a hex string with a non-hex digit", "<< /Producer <4g> >>"],
      ["a key given twice", "<< /Producer (x) /Producer (y) >>"],
      ["a dictionary with an odd number of entries", "<< /Producer (x) /Title >>"],
      ["a stray closing bracket", "<< /Producer (x) ] >>"],
    ];
    for (const [what, body] of more) {
      const pdf = append(s, [{ num: s.size, body }], { trailer: ` /Info ${s.size} 0 R` });
      await altered(pdf, /not well-formed|given twice/, what);
    }
  });

  it("a new object is accounted for by a shape, even one an old page named before it existed", async () => {
    // A signed revision whose page names a content stream that does not exist (readers draw nothing for it).
    const doc = await PDFDocument.load(await simplePdf([{ text: "Amount due: 1,000.00 EUR" }]));
    const page = doc.getPage(0);
    const own = doc.context.lookup(page.node.get(PDFName.of("Contents")));
    const streams = own instanceof PDFArray ? own.asArray() : [page.node.get(PDFName.of("Contents"))!];
    page.node.set(PDFName.of("Contents"), doc.context.obj([...streams, PDFRef.of(999)]));
    const { sealed } = await sealDocument(await doc.save(), {
      fields: [],
      certificate: {
        requestId: "sr_shapes_dangling",
        title: "Shapes test",
        environment: "PRODUCTION",
        recipients: [{ name: "Ann", email: "ann@example.com", role: "SIGNER", order: 1 }],
      },
      ...testP12(),
    });
    const base = await describeBase(sealed);
    await altered(append(base, [{ num: 999, body: stream("", "1 0 0 rg 0 0 612 792 re f") }]), /New content \(.*object 999/);
  });
});
