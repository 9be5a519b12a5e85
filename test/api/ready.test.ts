import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runEngine } from "@/lib/server/engine";
import { getDb } from "@/lib/server/db";
import { clock } from "@/lib/server/clock";
import { readyCheckRuns } from "@/lib/server/health/check-ready";
import { call } from "../support/api";

// GET /api/ready says whether this instance can work now, part by part; /api/health stays liveness.

const saved = process.env.SIGNET_WORKER;
// Each check's limit (5 s in production) far above what a loaded machine needs: these tests are about what is
// checked and when, not about the limit.
const savedLimit = process.env.READY_CHECK_TIMEOUT_MS;
beforeAll(() => {
  process.env.READY_CHECK_TIMEOUT_MS = "120000";
});
afterAll(() => {
  if (savedLimit === undefined) delete process.env.READY_CHECK_TIMEOUT_MS;
  else process.env.READY_CHECK_TIMEOUT_MS = savedLimit;
});
afterEach(() => {
  if (saved === undefined) delete process.env.SIGNET_WORKER;
  else process.env.SIGNET_WORKER = saved;
});

// The answer is that of a run at most a second old (by lib/server/clock): each test starts a second later.
let now = Date.now();
const later = (ms: number) => (now += ms);
beforeEach(() => {
  later(2_000);
  vi.spyOn(clock, "now").mockImplementation(() => new Date(now));
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Checks = Record<"database" | "blobStore" | "worker" | "engine", { ok: boolean; ms: number; detail?: string }>;

// The engine pool's first worker and the database (its migrations) start here, not inside the first check
// (whose limit is set above): on a loaded machine a cold start can take longer, as it does not in a server that is
// already up.
beforeAll(async () => {
  await getDb();
  await runEngine("ping", [], { timeoutMs: 60_000 });
}, 90_000);

describe("GET /api/ready", () => {
  it("is 503 NOT_READY naming the part that is not there: a queue worker this instance should run and does not", async () => {
    delete process.env.SIGNET_WORKER;
    const r = await call("GET", "/api/ready");
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ code: 503, errorCode: "NOT_READY", data: { status: "not ready" } });
    const checks = (r.body.data as unknown as { checks: Checks }).checks;
    expect(checks.worker).toMatchObject({ ok: false, detail: expect.stringMatching(/worker has not started/) });
    expect(checks.database.ok).toBe(true);
    expect(checks.blobStore.ok).toBe(true);
    expect(checks.engine.ok).toBe(true);
    // Liveness does not depend on the worker.
    expect((await call("GET", "/api/health")).status).toBe(200);
  });

  it("is 200 when this instance runs no worker (SIGNET_WORKER=0), saying so", async () => {
    process.env.SIGNET_WORKER = "0";
    const r = await call("GET", "/api/ready");
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((r.body.data as unknown as { checks: Checks }).checks.worker).toMatchObject({
      ok: true,
      detail: expect.stringMatching(/SIGNET_WORKER=0/),
    });
  });

  it("is 200 with every part answering once the worker has ticked, and 503 when its last tick is old", async () => {
    delete process.env.SIGNET_WORKER;
    // The worker's heartbeat, as its loop writes it. A real worker is not started here: on the shared
    // PostgreSQL server of the second run its sweeps and jobs would reach the other files' requests.
    // The real server's worker is checked by test/system/headers.test.ts.
    const g = globalThis as { __signetWorker?: unknown; __signetWorkerTick?: number };
    g.__signetWorker = { stop() {} };
    try {
      g.__signetWorkerTick = Date.now();
      const r = await call("GET", "/api/ready");
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      for (const c of Object.values((r.body.data as unknown as { checks: Checks }).checks)) expect(c.ok).toBe(true);
      g.__signetWorkerTick = Date.now() - 10 * 60_000;
      later(1_000);
      const stale = await call("GET", "/api/ready");
      expect(stale.status).toBe(503);
      expect((stale.body.data as unknown as { checks: Checks }).checks.worker.ok).toBe(false);
    } finally {
      g.__signetWorker = undefined;
      g.__signetWorkerTick = undefined;
    }
  });

  it("answers a burst from one run of the checks a second", async () => {
    process.env.SIGNET_WORKER = "0";
    const before = readyCheckRuns();
    const burst = await Promise.all(Array.from({ length: 30 }, () => call("GET", "/api/ready")));
    for (let i = 0; i < 10; i++) burst.push(await call("GET", "/api/ready"));
    expect(burst.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(readyCheckRuns()).toBe(before + 1);
    later(999);
    await Promise.all(Array.from({ length: 10 }, () => call("GET", "/api/ready")));
    expect(readyCheckRuns()).toBe(before + 1);
    later(1);
    await Promise.all(Array.from({ length: 10 }, () => call("GET", "/api/ready")));
    expect(readyCheckRuns()).toBe(before + 2);
  });

  it("shows a failure within a second, and the recovery as soon", async () => {
    process.env.SIGNET_WORKER = "0";
    expect((await call("GET", "/api/ready")).status).toBe(200);
    // The queue worker this instance should run is not there: the answer of a second ago stands until it is a second old.
    delete process.env.SIGNET_WORKER;
    later(500);
    expect((await call("GET", "/api/ready")).status).toBe(200);
    later(500);
    const failed = await call("GET", "/api/ready");
    expect(failed.status).toBe(503);
    expect((failed.body.data as unknown as { checks: Checks }).checks.worker.ok).toBe(false);
    process.env.SIGNET_WORKER = "0";
    later(1_000);
    expect((await call("GET", "/api/ready")).status).toBe(200);
  });
});
