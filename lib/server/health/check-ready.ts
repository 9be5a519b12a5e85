import "server-only";
import { blobs } from "../blobs/store";
import { config } from "../config";
import { runEngine } from "../engine";
import { workerState } from "../worker/worker";
import { checkHealth } from "./check-health";
import { clock } from "../clock";

/** Each check's verdict: how long it took, and why it failed. */
export interface ReadyCheck {
  ok: boolean;
  ms: number;
  detail?: string;
}

/** The queue worker's loop goes round every half second; one that has not for this long is stuck. */
const WORKER_STALE_MS = 30_000;

async function timed(fn: () => Promise<string | undefined>): Promise<ReadyCheck> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limitMs = config.readyCheckTimeoutMs;
  try {
    const detail = await Promise.race([
      fn(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${limitMs / 1000} s`)), limitMs);
      }),
    ]);
    return { ok: true, ms: Math.round(performance.now() - t0), ...(detail && { detail }) };
  } catch (e) {
    // What failed, without a connection string or a path: the message of the error's kind.
    const message =
      e instanceof Error
        ? e.message
            .split("\n")[0]!
            .replace(/\w+:\/\/\S+/g, "<url>")
            .slice(0, 200)
        : "failed";
    return { ok: false, ms: Math.round(performance.now() - t0), detail: message };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * GET /api/ready: whether this instance can do its work now, each part checked for real:
 * the database answers, the blob store answers a lookup, the queue worker runs and its loop goes
 * round (when this instance runs one: SIGNET_WORKER), and a thread of the document engine's pool
 * answers. /api/health stays the liveness check (the process serves, its database answers). The answer is
 * that of a run started at most a second ago.
 */
export function checkReady(): Promise<Readiness> {
  const now = clock.now().getTime();
  // A run started less than a second ago answers, once it is done; a clock that went back starts a new one.
  if (last && now - last.at < MAX_AGE_MS && now >= last.at) return last.result;
  runs++;
  const result = runChecks();
  last = { at: now, result };
  return result;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, ReadyCheck>;
}

/**
 * GET /api/ready is public, and each answer costs a query, a blob lookup and an engine round trip: callers within
 * a second of each other share one run (a burst runs the checks once), and an answer is never older than that.
 */
const MAX_AGE_MS = 1_000;
let last: { at: number; result: Promise<Readiness> } | null = null;
let runs = 0;

/** How many times the checks have run in this process (for tests: a burst of calls runs them once a second). */
export const readyCheckRuns = () => runs;

async function runChecks(): Promise<Readiness> {
  const [database, blobStore, worker, engine] = await Promise.all([
    timed(async () => {
      await checkHealth();
      return undefined;
    }),
    timed(async () => {
      await blobs().has("0".repeat(64));
      return undefined;
    }),
    timed(async () => {
      if (!config.workerEnabled) return "not run by this instance (SIGNET_WORKER=0)";
      const w = workerState();
      if (!w.running) throw new Error("the queue worker has not started");
      if (w.lastTickAt === null || Date.now() - w.lastTickAt > WORKER_STALE_MS)
        throw new Error(
          `the queue worker's loop has not gone round for ${Math.round((Date.now() - (w.lastTickAt ?? 0)) / 1000)} s`,
        );
      return undefined;
    }),
    timed(async () => {
      await runEngine("ping", [], { timeoutMs: config.readyCheckTimeoutMs });
      return undefined;
    }),
  ]);
  const checks = { database, blobStore, worker, engine };
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}
