/**
 * Documents, images and certificates for the sealing tests and benchmark (lib/pdf/seal). PDFs come
 * from Chromium through test/support/pdf-fixtures.ts (cached there), anchors from the text layer,
 * as the server finds them; checks use poppler (pdfsig, pdftotext, pdfimages).
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { findAllAnchors, type FoundAnchor } from "../../lib/pdf/anchors";
import { createSelfSignedP12 } from "../../lib/pdf/seal/self-signed";
import { extractTextLayer } from "../../lib/pdf/text-layer";
import { htmlToPdf } from "./pdf-fixtures";

const run = promisify(execFile);
const fixtures = path.resolve(__dirname, "../fixtures");

/** A 200 x 100 PNG (blue on the left to orange on the right). */
export const SIGNATURE_PNG = new Uint8Array(fs.readFileSync(path.join(fixtures, "stamp-200x100.png")));
export const SIGNATURE_JPEG = new Uint8Array(fs.readFileSync(path.join(fixtures, "stamp-200x100.jpg")));

const page = (body: string, last = false) => `<div style="${last ? "" : "page-break-after: always;"}">${body}</div>`;

function html(pages: string[]): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>
@page { size: A4; margin: 20mm; }
body { font-family: "DejaVu Serif", serif; font-size: 12pt; }
</style></head><body>${pages.map((p, i) => page(p, i === pages.length - 1)).join("")}</body></html>`;
}

/**
 * Three pages: signer s1's anchors on page 1 (with other text on the same lines), signer s2's on
 * page 2 (which tests rotate), and a plain page 3.
 */
export function agreementPdf(): Promise<Uint8Array> {
  return htmlToPdf(
    html([
      `<h1>Mutual agreement</h1>
       <p>Sign here: {{s1|signature|150|50}} keep this text</p>
       <p>Date: {{s1|date}} and this too</p>
       <p>Full name: {{s1|text|200|20}} end of line</p>`,
      `<p>Second page for the countersignature.</p>
       <p>Countersign: {{s2|signature|150|50}} after the anchor</p>
       <p>Initials: {{s2|initials}} right</p>
       <p>Date: {{s2|date}} tail</p>`,
      `<p>Third page without fields.</p>`,
    ]),
  );
}

/**
 * A long contract: `pages` pages of paragraphs, with `fields` anchors spread over them (at most
 * two per page, so fields up to 2 x pages).
 */
export function longContractPdf(pages = 100, fields = 50): Promise<Uint8Array> {
  const lorem =
    "The parties agree that the services described in the schedule shall be performed with due care, that invoices are payable within thirty days, and that either party may end this agreement with ninety days' written notice.";
  const body: string[] = [];
  let placed = 0;
  for (let p = 0; p < pages; p++) {
    const paras = [`<h2>Section ${p + 1}</h2>`];
    for (let k = 0; k < 9; k++) paras.push(`<p>${p + 1}.${k + 1} ${lorem}</p>`);
    for (let k = 0; k < 2 && placed < fields && (placed * pages) / fields <= p; k++) {
      paras.push(
        placed % 2 === 0
          ? `<p>Signature ${placed + 1}: {{s1|signature|150|40}} initial here</p>`
          : `<p>Date ${placed + 1}: {{s1|date}}</p>`,
      );
      placed++;
    }
    body.push(paras.join("\n"));
  }
  return htmlToPdf(html(body));
}

/** Every anchor of a PDF, found as the server finds them (text layer, then the anchor grammar). */
export async function anchorsOf(pdf: Uint8Array): Promise<FoundAnchor[]> {
  return findAllAnchors(await extractTextLayer(pdf));
}

let p12: { p12: Buffer; password: string } | undefined;
/** One self-signed sealing certificate per test process (key generation takes ~0.5 s). */
export function testP12(): { p12: Buffer; password: string } {
  p12 ??= createSelfSignedP12("Signet test sealing");
  return p12;
}

async function withFile<T>(pdf: Uint8Array, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-seal-"));
  try {
    const file = path.join(dir, "in.pdf");
    fs.writeFileSync(file, pdf);
    return await fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** pdfsig's report. It exits 0 whether or not the signature is valid: read the text. */
export function pdfsig(pdf: Uint8Array): Promise<string> {
  return withFile(pdf, async (file) => {
    const r = await run("pdfsig", [file]).catch((e: { stdout?: string; stderr?: string }) => ({
      stdout: `${e.stdout ?? ""}${e.stderr ?? ""}`,
      stderr: "",
    }));
    return r.stdout;
  });
}

/** Text of one page (1-based) from pdftotext. */
export function pageText(pdf: Uint8Array, page: number): Promise<string> {
  return withFile(
    pdf,
    async (file) => (await run("pdftotext", ["-enc", "UTF-8", "-f", String(page), "-l", String(page), file, "-"])).stdout,
  );
}

/** `qpdf --check` output (exit 3, warnings, is kept as output). */
export function qpdfCheck(pdf: Uint8Array): Promise<string> {
  return withFile(pdf, async (file) => {
    try {
      return (await run("qpdf", ["--check", file])).stdout;
    } catch (e) {
      return `${(e as { stdout?: string }).stdout ?? ""}${(e as { stderr?: string }).stderr ?? ""}`;
    }
  });
}
