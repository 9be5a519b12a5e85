// Updates appended to a sealed PDF that only a printer, or only a reader of annotations, sees: written
// byte by byte (test/support/pdf-updates.ts), as a tamperer writes them. Also Signet's own honest
// B-LTA update (validation data, then a document time-stamp), which must stay unremarked.
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { addValidationData, fillDocumentTimestamp, prepareDocumentTimestamp, sealDocument } from "../../lib/pdf/seal";
import { loadIdentity } from "../../lib/pdf/seal/cades-signer";
import { append, describeBase, pageWith, stream, type Base } from "./pdf-updates";
import { testP12 } from "./seal-fixtures";
import { simplePdf } from "./simple-pdf";
import { makeTsa, timestampToken } from "./test-tsa";

const run = promisify(execFile);

/** A two-page document sealed by Signet's engine (three pages with its certificate page). */
export async function sealedForPrintTests(): Promise<Base> {
  const { sealed } = await sealDocument(await simplePdf([{ text: "Amount due: 1,000.00 EUR" }, { text: "Page two" }]), {
    fields: [],
    certificate: {
      requestId: "sr_print_view",
      title: "Print view",
      environment: "PRODUCTION",
      recipients: [{ name: "Ann", email: "ann@example.com", role: "SIGNER", order: 1 }],
    },
    ...testP12(),
  });
  return describeBase(sealed);
}

/** Page 1's dictionary with `ref` added to the annotations it already has (the seal's widget). */
export function annotsWith(base: Base, ref: number): string {
  const current = /\/Annots\s*\[([^\]]*)\]/.exec(base.page1Dict)?.[1]?.trim() ?? "";
  return pageWith(base, "Annots", `[${current ? `${current} ` : ""}${ref} 0 R]`);
}

/** A 400 × 120 pt box that says the bill is paid, as a form XObject (an annotation's appearance). */
export const PAID_BOX = stream(
  "/Type /XObject /Subtype /Form /BBox [0 0 400 120] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
  "1 1 1 rg 0 0 400 120 re f 0 0 0 RG 4 w 2 2 396 116 re S 0 0 0 rg BT /F1 28 Tf 20 70 Td (PAID IN FULL) Tj 0 -40 Td (AMOUNT DUE 1.00 EUR) Tj ET",
);

/** A signature widget added to page 1 after the seal, with `appearance` (a form XObject) as its look. */
export function widgetAfterSeal(base: Base, flags: number, rect: string, appearance: string): Uint8Array {
  const n = base.size;
  return append(base, [
    { num: n, body: appearance },
    {
      num: n + 1,
      body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Timestamp2) /F ${flags} /Rect ${rect} /AP << /N ${n} 0 R >> /P ${base.page1} 0 R >>`,
    },
    { num: base.page1, body: annotsWith(base, n + 1) },
  ]);
}

/**
 * A widget drawing PAID_BOX: `flags` 36 (Print|NoView) shows it only on paper; `rect` as written
 * (`[80 560 480.-0 680]` is four numbers to poppler, pdf.js and Acrobat).
 */
export const paidBoxWidget = (base: Base, flags: number, rect: string) => widgetAfterSeal(base, flags, rect, PAID_BOX);

/** White text that prints (Print|NoView): nothing to see on paper either, but a printed copy's text says PAID. */
export const WHITE_PAID = stream(
  "/Type /XObject /Subtype /Form /BBox [0 0 400 120] /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
  "1 1 1 rg BT /F1 28 Tf 20 70 Td (PAID IN FULL) Tj ET",
);

/**
 * The seal's own widget, rewritten after the seal to print PAID_BOX only on paper: same object, same
 * field and value, now /F 36 (Print|NoView) with a 400 × 120 pt rectangle and an appearance that draws.
 */
export function sealWidgetPrintsPaid(base: Base): Uint8Array {
  const num = Number(/\/Annots\s*\[\s*(\d+) 0 R/.exec(base.page1Dict)![1]);
  const text = Buffer.from(base.bytes).toString("latin1");
  const at = text.lastIndexOf(`\n${num} 0 obj`);
  const dict = /obj\s*(<<[\s\S]*?>>)\s*endobj/.exec(text.slice(at))![1]!;
  const n = base.size;
  const repainted = dict
    .replace(/\/Rect\s*\[[^\]]*\]/, "/Rect [80 560 480 680]")
    .replace(/\/F\s+\d+/, "/F 36")
    .replace(/\/AP\s*<<[\s\S]*?>>/, `/AP << /N ${n} 0 R >>`);
  return append(base, [
    { num: n, body: PAID_BOX },
    { num, body: repainted },
  ]);
}

/** A zero-sized signature widget added to page 1 after the seal, running JavaScript when the page opens (/AA /PO). */
export function scriptedWidget(base: Base): Uint8Array {
  const n = base.size;
  return append(base, [
    {
      num: n,
      body: `<< /Type /Annot /Subtype /Widget /FT /Sig /T (Timestamp2) /F 4 /Rect [0 0 0 0] /P ${base.page1} 0 R /AA << /PO << /S /JavaScript /JS (app.alert\\('Paid'\\)) >> >> >>`,
    },
    { num: base.page1, body: annotsWith(base, n) },
  ]);
}

/** Signet's own B-LTA extension of a sealed file: validation data, then a document time-stamp over it. */
export async function signetLta(sealed: Uint8Array): Promise<Uint8Array> {
  const id = testP12();
  const tsa = await makeTsa();
  const blt = await addValidationData(sealed, {
    certificates: [loadIdentity(id.p12, id.password).chain[0]!, new Uint8Array(tsa.cert.toSchema().toBER(false))],
    ocsps: [],
    crls: [],
  });
  const prepared = await prepareDocumentTimestamp(blt, 8192);
  const m = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(
    Buffer.from(prepared.pdf).toString("latin1").slice(blt.length),
  )!;
  const [a, b, c] = [Number(m[2]), Number(m[3]), Number(m[4])];
  const covered = Buffer.concat([prepared.pdf.subarray(0, a), prepared.pdf.subarray(b, b + c)]);
  return fillDocumentTimestamp(prepared.pdf, await timestampToken(tsa, covered, new Date()));
}

async function withFile<T>(pdf: Uint8Array, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "print-view-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    return await fn(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Page `page` as poppler draws it on screen (pdftoppm) and on paper (pdftocairo -pdf, then pdftoppm), 20 dpi
 * grey, and the text pdftotext reads from the paper copy.
 */
export function popplerViews(pdf: Uint8Array, page = 1): Promise<{ screen: Buffer; print: Buffer; printedText: string }> {
  return withFile(pdf, async (file, dir) => {
    const one = ["-r", "20", "-gray", "-f", String(page), "-l", String(page), "-singlefile"];
    await run("pdftoppm", [...one, file, path.join(dir, "screen")]);
    await run("pdftocairo", ["-pdf", "-origpagesizes", file, path.join(dir, "printed.pdf")]);
    await run("pdftoppm", [...one, path.join(dir, "printed.pdf"), path.join(dir, "print")]);
    const printedText = (await run("pdftotext", ["-f", String(page), "-l", String(page), path.join(dir, "printed.pdf"), "-"]))
      .stdout;
    return {
      screen: fs.readFileSync(path.join(dir, "screen.pgm")),
      print: fs.readFileSync(path.join(dir, "print.pgm")),
      printedText,
    };
  });
}

/** What `pdfinfo` (poppler) answers to "JavaScript:". */
export const pdfinfoJavaScript = (pdf: Uint8Array): Promise<string> =>
  withFile(pdf, async (file) => /^JavaScript:\s*(\S+)/m.exec((await run("pdfinfo", [file])).stdout)?.[1] ?? "?");

/** Page 1's annotations as qpdf reads them (`qpdf --json`), each object's dictionary, and qpdf's warnings. */
export function qpdfPage1Annotations(pdf: Uint8Array): Promise<{ annots: Record<string, unknown>[]; warnings: string }> {
  return withFile(pdf, async (file) => {
    // Exit 3: qpdf succeeded with warnings (its reading of a malformed token is one).
    const r = await run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", file]).catch(
      (e: { stdout: string; stderr: string; code: number }) => {
        if (e.code !== 3) throw e;
        return e;
      },
    );
    const json = JSON.parse(r.stdout) as { pages: { object: string }[]; qpdf: [unknown, Record<string, { value?: unknown }>] };
    const objects = json.qpdf[1];
    const dict = (ref: string) => (objects[`obj:${ref}`]?.value ?? {}) as Record<string, unknown>;
    const refs = (dict(json.pages[0]!.object)["/Annots"] as string[] | undefined) ?? [];
    return { annots: refs.map(dict), warnings: r.stderr };
  });
}
