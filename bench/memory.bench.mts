/**
 * Memory: the server process's resident memory on the embedded store under a mixed API
 * load: 10,000 requests (uploads, recipients, fields, reads, lists, anchor previews, sends) from
 * 10 clients, then a soak of light mixed load for SOAK_MINUTES (10) with RSS sampled every 15 s.
 * Peak is the kernel's high-water mark (VmHWM) since the start; growth is the RSS at the end of the
 * soak minus at its start (after warm-up). The baseline is the same server's RSS when it has just
 * started and answered its first request, same run. Targets: peak < 300 MiB, no growth over the soak.
 *
 * Beside it, up at the same time on its own store, a server with V8 optimising the embedded database's
 * WebAssembly (SIGNET_WASM_TURBOFAN=1, what the server did before `--liftoff-only`) gets the same 10,000
 * requests, the two taking turns in blocks: its peak and its time, so that the saving and its price in
 * speed are measured in the same run, and a busy moment of the shared machine falls on both alike.
 *
 * The store is opened once and closed before the measured start: PGlite's first open of an empty
 * directory (initdb in WebAssembly) is a one-off ~900 MB that says nothing about a server that runs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "@cantoo/pdf-lib";
import { itemAt } from "../test/support/expect-helpers";
import { callServer } from "../test/support/http-api";
import { startServer, type ServerProcess } from "../test/support/server-process";

const KEY = "signet_test_" + "M".repeat(16) + "emoryBench012345";
const TOTAL = Number(process.env.BENCH_REQUESTS || 10_000);
const SOAK_MINUTES = Number(process.env.SOAK_MINUTES || 10);
const CLIENTS = 10;
const SR = "/api/v1/enterprise/signature-requests";

const mb = (kb: number) => kb / 1024;
function memoryOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (k: string) => Number(new RegExp(`^${k}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? NaN);
  return { rss: mb(kb("VmRSS")), hwm: mb(kb("VmHWM")) };
}

function envFor(extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-mem-")),
    SIGNET_BOOTSTRAP_KEY: KEY,
    ADMIN_PASSWORD: "bench-pw",
    RATE_LIMIT_SANDBOX: "100000000",
    ...extra,
    ...(process.env.BENCH_ENV ? JSON.parse(process.env.BENCH_ENV) : {}),
  };
}

/** A server on a store opened once before (so that its first open is not measured), answering its first request. */
async function started(env: Record<string, string>): Promise<ServerProcess> {
  await (await startServer(env)).stop("SIGTERM");
  const s = await startServer(env);
  await callServer(s.url, KEY, "GET", `${SR}?limit=1`);
  return s;
}

/** A server under the load, with the drafts it made and how many of its requests have run. */
interface Loaded {
  server: ServerProcess;
  ids: string[];
  n: number;
  seconds: number;
}

async function call<T = unknown>(on: Loaded, method: string, p: string, body?: unknown) {
  const r = await callServer<T>(on.server.url, KEY, method, p, body);
  if (r.status >= 500) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

const docBytes = await (async () => {
  const d = await PDFDocument.create();
  const font = await d.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < 3; i++)
    d.addPage([612, 792]).drawText(`Page ${i + 1}  Sign here: {{s1|signature|120|40}}  {{s1|date}}`, {
      x: 72,
      y: 700,
      size: 12,
      font,
    });
  return d.save();
})();

/** One request of the mix; which one by a counter, so the mix is the same on every run. */
async function one(on: Loaded, i: number) {
  const kind = i % 20;
  if (kind === 0 || on.ids.length === 0) {
    const form = new FormData();
    form.append("title", `Memory ${i}`);
    // A distinct file each time (a comment after %%EOF): new blobs and text layers, as in real use.
    form.append(
      "file",
      new Blob([new Uint8Array([...docBytes, ...new TextEncoder().encode(`\n% ${i}\n`)])], { type: "application/pdf" }),
      "doc.pdf",
    );
    const created = await call<{ id?: string }>(on, "POST", SR, form);
    if (created?.data?.id) on.ids.push(created.data.id);
    return;
  }
  const id = on.ids[i % on.ids.length]!;
  if (kind === 1) await call(on, "POST", `${SR}/${id}/recipients`, { email: `r${i}@example.com`, name: `R ${i}`, order: 1 });
  else if (kind === 2) await call(on, "POST", `${SR}/${id}/anchors/preview`, {});
  else if (kind === 3) await call(on, "GET", `${SR}?limit=20`);
  else if (kind === 4) await call(on, "GET", `${SR}/${id}/audit`);
  else await call(on, "GET", `${SR}/${id}`);
}

/** The next `count` requests of the mix on one server, from CLIENTS clients; their time is added to its seconds. */
async function drive(on: Loaded, count: number) {
  const until = on.n + count;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (on.n < until) await one(on, on.n++);
    }),
  );
  on.seconds += (performance.now() - t0) / 1000;
}

// Both servers up at once, each on its own store: the comparison, whose V8 optimises the database's
// WebAssembly, and the server as it runs. The same requests go to each in blocks, taking turns (and
// which goes first in a pair alternates), so that a busy moment of the machine falls on both alike.
const turbofan: Loaded = { server: await started(envFor({ SIGNET_WASM_TURBOFAN: "1" })), ids: [], n: 0, seconds: 0 };
const runs: Loaded = { server: await started(envFor()), ids: [], n: 0, seconds: 0 };
const pid = runs.server.child.pid!;
const turbofanIdle = memoryOf(turbofan.server.child.pid!);
const idle = memoryOf(pid);
const BLOCKS = 10;
for (let b = 0; b < BLOCKS; b++) {
  const pair = b % 2 ? [runs, turbofan] : [turbofan, runs];
  for (const on of pair) await drive(on, Math.ceil(TOTAL / BLOCKS));
}
const turbofanEnd = memoryOf(turbofan.server.child.pid!);
await turbofan.server.stop("SIGTERM");
const afterLoad = memoryOf(pid);
const loadSeconds = runs.seconds;
const turbofanSeconds = turbofan.seconds;

// The soak: a light steady mix (one client), RSS sampled every 15 s.
const samples: number[] = [];
const soakEnd = Date.now() + SOAK_MINUTES * 60_000;
let soaking = true;
const soak = (async () => {
  let i = runs.n;
  while (soaking) {
    await one(runs, i++);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
while (Date.now() < soakEnd) {
  samples.push(memoryOf(pid).rss);
  await new Promise((r) => setTimeout(r, 15_000));
}
samples.push(memoryOf(pid).rss);
soaking = false;
await soak;
const end = memoryOf(pid);
await runs.server.stop("SIGTERM");

// Growth: the last minute's median against the first minute's, so one GC moment does not decide it.
const median = (xs: number[]) => {
  const sorted = xs.toSorted((a, b) => a - b);
  return itemAt(sorted, Math.floor(sorted.length / 2), "samples");
};
const first = median(samples.slice(0, 4));
const last = median(samples.slice(-4));
const growth = last - first;
const f = (x: number) => `${x.toFixed(0)} MiB`;
const met = end.hwm < 300 && growth <= 10;
const markdown = `The built server on the embedded store (PGlite in the process, documents on disk, its engine's worker threads
included: they are threads of the same process). ${TOTAL.toLocaleString("en")} mixed API requests from ${CLIENTS} clients
(1 in 20 an upload of a new 3-page PDF, then recipients, anchor previews, lists, audit trails and reads) took
${loadSeconds.toFixed(0)} s; then ${SOAK_MINUTES} minutes of light mixed load, RSS sampled every 15 s. Baseline: the same
process just started, after its first request.

| | RSS | ratio to the baseline |
|---|---|---|
| just started (baseline) | ${f(idle.rss)} | 1.00 |
| after ${TOTAL.toLocaleString("en")} requests | ${f(afterLoad.rss)} | ${(afterLoad.rss / idle.rss).toFixed(2)} |
| peak (VmHWM) over the whole run | **${f(end.hwm)}** | ${(end.hwm / idle.rss).toFixed(2)} |
| soak: first minute → last minute (medians) | ${f(first)} → ${f(last)} | growth **${growth >= 0 ? "+" : ""}${f(growth)}** |

The same ${TOTAL.toLocaleString("en")} requests on a second server, up at the same time on its own store, whose V8 optimises the
embedded database's WebAssembly with TurboFan (\`SIGNET_WASM_TURBOFAN=1\`; the server runs it in the baseline compiler,
\`--liftoff-only\`). The two took turns in ${BLOCKS} blocks of ${Math.ceil(TOTAL / BLOCKS).toLocaleString("en")} requests (which went first alternating), so a busy
moment of the machine falls on both alike:

| | just started | peak (VmHWM) | time for the requests |
|---|---|---|---|
| optimised WebAssembly (comparison) | ${f(turbofanIdle.rss)} | ${f(turbofanEnd.hwm)} | ${turbofanSeconds.toFixed(1)} s |
| the server as it runs | ${f(idle.rss)} | ${f(afterLoad.hwm)} | ${loadSeconds.toFixed(1)} s |
| ratio | ${(idle.rss / turbofanIdle.rss).toFixed(2)} | ${(afterLoad.hwm / turbofanEnd.hwm).toFixed(2)} | **${(loadSeconds / turbofanSeconds).toFixed(2)}** |

Targets: peak under 300 MiB, no growth over the soak (within 10 MiB), the requests no slower than with optimised
WebAssembly (time ratio ≤ 1.05). ${met && loadSeconds / turbofanSeconds <= 1.05 ? "Met." : "NOT met."}`;
console.log(JSON.stringify({ title: "Memory: the server under 10,000 mixed requests and a soak", markdown }));
process.exit(0);
