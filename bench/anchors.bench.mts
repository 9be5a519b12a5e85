// The anchors benchmark: a 300-page Chromium PDF with 600 anchors, uploaded and every anchor previewed
// through the API (route handlers in process, a real PGlite), against `pdftotext -bbox` on the same
// file in the same run, the two taking turns on each run's file. Best of five each, so a busy moment of the
// shared machine does not decide it (the server's first upload also starts the engine's threads; a server that
// runs has them).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-"));
process.env.DATABASE_URL = "memory://";
process.env.RATE_LIMIT_SANDBOX = "100000";
process.env.SIGNET_WORKER = "0";

const { htmlToPdf, timePdftotextBbox } = await import("../test/support/pdf-fixtures");
const { benchmarkHtml } = await import("../test/support/bench-docs");
const { call, makeOrg } = await import("../test/support/api");

const pdf = await htmlToPdf(benchmarkHtml());
const key = (await makeOrg()).sandboxKey;
const SR = "/api/v1/enterprise/signature-requests";

// /api/health asked every 20 ms throughout the runs: the parse is in the worker threads, so the
// server's own thread must keep answering while a 300-page document is read.
const healthMs: number[] = [];
let probing = true;
const prober = (async () => {
  while (probing) {
    const t = performance.now();
    const r = await call("GET", "/api/health");
    if (r.status !== 200) throw new Error(`/api/health answered ${r.status} during the run`);
    healthMs.push(performance.now() - t);
    await new Promise((res) => setTimeout(res, 20));
  }
})();

const runs: { upload: number; preview: number; total: number }[] = [];
const popplerRuns: number[] = [];
let anchors = 0;
const RUNS = 5;
// Two runs first that are not counted: a server that runs has read documents before, and its engine threads
// have compiled the reader (the first upload also starts them).
const WARMUP = 2;
async function signet(file: Uint8Array, i: number) {
  const t0 = performance.now();
  const created = await call("POST", SR, { key, form: { title: `Bench ${i}`, file: { data: file, name: "bench.pdf" } } });
  const t1 = performance.now();
  const preview = await call("POST", `${SR}/${created.body.data.id}/anchors/preview`, { key, json: {} });
  const t2 = performance.now();
  if (created.status !== 201 || preview.status !== 200)
    throw new Error(`bench calls failed: ${created.status} ${preview.status}`);
  anchors = preview.body.data.anchors.length;
  return { upload: t1 - t0, preview: t2 - t1, total: t2 - t0 };
}
// A distinct file each run, with text of its own: no run finds another's text layer stored, or parsed in
// an engine thread (the layer's blob is named by its content). All printed before any run, so Chromium's
// work is over before the clock starts.
const files: Uint8Array[] = [];
for (let i = -WARMUP; i < RUNS; i++) files.push(await htmlToPdf(benchmarkHtml(`Run ${i} of ${Date.now()}`)));
for (let i = -WARMUP; i < RUNS; i++) {
  const unique = files[i + WARMUP]!;
  if (i < 0) {
    await signet(unique, i);
    continue;
  }
  // Signet and poppler take turns on the same file, which goes first alternating: a busy moment of the
  // machine falls on both alike rather than on whichever ran second.
  if (i % 2 === 0) popplerRuns.push(await timePdftotextBbox(unique));
  runs.push(await signet(unique, i));
  if (i % 2 === 1) popplerRuns.push(await timePdftotextBbox(unique));
}
// The other path: a document with a field placed on it, whose preview lays the anchors out among that field,
// searching the stored layer (parsed in an engine thread) rather than reading the upload's anchor index.
const placedRuns: number[] = [];
{
  const d = await call("POST", SR, { key, form: { title: "Placed", file: { data: pdf, name: "bench.pdf" } } });
  const id = d.body.data.id;
  const rec = await call("POST", `${SR}/${id}/recipients`, { key, json: { email: "s1@example.com", name: "S1", order: 1 } });
  const field = { recipientId: rec.body.data.id, type: "TEXT", page: 2, x: 72, y: 100, width: 120, height: 20 };
  const placed = await call("POST", `${SR}/${id}/fields`, { key, json: { fields: [field] } });
  if (placed.status !== 201) throw new Error(`placing a field failed: ${placed.status}`);
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = await call("POST", `${SR}/${id}/anchors/preview`, { key, json: {} });
    if (r.status !== 200 || r.body.data.anchors.length !== anchors) throw new Error(`preview among a placed field: ${r.status}`);
    placedRuns.push(performance.now() - t);
  }
}
probing = false;
await prober;
healthMs.sort((a, b) => a - b);
const healthP99 = healthMs[Math.min(healthMs.length - 1, Math.floor(healthMs.length * 0.99))]!;
const healthMax = healthMs.at(-1)!;
const poppler = Math.min(...popplerRuns);
const best = runs.reduce((a, b) => (b.total < a.total ? b : a));
const ratio = best.total / poppler;
const ms = (n: number) => `${Math.round(n)} ms`;

const markdown = `A ${(pdf.byteLength / 1024 / 1024).toFixed(1)} MB, 300-page PDF printed by Chromium, with ${anchors} anchors (one visible, one white per page).
Signet: upload (POST /signature-requests: the PDF read by its cross-reference, judged, its pages measured, its text layer extracted with glyph widths, its one reading checked (stored as it is when it already is that, else written anew) and every {{…}} token found, parsed and laid out, by the engine's worker threads, each a part of the pages; stored) then POST /anchors/preview with
no list (answered from the anchor index the upload stored). Baseline: \`pdftotext -bbox\` on the same
file, each run's own file, the two taking turns (which goes first alternating). Best of five runs each, after two uploads that are not counted (the first starts the engine's threads, and a
server that runs has read documents before).
All runs, upload + preview: ${runs.map((r) => ms(r.total)).join(", ")}; pdftotext: ${popplerRuns.map(ms).join(", ")}.

| | time | ratio to pdftotext -bbox |
|---|---|---|
| pdftotext -bbox (baseline) | ${ms(poppler)} | 1.00 |
| upload | ${ms(best.upload)} | ${(best.upload / poppler).toFixed(2)} |
| preview of every anchor | ${ms(best.preview)} | ${(best.preview / poppler).toFixed(2)} |
| **upload + preview** | **${ms(best.total)}** | **${ratio.toFixed(2)}** |
| preview once a field is placed (the stored layer searched in a worker: first, then best of the rest) | ${ms(placedRuns[0]!)}, ${ms(Math.min(...placedRuns.slice(1)))} | ${(placedRuns[0]! / poppler).toFixed(2)}, ${(Math.min(...placedRuns.slice(1)) / poppler).toFixed(2)} |

Meanwhile \`GET /api/health\` was asked every 20 ms: ${healthMs.length} answers, all 200, p99 ${ms(healthP99)}, slowest ${ms(healthMax)}.

Target: at most 0.7× poppler (before: 1.0×; the first goal was 3×). ${ratio <= 0.7 ? "Met." : "NOT met."}`;
console.log(JSON.stringify({ title: "Anchors: upload and preview of a 300-page PDF", markdown }));
process.exit(0);
