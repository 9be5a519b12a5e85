/**
 * Responsiveness under hostile uploads: the p99 latency of `/api/health` and of
 * `GET /signature-requests/{id}` at 10 concurrent clients, first with the server idle, then while
 * hostile PDFs (an object-stream bomb, a Form XObject DAG, a page of 3.2 M glyphs, each made unique
 * so the remembered refusal does not short-cut it) are uploaded back to back: the engine's worker
 * threads chew on them while the main thread keeps serving. The baseline is the idle run, same
 * server, same run; the figure is the ratio hostile / idle.
 *
 * Runs the built server (scripts/server.mjs) as its own process. Run by scripts/bench.mjs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument } from "@cantoo/pdf-lib";
import { itemAt } from "../test/support/expect-helpers";
import { manyGlyphs, objectStreamBomb, xobjectDag } from "../test/support/hostile-pdfs";
import { startServer } from "../test/support/server-process";

const KEY = "signet_test_" + "B".repeat(16) + "enchResponsive01";
const CLIENTS = 10;
const PHASE_MS = 8000;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-resp-"));
const server = await startServer({
  DATA_DIR: dir,
  SIGNET_BOOTSTRAP_KEY: KEY,
  ADMIN_PASSWORD: "bench-pw",
  RATE_LIMIT_SANDBOX: "10000000",
});
const headers = { "x-api-key": KEY };

async function upload(bytes: Uint8Array) {
  const form = new FormData();
  form.append("title", "Bench");
  form.append("file", new Blob([new Uint8Array(bytes)], { type: "application/pdf" }), "doc.pdf");
  const r = await fetch(`${server.url}/api/v1/enterprise/signature-requests`, { method: "POST", headers, body: form });
  return { status: r.status, body: await r.json() };
}

const doc = await PDFDocument.create();
doc.addPage([612, 792]);
const created = await upload(await doc.save());
if (created.status !== 201) throw new Error(`setup failed: ${JSON.stringify(created.body)}`);
const id = created.body.data.id as string;

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

/** CLIENTS loops, each issuing one request after another for PHASE_MS; latencies per target. */
type Target = "health" | "get";
async function load(): Promise<Record<Target, number[]>> {
  const out: Record<Target, number[]> = { health: [], get: [] };
  const end = performance.now() + PHASE_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = 0; performance.now() < end; i++) {
        const target: Target = (i + c) % 2 === 0 ? "health" : "get";
        const url = target === "health" ? `${server.url}/api/health` : `${server.url}/api/v1/enterprise/signature-requests/${id}`;
        const t = performance.now();
        const r = await fetch(url, { headers });
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${target} answered ${r.status}`);
        out[target].push(performance.now() - t);
      }
    }),
  );
  return out;
}

// Warm both paths, then measure idle.
await load();
const idle = await load();

// Hostile: uploads back to back while the clients run; each file unique (a trailing comment).
let stop = false;
let refused = 0;
let n = 0;
const makers = [() => objectStreamBomb(1_000_000), () => xobjectDag(20, 10), () => manyGlyphs(3_200_000)];
const attacker = (async () => {
  while (!stop) {
    const base = itemAt(makers, n % makers.length, "makers")();
    const unique = Buffer.concat([Buffer.from(base), Buffer.from(`\n% bench ${n++} ${Math.random()}\n`)]);
    const r = await upload(unique);
    if (r.status === 422) refused++;
    else throw new Error(`a hostile upload answered ${r.status}`);
  }
})();
const hostile = await load();
stop = true;
await attacker;
const alive = server.child.exitCode === null;
await server.stop("SIGTERM");

const row = (name: string, key: Target) => {
  const i99 = pct(idle[key], 99);
  const h99 = pct(hostile[key], 99);
  return `| ${name} | ${idle[key].length} | ${pct(idle[key], 50).toFixed(1)} | ${i99.toFixed(1)} | ${hostile[key].length} | ${pct(hostile[key], 50).toFixed(1)} | ${h99.toFixed(1)} | **${(h99 / i99).toFixed(2)}** |`;
};
const markdown = `${CLIENTS} concurrent clients for ${PHASE_MS / 1000} s per phase against the built server (embedded store), idle and then while
${refused} hostile PDFs (object-stream bomb, Form XObject DAG, 3.2 M glyphs; each unique) were uploaded back to back and refused
with 422 by the engine's worker threads. Times in ms; the figure is the p99 ratio hostile / idle. Server alive afterwards: ${alive ? "yes" : "**no**"}.

| target | idle n | idle p50 | idle p99 | hostile n | hostile p50 | hostile p99 | p99 ratio |
|---|---|---|---|---|---|---|---|
${row("GET /api/health", "health")}
${row("GET /signature-requests/{id}", "get")}
`;
console.log(JSON.stringify({ title: "Responsiveness while the engine chews on hostile PDFs", markdown }));
process.exit(0);
