/**
 * Real PDFs for tests, made by real renderers: Chromium's --print-to-pdf from HTML and
 * LibreOffice from a flat ODT (or HTML), post-processed with qpdf, and checked against poppler's
 * `pdftotext -bbox`. Results are cached under the OS temp dir by a hash of their input, so a
 * test run converts each document once and later runs (and other test files) reuse it.
 *
 * Needs the Debian packages chromium, libreoffice-writer-nogui, qpdf and poppler-utils.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Bump to invalidate every cached fixture (for example after changing the Chromium flags). */
const CACHE_VERSION = "1";
const CACHE_DIR = path.join(os.tmpdir(), "signet-pdf-fixtures");

function cacheFile(kind: string, input: string | Uint8Array, ext = "pdf"): string {
  const h = crypto.createHash("sha256").update(`${CACHE_VERSION}\0${kind}\0`).update(input).digest("hex").slice(0, 32);
  return path.join(CACHE_DIR, `${kind}-${h}.${ext}`);
}

/** Write to a temp name and rename, so a parallel test worker never reads half a file. */
function writeAtomic(file: string, bytes: Uint8Array): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}`;
  fs.writeFileSync(tmp, bytes);
  fs.renameSync(tmp, file);
}

async function cached(
  kind: string,
  input: string | Uint8Array,
  make: (workDir: string) => Promise<Uint8Array>,
): Promise<Uint8Array> {
  const file = cacheFile(kind, input);
  if (fs.existsSync(file)) return new Uint8Array(fs.readFileSync(file));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `signet-${kind}-`));
  try {
    const bytes = await make(work);
    writeAtomic(file, bytes);
    return bytes;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Without it Chromium prints the date and the file URL on every page.
  "--no-pdf-header-footer",
];

/** A PDF printed by Chromium from `html` (a whole document: include <meta charset="utf-8">). */
export function htmlToPdf(html: string): Promise<Uint8Array> {
  return cached("chromium", html, async (work) => {
    const src = path.join(work, "doc.html");
    const out = path.join(work, "doc.pdf");
    fs.writeFileSync(src, html);
    await run("chromium", [...CHROMIUM_FLAGS, `--user-data-dir=${path.join(work, "profile")}`, `--print-to-pdf=${out}`, src], {
      timeout: 120_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    if (!fs.existsSync(out)) throw new Error("chromium did not write a PDF");
    return new Uint8Array(fs.readFileSync(out));
  });
}

/** One LibreOffice profile may convert one file at a time: conversions in this process queue up. */
let officeQueue: Promise<unknown> = Promise.resolve();

/** A PDF exported by LibreOffice Writer from a document in the given format (fodt, html, docx, ...). */
export function officeToPdf(content: string | Uint8Array, ext: "fodt" | "html" | "odt" | "docx"): Promise<Uint8Array> {
  return cached(`soffice-${ext}`, content, (work) => {
    const job = officeQueue.then(async () => {
      const src = path.join(work, `doc.${ext}`);
      fs.writeFileSync(src, content);
      await run(
        "soffice",
        [
          `-env:UserInstallation=file://${path.join(work, "profile")}`,
          "--headless",
          "--convert-to",
          "pdf",
          "--outdir",
          work,
          src,
        ],
        {
          timeout: 180_000,
          maxBuffer: 16 * 1024 * 1024,
        },
      );
      const out = path.join(work, "doc.pdf");
      if (!fs.existsSync(out)) throw new Error("soffice did not write a PDF");
      return new Uint8Array(fs.readFileSync(out));
    });
    officeQueue = job.catch(() => undefined);
    return job;
  });
}

export interface FodtStyles {
  /** Paragraph font family, default Liberation Serif. */
  font?: string;
  /** Paragraph font size in points, default 12. */
  size?: number;
}

/**
 * A flat ODT document. Each paragraph is ODF inline markup; these text styles are defined:
 * B (bold), I (italic), W (white), R (red), BIG (18 pt), SANS (Liberation Sans).
 */
export function fodt(paragraphs: string[], styles: FodtStyles = {}): string {
  const font = styles.font ?? "Liberation Serif";
  const size = styles.size ?? 12;
  return `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text">
<office:font-face-decls>
<style:font-face style:name="${font}" svg:font-family="'${font}'"/>
<style:font-face style:name="Liberation Sans" svg:font-family="'Liberation Sans'"/>
</office:font-face-decls>
<office:styles><style:style style:name="Standard" style:family="paragraph"><style:text-properties style:font-name="${font}" fo:font-size="${size}pt"/></style:style></office:styles>
<office:automatic-styles>
<style:style style:name="B" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>
<style:style style:name="I" style:family="text"><style:text-properties fo:font-style="italic"/></style:style>
<style:style style:name="W" style:family="text"><style:text-properties fo:color="#ffffff"/></style:style>
<style:style style:name="R" style:family="text"><style:text-properties fo:color="#ff0000"/></style:style>
<style:style style:name="BIG" style:family="text"><style:text-properties fo:font-size="18pt"/></style:style>
<style:style style:name="SANS" style:family="text"><style:text-properties style:font-name="Liberation Sans"/></style:style>
<style:style style:name="PB" style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties fo:break-before="page"/></style:style>
</office:automatic-styles>
<office:body><office:text>
${paragraphs.map((p) => (p.startsWith("<text:p") ? p : `<text:p text:style-name="Standard">${p}</text:p>`)).join("\n")}
</office:text></office:body></office:document>
`;
}

/** Runs qpdf on `input` with `args` placed between the input and output file names. */
export function qpdf(input: Uint8Array, args: string[]): Promise<Uint8Array> {
  return cached(`qpdf-${args.join("_").replace(/[^\w.+:-]/g, "")}`, input, async (work) => {
    const src = path.join(work, "in.pdf");
    const out = path.join(work, "out.pdf");
    fs.writeFileSync(src, input);
    try {
      await run("qpdf", [src, ...args, out], { timeout: 60_000 });
    } catch (e) {
      // Exit code 3 means "succeeded with warnings".
      if ((e as { code?: number }).code !== 3) throw e;
    }
    return new Uint8Array(fs.readFileSync(out));
  });
}

/** Rotates one page (1-based) by a multiple of 90 degrees, as `qpdf --rotate=+90:2` does. */
export function rotatePage(input: Uint8Array, page: number, degrees: 90 | 180 | 270): Promise<Uint8Array> {
  return qpdf(input, [`--rotate=+${degrees}:${page}`]);
}

/** AES-256 with user password "u" and owner password "o". */
export function encryptPdf(input: Uint8Array): Promise<Uint8Array> {
  return qpdf(input, ["--encrypt", "u", "o", "256", "--"]);
}

export interface PopplerWord {
  /** 1-based. */
  page: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/**
 * Words with boxes from poppler's `pdftotext -bbox` (the reference for anchor positions), in
 * points from the top-left of the page as displayed. `-cropbox` makes poppler measure from the
 * crop box, as viewers and our coordinates do; without it, poppler measures from the media box.
 */
export async function pdftotextWords(pdf: Uint8Array): Promise<PopplerWord[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pdftotext-"));
  try {
    const src = path.join(work, "in.pdf");
    fs.writeFileSync(src, pdf);
    const { stdout } = await run("pdftotext", ["-cropbox", "-bbox", src, "-"], { maxBuffer: 512 * 1024 * 1024 });
    const words: PopplerWord[] = [];
    let page = 0;
    for (const line of stdout.split("\n")) {
      if (line.includes("<page ")) page++;
      const m = /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*)<\/word>/.exec(line);
      const raw = m?.[5];
      if (!m || raw === undefined) continue;
      const text = raw.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (entity, e: string) =>
        e.startsWith("#x") || e.startsWith("#X")
          ? String.fromCodePoint(parseInt(e.slice(2), 16))
          : e.startsWith("#")
            ? String.fromCodePoint(Number(e.slice(1)))
            : (ENTITIES[e.toLowerCase()] ?? entity),
      );
      words.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text });
    }
    return words;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The text of one page (1-based) as it looks: the words that share a baseline and a size (the same
 * bottom edge) make one line, left to right, single-spaced. A table's label and its value read as one
 * line ("Signed at 2026-…"), where plain `pdftotext` reads a column after the other.
 */
export async function pdfTextLines(pdf: Uint8Array, page: number): Promise<string> {
  const lines = new Map<string, PopplerWord[]>();
  for (const w of (await pdftotextWords(pdf)).filter((w) => w.page === page)) {
    const key = w.yMax.toFixed(1);
    lines.set(key, [...(lines.get(key) ?? []), w]);
  }
  return [...lines.values()]
    .sort((a, b) => a[0]!.yMax - b[0]!.yMax)
    .map((ws) =>
      ws
        .sort((a, b) => a.xMin - b.xMin)
        .map((w) => w.text)
        .join(" "),
    )
    .join("\n");
}

/** Plain text of a PDF from `pdftotext` (reading order, UTF-8). */
export async function pdftotext(pdf: Uint8Array): Promise<string> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pdftotext-"));
  try {
    const src = path.join(work, "in.pdf");
    fs.writeFileSync(src, pdf);
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", src, "-"], { maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface PdfImageInfo {
  page: number;
  width: number;
  height: number;
  /** "image", "smask" (a PNG's alpha channel), ... */
  type: string;
  /** "image" (Flate), "jpeg", ... */
  enc: string;
  /** The image's object number: one image drawn in several places is listed once per place, with the same number. */
  object: number;
}

/** Images per page from `pdfimages -list`. */
export async function pdfimagesList(pdf: Uint8Array): Promise<PdfImageInfo[]> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pdfimages-"));
  try {
    const src = path.join(work, "in.pdf");
    fs.writeFileSync(src, pdf);
    const { stdout } = await run("pdfimages", ["-list", src], { maxBuffer: 64 * 1024 * 1024 });
    return stdout
      .split("\n")
      .slice(2)
      .map((l) => l.trim().split(/\s+/))
      .filter((c) => c.length > 5 && /^\d+$/.test(c[0] ?? ""))
      .map((c) => ({
        page: Number(c[0]),
        type: c[2] ?? "",
        width: Number(c[3]),
        height: Number(c[4]),
        enc: c[8] ?? "",
        object: Number(c[10]),
      }));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Wall-clock milliseconds of `pdftotext -bbox` on a PDF (the benchmark's reference). */
export async function timePdftotextBbox(pdf: Uint8Array): Promise<number> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pdftotext-"));
  try {
    const src = path.join(work, "in.pdf");
    fs.writeFileSync(src, pdf);
    const t0 = performance.now();
    await run("pdftotext", ["-bbox", src, path.join(work, "out.html")], { maxBuffer: 1024 * 1024 });
    return performance.now() - t0;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export interface RenderedPage {
  width: number;
  height: number;
  /** RGB at pixel (x, y) from the top-left; at 72 dpi one pixel is one point. */
  rgb(x: number, y: number): [number, number, number];
}

/** Renders one page (1-based) with poppler's pdftoppm at `dpi` (default 72: pixels = points). */
export async function renderPage(pdf: Uint8Array, page: number, dpi = 72): Promise<RenderedPage> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-pdftoppm-"));
  try {
    const src = path.join(work, "in.pdf");
    fs.writeFileSync(src, pdf);
    await run(
      "pdftoppm",
      ["-r", String(dpi), "-f", String(page), "-l", String(page), "-singlefile", src, path.join(work, "out")],
      { timeout: 60_000 },
    );
    const ppm = fs.readFileSync(path.join(work, "out.ppm"));
    // Binary PPM: "P6\n<width> <height>\n<max>\n" then RGB bytes.
    const header = ppm
      .subarray(0, 64)
      .toString("latin1")
      .match(/^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    if (!header) throw new Error("pdftoppm did not write a binary PPM");
    const [all, w, h] = header;
    const width = Number(w);
    const height = Number(h);
    const data = ppm.subarray(all.length);
    return {
      width,
      height,
      rgb(x, y) {
        const i = (Math.round(y) * width + Math.round(x)) * 3;
        const [r, g, b] = data.subarray(i, i + 3);
        if (r === undefined || g === undefined || b === undefined)
          throw new Error(`pixel (${x}, ${y}) is outside ${width}x${height}`);
        return [r, g, b];
      },
    };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
