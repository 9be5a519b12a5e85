/**
 * The second, independent judge of what follows a seal. It reads the revision the seal signed and the
 * whole file with programs of their own, as viewers and printers do, and every answer must come out the
 * same:
 * - poppler draws each page for the screen (pdftoppm) and for paper (pdftocairo, which renders with the
 *   printing flags: an annotation flagged Print|NoView shows only there), 18 dpi grey, and reads the text
 *   of both (pdftotext);
 * - pdf.js lists each page's annotations (type, rectangle, flags, field type, actions, text);
 * - pdfinfo says whether the file holds JavaScript.
 * A reading of the objects that differs from these readers' cannot then make a changed page pass unseen.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runPoppler } from "../poppler";
import { readAnnotations, type AnnotationReading, type ReadAnnotation } from "./pdfjs-annotations";

const TIMEOUT_MS = 20_000;
const MAX_PROBLEMS = 12;

interface Seen {
  screen: Buffer[];
  print: Buffer[];
  texts: string[];
  /** The text of the print view, as pdftotext reads cairo's output. */
  printTexts: string[];
  /** pdfinfo's answer to "JavaScript:" ("yes", "no"), null when it gave none. */
  javascript: string | null;
}

function pages(dir: string, prefix: string): Buffer[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith(".pgm"))
    .sort((a, b) => Number(/-(\d+)\.pgm$/.exec(a)?.[1]) - Number(/-(\d+)\.pgm$/.exec(b)?.[1]))
    .map((f) => fs.readFileSync(path.join(dir, f)));
}

/** pdftotext's text of each page of `file` ("-": `input`). */
async function readTexts(file: string, input?: Uint8Array): Promise<string[]> {
  const out = await runPoppler("pdftotext", ["-enc", "UTF-8", file, "-"], { input, timeoutMs: TIMEOUT_MS });
  const texts = Buffer.from(out).toString("utf8").split("\f");
  if (texts.at(-1)?.trim() === "") texts.pop();
  return texts;
}

async function look(dir: string, name: string, pdf: Uint8Array): Promise<Seen> {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, pdf);
  const raster = ["-r", "18", "-gray"];
  await runPoppler("pdftoppm", [...raster, file, path.join(dir, `${name}-screen`)], { timeoutMs: TIMEOUT_MS, doing: "draw" });
  // The print view: cairo's PDF output is drawn with the printing flags; pdftoppm then rasterizes it
  // as it rasterizes the screen view. It passes through a pipe, capped like any output.
  const printed = await runPoppler("pdftocairo", ["-pdf", "-origpagesizes", file, "-"], {
    timeoutMs: TIMEOUT_MS,
    doing: "draw",
    maxOutput: Math.max(64 * 1024 * 1024, 4 * pdf.length),
  });
  await runPoppler("pdftoppm", [...raster, "-", path.join(dir, `${name}-print`)], {
    input: printed,
    timeoutMs: TIMEOUT_MS,
    doing: "draw",
  });
  const texts = await readTexts(file);
  const printTexts = await readTexts("-", printed);
  const info = Buffer.from(await runPoppler("pdfinfo", [file], { timeoutMs: TIMEOUT_MS })).toString("utf8");
  const javascript = /^JavaScript:\s*(\S+)\s*$/m.exec(info)?.[1] ?? null;
  return { screen: pages(dir, `${name}-screen`), print: pages(dir, `${name}-print`), texts, printTexts, javascript };
}

const FLAG_NAMES = [
  "Invisible",
  "Hidden",
  "Print",
  "NoZoom",
  "NoRotate",
  "NoView",
  "ReadOnly",
  "Locked",
  "ToggleNoView",
  "LockedContents",
];

function flagNames(flags: number): string {
  const names = FLAG_NAMES.filter((_, bit) => flags & (1 << bit));
  return names.length ? names.join("|") : "none";
}

function describe(a: ReadAnnotation): string {
  const kind = a.fieldType ? `${a.subtype} (${a.fieldType} field)` : a.subtype;
  const actions = a.actions.length ? `, with ${a.actions.join(", ")}` : "";
  return `${kind} at [${a.rect.join(" ")}], flags ${flagNames(a.flags)}${actions}`;
}

/** What is compared: everything read but the id (a tool may renumber objects it rewrites). */
const key = (a: ReadAnnotation) => JSON.stringify({ ...a, id: undefined });

/**
 * The flags a PAdES tool writes on its document time-stamp's widget (Print, Locked, and the hiding and
 * read-only ones); none of them can make a zero-sized widget show anything.
 */
const TIMESTAMP_FLAGS = 1 | 2 | 4 | 64 | 128 | 512;

/**
 * A document time-stamp's invisible signature widget, exactly: a Widget of a signature field whose
 * rectangle is four zeros, with no action, no text, and an appearance (if any) that draws nothing.
 */
async function isTimestampWidget(reading: AnnotationReading, page: number, a: ReadAnnotation): Promise<boolean> {
  return (
    a.subtype === "Widget" &&
    a.fieldType === "Sig" &&
    a.rect.length === 4 &&
    a.rect.every((n) => n === 0) &&
    a.actions.length === 0 &&
    a.contents === "" &&
    (a.flags & ~TIMESTAMP_FLAGS) === 0 &&
    !(a.hasAppearance && (await reading.drawsSomething(page, a.id)))
  );
}

/** Each page's annotations: those the file has that the signed revision has not, and the other way round. */
async function annotationChanges(signed: AnnotationReading, now: AnnotationReading): Promise<string[]> {
  const problems: string[] = [];
  const count = Math.max(signed.pages.length, now.pages.length);
  for (let p = 0; p < count && problems.length < MAX_PROBLEMS; p++) {
    const before = signed.pages[p] ?? [];
    const after = now.pages[p] ?? [];
    const left = new Map<string, number>();
    for (const a of before) left.set(key(a), (left.get(key(a)) ?? 0) + 1);
    const added: ReadAnnotation[] = [];
    for (const a of after) {
      const k = key(a);
      const n = left.get(k) ?? 0;
      if (n > 0) left.set(k, n - 1);
      else added.push(a);
    }
    const removed = before.filter((a) => {
      const n = left.get(key(a)) ?? 0;
      if (n <= 0) return false;
      left.set(key(a), n - 1);
      return true;
    });
    for (const a of added) {
      const was = removed.find((r) => r.id === a.id);
      if (was)
        problems.push(`Page ${p + 1}: an annotation changed after the seal, from ${describe(was)} to ${describe(a)} (pdf.js)`);
      else if (!(await isTimestampWidget(now, p + 1, a)))
        problems.push(`Page ${p + 1}: an annotation was added after the seal: ${describe(a)} (pdf.js)`);
    }
    for (const r of removed)
      if (!added.some((a) => a.id === r.id))
        problems.push(`Page ${p + 1}: an annotation of the revision the seal signed is gone: ${describe(r)} (pdf.js)`);
  }
  return problems;
}

async function compareAnnotations(signedPdf: Uint8Array, file: Uint8Array): Promise<string[]> {
  let signed: AnnotationReading | undefined;
  let now: AnnotationReading | undefined;
  try {
    signed = await readAnnotations(signedPdf);
    now = await readAnnotations(file);
    return await annotationChanges(signed, now);
  } catch (e) {
    // What a reader cannot read cannot be shown unchanged.
    return [
      `The annotations of ${signed ? "the file" : "the revision the seal signed"} could not be read (pdf.js: ${e instanceof Error ? e.message : String(e)})`,
    ];
  } finally {
    await signed?.close();
    await now?.close();
  }
}

/** How the whole file, as poppler draws and reads it and pdf.js lists its annotations, differs from its first `end` bytes; empty when it does not. */
export async function popplerDisagreements(bytes: Uint8Array, end: number): Promise<string[]> {
  if (end >= bytes.length) return [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-verify-"));
  try {
    const signedPdf = bytes.subarray(0, end);
    // The two revisions are drawn side by side, one poppler process each, while pdf.js reads them here;
    // all are let finish before their directory goes, and the first failure is the answer.
    const work = [look(dir, "signed", signedPdf), look(dir, "file", bytes), compareAnnotations(signedPdf, bytes)] as const;
    await Promise.allSettled(work);
    const [signed, now, annotations] = await Promise.all(work);
    const problems: string[] = [];
    const plural = (n: number) => `${n} page${n === 1 ? "" : "s"}`;
    if (signed.screen.length !== now.screen.length)
      problems.push(
        `Poppler draws ${plural(now.screen.length)} in the file, ${plural(signed.screen.length)} in the revision the seal signed`,
      );
    else if (signed.print.length !== now.print.length)
      problems.push(
        `Poppler prints ${plural(now.print.length)} of the file, ${plural(signed.print.length)} of the revision the seal signed`,
      );
    const count = Math.min(signed.screen.length, now.screen.length);
    for (let i = 0; i < count && problems.length < MAX_PROBLEMS; i++) {
      if (!signed.screen[i]!.equals(now.screen[i]!))
        problems.push(`Page ${i + 1} is drawn differently in the file than in the revision the seal signed (poppler)`);
      else if (!(signed.print[i] && now.print[i] && signed.print[i]!.equals(now.print[i]!)))
        problems.push(`Page ${i + 1} is printed differently from the file than from the revision the seal signed (poppler)`);
      else if ((signed.texts[i] ?? "") !== (now.texts[i] ?? ""))
        problems.push(`Page ${i + 1}'s text differs between the file and the revision the seal signed (poppler)`);
      else if ((signed.printTexts[i] ?? "") !== (now.printTexts[i] ?? ""))
        problems.push(`Page ${i + 1}'s printed text differs between the file and the revision the seal signed (poppler)`);
    }
    if (signed.javascript === "no" && now.javascript !== "no")
      problems.push(
        `The file holds JavaScript; the revision the seal signed held none (pdfinfo: "${now.javascript ?? "no answer"}")`,
      );
    problems.push(...annotations);
    return problems.slice(0, MAX_PROBLEMS);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
