// npm test: every test. Format check (Prettier), lint (ESLint) and the type check side by side; unit and API
// integration tests on the embedded store (PGlite); then, side by side, the API tests on a PostgreSQL server
// (each test file on a database of its own) and the production build followed by the system tests that run the
// real server process beside the Playwright e2e suite in Debian's Chromium. Steps that run side by side are those
// that keep about one core busy each (2 cores: CI's machine), so the run is shorter and the load the same.
//
// In CI (CI set), the API suite runs once, on the PostgreSQL server: the store several instances share, and the
// one the tests use in CI. The embedded store runs there the unit tests, the API files about itself
// (EMBEDDED_STORE_FILES: its backups, its data folder, a process that dies and resumes with its one
// connection), the system tests and the e2e suite (both run the server on PGlite, as `npm run up` does). On a
// developer's machine, `npm test` runs the whole API suite on both stores.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEBIAN, ensureBuild, ensureDebianPackages, ensureNpmPackages, log, root, run } from "./lib/setup.mjs";

const steps = [];
/** Runs a step. With `logFile`, the step writes its output there (steps run side by side): printed whole at its end. */
const step = async (name, fn, { logFile } = {}) => {
  const t = Date.now();
  log(`── ${name}${logFile ? " (started: its output follows when it ends)" : ""}`);
  let error = null;
  try {
    await fn();
    steps.push([name, "passed", Date.now() - t]);
  } catch (e) {
    steps.push([name, "failed", Date.now() - t]);
    error = e;
  }
  if (logFile) {
    log(`── ${name}: output`);
    process.stdout.write(fs.existsSync(logFile) ? fs.readFileSync(logFile) : "");
  }
  if (error) console.error(`[signet] ${name}: ${error.message}`);
  return !error;
};
/** Like run(), without waiting: stdout and stderr go to `logFile`; rejects when the command fails. */
function runLogged(cmd, args, logFile, opts = {}) {
  const fd = fs.openSync(logFile, "w");
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ["ignore", fd, fd], env: { ...process.env, ...opts.env } });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed (exit ${code ?? signal})`)),
    );
  }).finally(() => fs.closeSync(fd));
}
const bin = (n) => `${root}/node_modules/.bin/${n}`;

// Each test runner also writes a JSON report, so that the summary at the end names every failed test with the
// first lines of its error: a CI log is often read from its end only, far from the step that failed.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), "signet-test-reports-"));
const failures = [];
const vitestReport = (name) => [
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${path.join(reports, `${name}.json`)}`,
];
function readFailures(step, file) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return;
  }
  const firstLines = (m) =>
    String(m ?? "")
      .replace(/\x1b\[[0-9;]*m/g, "")
      .split("\n")
      .slice(0, 4)
      .join("\n      ");
  for (const f of report.testResults ?? []) {
    const rel = path.relative(root, f.name ?? "");
    const failed = (f.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed) failures.push(`${step}: ${rel} › ${a.fullName}\n      ${firstLines(a.failureMessages?.[0])}`);
    if (!failed.length && f.status === "failed") failures.push(`${step}: ${rel}\n      ${firstLines(f.message)}`);
  }
  const walk = (suite, titles) => {
    for (const s of suite.suites ?? []) walk(s, [...titles, s.title]);
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        for (const r of t.results ?? [])
          if (r.status === "failed" || r.status === "timedOut")
            failures.push(
              `${step}: ${[...titles, spec.title].filter(Boolean).join(" › ")}\n      ${firstLines(r.error?.message)}`,
            );
  };
  for (const s of report.suites ?? []) walk(s, [s.file ?? s.title]);
}

/** Listens on each of these loopback ports that is free; returns the servers (to close). */
async function holdPorts(ports) {
  const { createServer } = await import("node:net");
  const held = [];
  for (const port of ports) {
    const s = createServer();
    const ok = await new Promise((resolve) => {
      s.once("error", () => resolve(false));
      s.listen(port, "127.0.0.1", () => resolve(true));
    });
    if (ok) held.push(s);
  }
  return held;
}

try {
  ensureDebianPackages([...DEBIAN.runtime, ...DEBIAN.test]);
  ensureNpmPackages();
} catch (e) {
  console.error(`[signet] setup failed: ${e.message}`);
  process.exit(1);
}

// Prettier, ESLint and tsc each keep one core busy at most: side by side.
await Promise.all([
  step(
    "format (prettier --check)",
    () => runLogged(bin("prettier"), ["--check", "--log-level", "warn", "."], path.join(reports, "format.log")),
    {
      logFile: path.join(reports, "format.log"),
    },
  ),
  step("lint (eslint)", () => runLogged(bin("eslint"), ["--max-warnings", "0", "."], path.join(reports, "lint.log")), {
    logFile: path.join(reports, "lint.log"),
  }),
  step("type check (tsc --noEmit)", () => runLogged(bin("tsc"), ["--noEmit"], path.join(reports, "tsc.log")), {
    logFile: path.join(reports, "tsc.log"),
  }),
]);
const ci = !!process.env.CI && process.env.CI !== "false";
/** The API files about the embedded store itself: in CI, the only API files run on PGlite (see the top). */
const EMBEDDED_STORE_FILES = [
  "test/api/backup-archive.test.ts",
  "test/api/backup-restore-bounds.test.ts",
  "test/api/private-data-dir.test.ts",
  "test/api/blob-stores.test.ts",
  "test/api/jobs.test.ts",
  "test/api/bulk-send.test.ts",
  "test/api/sealing-recovery.test.ts",
];
for (const f of EMBEDDED_STORE_FILES) if (!fs.existsSync(path.join(root, f))) throw new Error(`EMBEDDED_STORE_FILES: no ${f}`);
const embeddedFiles = ci ? ["lib/", "test/gates/", "test/signing/", ...EMBEDDED_STORE_FILES] : [];
// TEST_DATABASE_URL (set by .ci/run) is for the PostgreSQL run only: this one is the embedded store.
await step(ci ? "unit tests + the embedded store's API files on PGlite" : "unit + API tests on PGlite", () =>
  run(bin("vitest"), ["run", ...embeddedFiles, ...vitestReport("pglite")], { env: { TEST_DATABASE_URL: "" } }),
);
// The EU DSS validator's test PDFs judge /verify (test/corpus/): they are DSS's, not this repository's, so the
// step runs where a copy is on the machine (DSS_CORPUS_DIR, or a bare clone of esig/dss in DSS_CORPUS_GIT or at
// the path test/corpus/dss-corpus.corpus.ts names) and says plainly when there is none.
const corpusAt = process.env.DSS_CORPUS_DIR || process.env.DSS_CORPUS_GIT || "/work/.mirror/esig+dss/repo";
if (fs.existsSync(corpusAt))
  await step("DSS corpus (verify judged by DSS's test PDFs)", () => run("node", ["scripts/dss-corpus.mjs"]));
else {
  log(`── DSS corpus: no copy of esig/dss on this machine (${corpusAt}); set DSS_CORPUS_DIR or DSS_CORPUS_GIT to run it`);
  steps.push(["DSS corpus (no copy of the corpus here)", "not run", 0]);
}
const logs = {
  postgres: path.join(reports, "postgres.log"),
  system: path.join(reports, "system.log"),
  e2e: path.join(reports, "e2e.log"),
};
/** The API tests on a PostgreSQL server (in CI with both workers, as it is the API suite's one run; else one: it runs beside the build, the system tests and e2e). */
const postgresStep = () =>
  step(
    "API tests on PostgreSQL",
    async () => {
      let pg = null;
      let url = process.env.TEST_DATABASE_URL;
      if (!url) {
        const { startTestPostgres } = await import("./lib/postgres.mjs");
        pg = await startTestPostgres();
        url = pg.url;
      }
      try {
        // Each file copies the run's migrated database (test/support/pg-databases.ts): no file sees another's rows.
        await runLogged(
          bin("vitest"),
          ["run", "test/api", `--maxWorkers=${ci ? 2 : 1}`, ...vitestReport("postgres")],
          logs.postgres,
          {
            env: { TEST_DATABASE_URL: url },
          },
        );
      } finally {
        pg?.stop();
      }
    },
    { logFile: logs.postgres },
  );

/** The production build, then the system tests and the e2e suite on it, side by side. */
async function builtSteps() {
  if (!(await step("production build", () => ensureBuild()))) return;
  // The system tests and the e2e suite each keep about one core busy (a server process waiting on another,
  // a browser waiting on the server): they run side by side, each on its own ports and data directories.
  await Promise.all([
    step(
      "system tests (server process)",
      () =>
        runLogged(bin("vitest"), ["run", "--config", "test/system/vitest.config.mts", ...vitestReport("system")], logs.system),
      { logFile: logs.system },
    ),
    // The e2e run takes free ports of its own (e2e/playwright.config.ts): the ports it once used, 2525 and
    // 3199, are held by this process meanwhile (when free), so the suite is shown to run beside anything else.
    step(
      "e2e (Playwright, Chromium)",
      async () => {
        const held = await holdPorts([2525, 3199]);
        try {
          await runLogged(bin("playwright"), ["test", "-c", "e2e/playwright.config.ts", "--reporter=list,json"], logs.e2e, {
            env: { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, "e2e.json") },
          });
        } finally {
          for (const s of held) s.close();
        }
      },
      { logFile: logs.e2e },
    ),
  ]);
}

// The PostgreSQL run beside the build and what runs on it: each step's output is printed whole when it ends,
// with a line every two minutes meanwhile, so that a log read live shows the run is alive.
const since = Date.now();
const alive = setInterval(
  () => log(`PostgreSQL, system and e2e tests running (${Math.round((Date.now() - since) / 1000)} s)`),
  120_000,
);
await Promise.all([postgresStep(), builtSteps()]);
clearInterval(alive);

console.log("\nSummary");
const mark = { passed: "✓", failed: "✗", "not run": "–" };
for (const [name, result, ms] of steps) console.log(`  ${mark[result]} ${name} (${(ms / 1000).toFixed(1)} s)`);
const failed = steps.filter((s) => s[1] === "failed").length;
for (const [name, file] of [
  ["PGlite", "pglite"],
  ["PostgreSQL", "postgres"],
  ["system", "system"],
  ["e2e", "e2e"],
])
  readFailures(name, path.join(reports, `${file}.json`));
if (failures.length) {
  console.log(`\nFailed tests (${failures.length})`);
  for (const f of failures.slice(0, 20)) console.log(`  ✗ ${f}`);
}
fs.rmSync(reports, { recursive: true, force: true });
console.log(`${steps.filter((s) => s[1] === "passed").length} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
