/**
 * Sealing benchmark: a 100-page document printed by Chromium with 50 filled
 * fields (signature images, typed signatures, dates), sealed with sealDocument: values drawn,
 * anchors removed, sandbox line, certificate page and PAdES signature. Target: under 1 s.
 *
 * Each side runs in its own fresh Node process, so that peak memory (getrusage maxRSS) belongs to
 * it alone and the first run shows the cold cost (module compilation, font parsing, P12 key
 * derivation) separately from the steady state of a server that seals many documents.
 * Baseline, measured in the same run on the same file: pdf-lib load + save, the floor of any
 * pdf-lib based change to the document (parsed and written with the same settings as sealing).
 *
 * Run by scripts/bench.mjs; the last stdout line is { title, markdown }.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ParseSpeeds, PDFDocument } from "@cantoo/pdf-lib";
import { sealDocument, type FieldToDraw } from "../lib/pdf/seal";
import { defined, itemAt } from "../test/support/expect-helpers";
import { anchorsOf, longContractPdf, pdfsig, SIGNATURE_PNG, testP12 } from "../test/support/seal-fixtures";

const PAGES = 100;
const FIELDS = 50;
const RUNS = 12;
/** Fresh processes per library for the load + save comparison. */
const ROUNDS = 4;
const TARGET_MS = 1000;

interface ChildReport {
  times: number[];
  maxRssMb: number;
  outputBytes: number;
  certificatePages?: number;
}

interface Inputs {
  fields: (Omit<FieldToDraw, "value"> & { value: FieldToDraw["value"] | { kind: "image"; png: true } })[];
  cover: { page: number; x: number; y: number; width: number; height: number }[];
  password: string;
}

const certificate = {
  requestId: "sr_benchmark",
  title: "Benchmark contract, 100 pages",
  environment: "SANDBOX",
  recipients: [
    {
      name: "Alice Example",
      email: "alice@example.com",
      role: "SIGNER",
      order: 1,
      sentAt: "2026-11-22T09:00:00.000Z",
      viewedAt: "2026-11-22T09:30:00.000Z",
      signedAt: "2026-11-22T10:00:00.000Z",
      ip: "203.0.113.10",
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0",
      signature: { kind: "image" as const, bytes: SIGNATURE_PNG },
    },
    { name: "Carol Copy", email: "carol@example.com", role: "CC", order: 2 },
  ],
};

type Mode = "baseline" | "baseline-1.17" | "seal";

async function child(mode: Mode, dir: string): Promise<void> {
  const pdf = new Uint8Array(fs.readFileSync(path.join(dir, "doc.pdf")));
  const times: number[] = [];
  let outputBytes = 0;
  let certificatePages: number | undefined;
  if (mode === "baseline" || mode === "baseline-1.17") {
    // The same load and save with the library sealing used before the fork (pdf-lib 1.17.1, kept for this only).
    const lib = mode === "baseline" ? { PDFDocument, ParseSpeeds } : await import("pdf-lib");
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const doc = await lib.PDFDocument.load(pdf, { updateMetadata: false, parseSpeed: lib.ParseSpeeds.Fastest });
      const out = await doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
      times.push(performance.now() - t0);
      outputBytes = out.length;
    }
  } else {
    const inputs = JSON.parse(fs.readFileSync(path.join(dir, "inputs.json"), "utf8")) as Inputs;
    const p12 = fs.readFileSync(path.join(dir, "seal.p12"));
    const fields = inputs.fields.map((f) => ({
      ...f,
      value: f.value.kind === "image" ? { kind: "image" as const, bytes: SIGNATURE_PNG } : f.value,
    })) as FieldToDraw[];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const r = await sealDocument(pdf, {
        fields,
        cover: inputs.cover,
        sandbox: true,
        p12,
        password: inputs.password,
        certificate,
      });
      times.push(performance.now() - t0);
      outputBytes = r.sealed.length;
      certificatePages = r.certificatePages;
      if (i === 0) fs.writeFileSync(path.join(dir, "sealed.pdf"), r.sealed);
    }
  }
  const report: ChildReport = { times, maxRssMb: process.resourceUsage().maxRSS / 1024, outputBytes, certificatePages };
  console.log(JSON.stringify(report));
}

function runChild(mode: string, dir: string): ChildReport {
  const script = defined(process.argv[1], "this script's path");
  const r = spawnSync(process.execPath, [...process.execArgv, script, "--child", mode, dir], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 16 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`${mode} child exited with ${r.status}: ${r.stdout}`);
  return JSON.parse(r.stdout.trim().split("\n").at(-1)!) as ChildReport;
}

/** Several processes of one side: the first's runs as the side's, every process's runs after its first as "steady", the largest peak. */
function pooled(reports: ChildReport[]): ChildReport & { steady: number[] } {
  const first = defined(reports[0], "a child's report");
  return { ...first, steady: reports.flatMap((r) => r.times.slice(1)), maxRssMb: Math.max(...reports.map((r) => r.maxRssMb)) };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? itemAt(s, mid, "samples") : (itemAt(s, mid - 1, "samples") + itemAt(s, mid, "samples")) / 2;
};
const ms = (n: number) => `${Math.round(n)} ms`;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-seal-bench-"));
  try {
    const pdf = await longContractPdf(PAGES, FIELDS);
    const anchors = await anchorsOf(pdf);
    if (anchors.length !== FIELDS) throw new Error(`expected ${FIELDS} anchors, found ${anchors.length}`);
    const inputs: Inputs = {
      cover: anchors.map(({ page, x, y, width, height }) => ({ page, x, y, width, height })),
      fields: anchors.map((a, i) => {
        const box = { page: a.page, x: a.x, y: a.y, width: 150, height: 40 };
        if (a.text.includes("date"))
          return { ...box, height: 20, type: "DATE" as const, value: { kind: "text" as const, text: "2026-11-22" } };
        return i % 4 === 0
          ? { ...box, type: "SIGNATURE" as const, value: { kind: "typed" as const, text: "Alice Example" } }
          : { ...box, type: "SIGNATURE" as const, value: { kind: "image" as const, png: true as const } };
      }),
      password: testP12().password,
    };
    fs.writeFileSync(path.join(dir, "doc.pdf"), pdf);
    fs.writeFileSync(path.join(dir, "seal.p12"), testP12().p12);
    fs.writeFileSync(path.join(dir, "inputs.json"), JSON.stringify(inputs));

    // The two libraries' load + save take turns, ROUNDS fresh processes each (which goes first alternating),
    // so that a busy moment of the shared machine falls on both alike; "steady" pools every process's runs
    // after its first.
    const bases: ChildReport[] = [];
    const olds: ChildReport[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2) olds.push(runChild("baseline-1.17", dir));
      bases.push(runChild("baseline", dir));
      if (r % 2 === 0) olds.push(runChild("baseline-1.17", dir));
    }
    const base = pooled(bases);
    const old = pooled(olds);
    const seal = runChild("seal", dir);
    const report = await pdfsig(new Uint8Array(fs.readFileSync(path.join(dir, "sealed.pdf"))));
    const valid = report.includes("Signature is Valid.") && report.includes("Total document signed");

    const sealFirst = itemAt(seal.times, 0, "seal runs");
    const baseFirst = itemAt(base.times, 0, "baseline runs");
    const sealWarm = median(seal.times.slice(1));
    const baseWarm = median(base.steady);
    const oldWarm = median(old.steady);
    const kinds = inputs.fields.reduce<Record<string, number>>(
      (m, f) => (
        (m[f.value.kind === "image" ? "image" : f.value.kind] = (m[f.value.kind === "image" ? "image" : f.value.kind] ?? 0) + 1),
        m
      ),
      {},
    );
    const markdown = `
Sealing a ${PAGES}-page Chromium PDF (${(pdf.length / 1024).toFixed(0)} KiB) with ${FIELDS} filled fields (${kinds.image ?? 0} signature images, ${kinds.typed ?? 0} typed signatures, ${kinds.text ?? 0} dates): anchors removed from the content, sandbox line on every page, ${seal.certificatePages} certificate page(s), PAdES signature (\`sealDocument\`, lib/pdf/seal). Output ${(seal.outputBytes / 1024).toFixed(0)} KiB; pdfsig: ${valid ? "Signature is Valid, Total document signed" : "NOT VALID"}.

Each side runs ${RUNS} times in its own fresh process; "first" includes module compilation, font parsing and reading the P12, "steady" is the median of the other runs (a server sealing documents one after another). The two libraries' load + save take turns in ${ROUNDS} processes each (which goes first alternating), their steady runs pooled, so that a busy moment of the machine falls on both alike. Peak memory is the process's maxRSS (Node itself included).

| | first run | steady (median) | fastest | peak RSS |
|---|---|---|---|---|
| baseline: pdf-lib load + save (@cantoo/pdf-lib, what sealing uses) | ${ms(baseFirst)} | ${ms(baseWarm)} | ${ms(Math.min(...base.times))} | ${base.maxRssMb.toFixed(0)} MB |
| the same with pdf-lib 1.17.1 (before the fork) | ${ms(itemAt(old.times, 0, "1.17 runs"))} | ${ms(oldWarm)} | ${ms(Math.min(...old.times))} | ${old.maxRssMb.toFixed(0)} MB |
| sealDocument | ${ms(sealFirst)} | ${ms(sealWarm)} | ${ms(Math.min(...seal.times))} | ${seal.maxRssMb.toFixed(0)} MB |
| ratio seal / baseline | ${(sealFirst / baseFirst).toFixed(2)} | ${(sealWarm / baseWarm).toFixed(2)} | ${(Math.min(...seal.times) / Math.min(...base.times)).toFixed(2)} | ${(seal.maxRssMb / base.maxRssMb).toFixed(2)} |

The fork's load + save against 1.17.1's, steady: **${(baseWarm / oldWarm).toFixed(2)}** (goal ≤ 1.00: ${baseWarm <= oldWarm ? "met" : "not met"}). Sealing itself does not read a file with \`PDFDocument.load\` but by its own cross-reference reader (lib/pdf/load.ts; \`PDFDocument.load\` only for a damaged file), with the fork's object parser: this row is the libraries' comparison, not the seal's read.

Target under ${TARGET_MS} ms: steady ${sealWarm < TARGET_MS ? "met" : "NOT met"} (${ms(sealWarm)}), first run ${sealFirst < TARGET_MS ? "met" : "not met"} (${ms(sealFirst)}). All runs: ${seal.times.map((t) => Math.round(t)).join(", ")} ms.
`;
    console.log(JSON.stringify({ title: "Sealing a 100-page document with 50 fields", markdown }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const at = process.argv.indexOf("--child");
const asChild = () => child(process.argv[at + 1] as Mode, defined(process.argv[at + 2], "the child's directory"));
(at >= 0 ? asChild() : main()).catch((e) => {
  console.error(e);
  process.exit(1);
});
