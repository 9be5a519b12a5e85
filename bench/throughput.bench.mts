/**
 * Throughput: authenticated reads against a bare route on the same server, same run.
 * `GET /signature-requests/{id}` (a request with two recipients and four fields) and `/api/health`
 * (one `select 1`), each driven by autocannon at 20 concurrent connections, on the embedded store
 * (PGlite, documents on disk) and on a PostgreSQL server (documents in it). The figure is the
 * ratio of the read's rate to health's, and the read's p99. Target: ≥ 0.9×, p99 < 250 ms. The two take
 * turns in rounds, so that the machine's drift during the run weighs on both alike.
 *
 * Runs the built server (scripts/server.mjs) as its own process. Run by scripts/bench.mjs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { PDFDocument } from "@cantoo/pdf-lib";
import { callServer, dataOf } from "../test/support/http-api";
import { startServer, type ServerProcess } from "../test/support/server-process";
// @ts-expect-error: a plain ES module of the test scripts, without types
import { startTestPostgres } from "../scripts/lib/postgres.mjs";

const KEY = "signet_test_" + "T".repeat(16) + "hroughputBench01";
const CONNECTIONS = 20;
const SECONDS = Number(process.env.BENCH_SECONDS || 12);
const ROUNDS = 4;
const SR = "/api/v1/enterprise/signature-requests";

async function api<T = unknown>(s: ServerProcess, method: string, p: string, body?: unknown) {
  const r = await callServer<T>(s.url, KEY, method, p, body);
  if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`);
  return dataOf(r);
}

async function requestToRead(s: ServerProcess): Promise<string> {
  const d = await PDFDocument.create();
  d.addPage([612, 792]);
  const form = new FormData();
  form.append("title", "Throughput");
  form.append("file", new Blob([new Uint8Array(await d.save())], { type: "application/pdf" }), "doc.pdf");
  const { id } = await api<{ id: string }>(s, "POST", SR, form);
  for (const [i, email] of ["one@example.com", "two@example.com"].entries()) {
    const r = await api<{ id: string }>(s, "POST", `${SR}/${id}/recipients`, { email, name: `Signer ${i + 1}`, order: i + 1 });
    await api(s, "POST", `${SR}/${id}/fields`, {
      fields: [
        { type: "SIGNATURE", recipientId: r.id, page: 1, x: 72, y: 100 + i * 200, width: 160, height: 40 },
        { type: "DATE", recipientId: r.id, page: 1, x: 300, y: 100 + i * 200, width: 120, height: 20 },
      ],
    });
  }
  return id;
}

interface Run {
  rps: number;
  p99: number;
  errors: number;
}

/** Rounds taken together: the mean rate, the worst p99, every error. */
const pooled = (runs: Run[]): Run => ({
  rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length,
  p99: Math.max(...runs.map((r) => r.p99)),
  errors: runs.reduce((a, r) => a + r.errors, 0),
});

function cannon(url: string, headers: Record<string, string> = {}, seconds = SECONDS): Promise<Run> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: seconds, headers }, (err, r) => {
      if (err) return reject(err);
      resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.non2xx });
    });
  });
}

async function measure(label: string, env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-tp-"));
  const server = await startServer({
    DATA_DIR: dir,
    SIGNET_BOOTSTRAP_KEY: KEY,
    ADMIN_PASSWORD: "bench-pw",
    RATE_LIMIT_SANDBOX: "100000000",
    SIGNET_WORKER: "0",
    ...env,
  });
  try {
    const id = await requestToRead(server);
    // Warm-up: compiled routes, pools and caches, as on a server that has been up a while.
    await cannon(`${server.url}/api/health`, {}, 2);
    await cannon(`${server.url}${SR}/${id}`, { "x-api-key": KEY }, 2);
    // The two take turns (ROUNDS each, the order alternating) so that a machine that slows down or
    // speeds up during the run weighs on both alike; each figure pools its rounds.
    const healthRuns: Run[] = [];
    const readRuns: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const turns = [
        async () => healthRuns.push(await cannon(`${server.url}/api/health`, {}, SECONDS / ROUNDS)),
        async () => readRuns.push(await cannon(`${server.url}${SR}/${id}`, { "x-api-key": KEY }, SECONDS / ROUNDS)),
      ];
      for (const turn of round % 2 ? turns.reverse() : turns) await turn();
    }
    const health = pooled(healthRuns);
    const read = pooled(readRuns);
    if (health.errors || read.errors) throw new Error(`${label}: ${health.errors} + ${read.errors} failed requests`);
    return { label, health, read };
  } finally {
    await server.stop("SIGTERM");
  }
}

const pg = await startTestPostgres();
let rows;
try {
  rows = [
    await measure("embedded (PGlite, documents on disk)", {}),
    await measure("PostgreSQL server (documents in it)", { DATABASE_URL: pg.url }),
  ];
} finally {
  pg.stop();
}

const f = (n: number) => n.toFixed(0);
const table = rows
  .map(
    (r) =>
      `| ${r.label} | ${f(r.health.rps)} req/s, p99 ${f(r.health.p99)} ms | ${f(r.read.rps)} req/s, p99 ${f(r.read.p99)} ms | **${(r.read.rps / r.health.rps).toFixed(2)}** |`,
  )
  .join("\n");
const met = rows.every((r) => r.read.rps / r.health.rps >= 0.9 && r.read.p99 < 250);
const markdown = `${CONNECTIONS} concurrent connections (autocannon), ${SECONDS} s each after a warm-up, in ${ROUNDS} rounds that take
turns (the order alternating; rates are the rounds' mean, p99 the worst round's), against the built server
(\`scripts/server.mjs\`, its job worker off). Baseline: \`GET /api/health\` (one \`select 1\`) on the same
server in the same run. Read: \`GET /signature-requests/{id}\` with an API key (two recipients, four fields).

| store | /api/health (baseline) | GET /signature-requests/{id} | ratio |
|---|---|---|---|
${table}

Target: ratio ≥ 0.9 and the read's p99 < 250 ms on both stores. ${met ? "Met." : "NOT met."}`;
console.log(JSON.stringify({ title: "Throughput: authenticated reads against a bare route", markdown }));
process.exit(0);
