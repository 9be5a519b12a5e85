/**
 * Memory from the first start. The built server (its memory settings, scripts/lib/
 * server-command.mjs) is started on an empty data folder and its peak resident memory read from
 * outside (/proc/<pid>/status VmHWM) once it answers /api/health and has printed its start line. The
 * baseline is the same server started again on the folder it has just made (a later start), same run.
 * Target: the first start under 400 MiB, like later starts. Each is measured RUNS times (median).
 *
 * For the record, the store made from nothing (PGlite's initdb in WebAssembly, what a first start did
 * before the build's template): its peak in a process of its own.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { root, startServer } from "../test/support/server-process";

const RUNS = Number(process.env.BENCH_RUNS || 3);
const KEY = "signet_test_" + "F".repeat(16) + "irstStartBench01";

const hwmMiB = (pid: number) => Number(/^VmHWM:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]) / 1024;

async function peakOfStart(dataDir: string): Promise<{ peak: number; ms: number }> {
  const t0 = Date.now();
  const s = await startServer({ DATA_DIR: dataDir, SIGNET_BOOTSTRAP_KEY: KEY, ADMIN_PASSWORD: "bench-first-start" });
  const ms = Date.now() - t0;
  // Settled: the worker's first round and the engine pool's start are part of a start.
  await new Promise((r) => setTimeout(r, 2000));
  const peak = hwmMiB(s.child.pid!);
  await s.stop();
  return { peak, ms };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const first: { peak: number; ms: number }[] = [];
const later: { peak: number; ms: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "signet-bench-first-"));
  first.push(await peakOfStart(dir));
  later.push(await peakOfStart(dir));
  fs.rmSync(dir, { recursive: true, force: true });
}

// The store made from nothing, in a process of its own (what the template spares a first start).
const script = `
  import { PGlite } from "@electric-sql/pglite";
  import fs from "node:fs";
  const dir = fs.mkdtempSync("${os.tmpdir()}/signet-bench-initdb-");
  const c = await PGlite.create(dir + "/pg");
  await c.close();
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(Number(/^VmHWM:\\s+(\\d+)/m.exec(fs.readFileSync("/proc/self/status", "utf8"))[1]) / 1024);
`;
const initdb = Number(
  spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, encoding: "utf8" }).stdout.trim(),
);

const f = (n: number) => `${n.toFixed(0)} MiB`;
const firstPeak = median(first.map((r) => r.peak));
const laterPeak = median(later.map((r) => r.peak));
const markdown = `
The built server started on an empty data folder, its peak resident memory (VmHWM) read from outside
once it answered and settled. The baseline is the same server started again on the folder it made.
Median of ${RUNS}. The target is a first start under 400 MiB.

| start | peak (VmHWM) | × later start | time to healthy |
|---|---|---|---|
| first, empty data folder (loads the build's store template) | **${f(firstPeak)}** | ${(firstPeak / laterPeak).toFixed(2)} | ${median(first.map((r) => r.ms))} ms |
| later, same folder (baseline) | ${f(laterPeak)} | 1.00 | ${median(later.map((r) => r.ms))} ms |
| for the record: a store made from nothing (initdb), alone in a process | ${f(initdb)} | ${(initdb / laterPeak).toFixed(2)} | |

First start under 400 MiB: **${firstPeak < 400 ? "yes" : "NO"}**.
`;
console.log(JSON.stringify({ title: "First start: peak memory on an empty data folder", markdown }));
