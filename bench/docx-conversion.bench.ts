/**
 * DOCX → PDF conversion: the warm LibreOffice pool (lib/server/convert) against a plain
 * `soffice --convert-to` cold start, the baseline, measured in the same run on the same documents.
 * Run by `npm run bench`; prints the result as its last line: { "title", "markdown" }.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { fillDocx } from "@/lib/docx";
import { OfficeConverter } from "@/lib/server/convert/converter";
import { FIXTURE_DATA, docxFromPackage } from "@/test/support/docx-fixtures";
import { itemAt } from "@/test/support/expect-helpers";

const run = promisify(execFile);
const work = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-docx-"));
const log = (s: string) => process.stderr.write(`${s}\n`);

const time = async (fn: () => Promise<unknown>) => {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
};
const median = (xs: number[]) => {
  const sorted = xs.toSorted((a, b) => a - b);
  return itemAt(sorted, Math.floor(sorted.length / 2), "samples");
};

/** The baseline: what a service without a warm converter pays, `soffice --convert-to` with a profile of its own. */
async function sofficeCold(docx: Uint8Array, name: string, profile: string): Promise<number> {
  const src = path.join(work, `${name}.docx`);
  fs.writeFileSync(src, docx);
  return time(() =>
    run(
      "soffice",
      [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", "pdf", "--outdir", path.join(work, "out"), src],
      { timeout: 180_000 },
    ),
  );
}

async function main() {
  const one = fillDocx(await docxFromPackage(1), FIXTURE_DATA);
  const twenty = fillDocx(await docxFromPackage(20), FIXTURE_DATA);
  const template1 = await docxFromPackage(1);
  const fills: number[] = [];
  for (let i = 0; i < 5; i++) fills.push(await time(async () => fillDocx(template1, FIXTURE_DATA)));
  const fillOne = median(fills);

  log("baseline: soffice --convert-to, new profile each time");
  const base1 = median([
    await sofficeCold(one, "one", path.join(work, "p-a")),
    await sofficeCold(one, "one", path.join(work, "p-b")),
    await sofficeCold(one, "one", path.join(work, "p-c")),
  ]);
  const base20 = median([
    await sofficeCold(twenty, "twenty", path.join(work, "p-d")),
    await sofficeCold(twenty, "twenty", path.join(work, "p-e")),
    await sofficeCold(twenty, "twenty", path.join(work, "p-f")),
  ]);
  log("soffice --convert-to with a profile already initialised (the fallback without python3-uno)");
  await sofficeCold(one, "one", path.join(work, "p-warm"));
  const cliWarm1 = median([
    await sofficeCold(one, "one", path.join(work, "p-warm")),
    await sofficeCold(one, "one", path.join(work, "p-warm")),
    await sofficeCold(one, "one", path.join(work, "p-warm")),
  ]);

  log("pool: cold (first conversion starts LibreOffice)");
  const coldConv1 = new OfficeConverter({ size: 2, mode: "uno" });
  const cold1 = await time(() => coldConv1.toPdf(one, "docx"));
  coldConv1.shutdown();
  const prewarmed = new OfficeConverter({ size: 2, mode: "uno" });
  const warmUp = await time(() => prewarmed.warmUp());
  const afterWarmUp = await time(() => prewarmed.toPdf(one, "docx"));
  prewarmed.shutdown();
  const coldConv20 = new OfficeConverter({ size: 2, mode: "uno" });
  const cold20 = await time(() => coldConv20.toPdf(twenty, "docx"));
  coldConv20.shutdown();

  log("pool: warm");
  const conv = new OfficeConverter({ size: 2, mode: "uno" });
  await conv.warmUp();
  await conv.toPdf(one, "docx");
  const warm1s: number[] = [];
  for (let i = 0; i < 15; i++) warm1s.push(await time(() => conv.toPdf(one, "docx")));
  const warm20s: number[] = [];
  for (let i = 0; i < 5; i++) warm20s.push(await time(() => conv.toPdf(twenty, "docx")));
  const par1 = median([
    await time(() => Promise.all([conv.toPdf(one, "docx"), conv.toPdf(one, "docx")])),
    await time(() => Promise.all([conv.toPdf(one, "docx"), conv.toPdf(one, "docx")])),
    await time(() => Promise.all([conv.toPdf(one, "docx"), conv.toPdf(one, "docx")])),
  ]);
  const par20 = median([
    await time(() => Promise.all([conv.toPdf(twenty, "docx"), conv.toPdf(twenty, "docx")])),
    await time(() => Promise.all([conv.toPdf(twenty, "docx"), conv.toPdf(twenty, "docx")])),
    await time(() => Promise.all([conv.toPdf(twenty, "docx"), conv.toPdf(twenty, "docx")])),
  ]);
  conv.shutdown();

  log("pool of one: two at once queue");
  const single = new OfficeConverter({ size: 1, mode: "uno" });
  await single.warmUp();
  await single.toPdf(one, "docx");
  const queued1 = median([
    await time(() => Promise.all([single.toPdf(one, "docx"), single.toPdf(one, "docx")])),
    await time(() => Promise.all([single.toPdf(one, "docx"), single.toPdf(one, "docx")])),
    await time(() => Promise.all([single.toPdf(one, "docx"), single.toPdf(one, "docx")])),
  ]);
  single.shutdown();

  const warm1 = median(warm1s);
  const warm20 = median(warm20s);
  const ms = (n: number) => `${n < 10 ? n.toFixed(1) : Math.round(n)} ms`;
  const ratio = (n: number, base: number) => `${(n / base).toFixed(3)}×`;
  const rows: [string, number, number][] = [
    ["Baseline: `soffice --convert-to`, new profile (1 page)", base1, base1],
    ["Baseline: `soffice --convert-to`, new profile (20 pages)", base20, base20],
    ["`soffice --convert-to`, profile already initialised (fallback without python3-uno), 1 page", cliWarm1, base1],
    ["Pool cold: first conversion, LibreOffice started (1 page)", cold1, base1],
    ["Pool cold: first conversion, LibreOffice started (20 pages)", cold20, base20],
    ["Pool warm-up (start + a small conversion; done in the background when a DOCX template is uploaded)", warmUp, base1],
    ["First 1-page conversion after the warm-up", afterWarmUp, base1],
    [`Pool warm, 1 page (median of ${warm1s.length}; max ${ms(Math.max(...warm1s))})`, warm1, base1],
    [`Pool warm, 20 pages (median of ${warm20s.length})`, warm20, base20],
    ["Pool of 2 warm, two 1-page conversions at once (wall time)", par1, base1],
    ["Pool of 2 warm, two 20-page conversions at once (wall time)", par20, base20],
    ["Pool of 1 warm, two 1-page conversions at once (the second queues)", queued1, base1],
    ["Filling the 1-page DOCX with docxtemplater (not a conversion)", fillOne, base1],
  ];
  const markdown = [
    `Warm one-page conversion: **${ms(warm1)}** (${warm1 < 1000 ? "under" : "NOT under"} the 1 s target), ${ratio(warm1, base1)} of a plain \`soffice --convert-to\`.`,
    "",
    "| Case | Time | vs baseline |",
    "|---|---:|---:|",
    ...rows.map(([name, t, base]) => `| ${name} | ${ms(t)} | ${ratio(t, base)} |`),
    "",
    "The pool keeps LibreOffice listeners (one profile each) driven over UNO by a Python bridge (python3-uno);",
    "the baseline starts LibreOffice for every document. Documents made by the `docx` package, filled with docxtemplater.",
  ].join("\n");
  fs.rmSync(work, { recursive: true, force: true });
  process.stdout.write(`${JSON.stringify({ title: "DOCX → PDF conversion (LibreOffice)", markdown })}\n`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    fs.rmSync(work, { recursive: true, force: true });
    process.exit(1);
  },
);
