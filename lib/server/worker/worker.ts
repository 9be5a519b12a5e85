import "server-only";
import { errField, log } from "../log";
import crypto from "node:crypto";
import { and, asc, eq, inArray, lt, lte, or, sql } from "drizzle-orm";
import { getDb } from "../db";
import { jobs } from "../db/schema";
import type { JobType } from "@/lib/schemas/states";
import type { JobContext } from "../jobs/queue";
import { handlers } from "./handlers";
import { parseJobPayload } from "../jobs/payloads";
import { PermanentJobError } from "../jobs/queue";

/** How long a taken job is ours; a job whose worker died is taken again after it (JOB_LEASE_SECONDS). */
const leaseSeconds = () => (Number(process.env.JOB_LEASE_SECONDS) > 0 ? Number(process.env.JOB_LEASE_SECONDS) : 120);
const workerId = `${process.pid}-${crypto.randomBytes(4).toString("hex")}`;

/** Exponential backoff with full jitter: up to 2^attempt seconds, capped at an hour. */
export const backoffMs = (attempt: number) => Math.round(Math.random() * Math.min(3600, 2 ** attempt) * 1000) + 1000;

/**
 * Runs a job's handler with its payload parsed by the type's schema. A type without a handler, or a
 * payload that does not parse, fails the job for good (no retry could fix either), with the reason
 * as its lastError.
 */
async function runHandler<K extends JobType>(type: K, payload: unknown, ctx: JobContext): Promise<unknown> {
  if (!Object.hasOwn(handlers, type)) throw new PermanentJobError(new Error(`No handler for job type ${type}`));
  const parsed = parseJobPayload(type, payload);
  if (!parsed.ok) throw new PermanentJobError(new Error(parsed.error));
  const handler: (typeof handlers)[K] = handlers[type];
  return handler(parsed.payload, ctx);
}

/** Takes one due job (or one whose worker died, its lease run out) and marks it RUNNING for us. */
async function claim() {
  const db = await getDb();
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, "QUEUED"), lte(jobs.runAt, sql`now()`)),
        and(eq(jobs.status, "RUNNING"), lt(jobs.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({
      status: "RUNNING",
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds()})`,
      lockedBy: workerId,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return job;
}

/** How many jobs the worker loop runs before it sleeps and sweeps again. */
const LOOP_BATCH = 100;

/**
 * Runs due jobs until none is left (or `max` ran). Returns how many ran. Called alone (tests, a one-off
 * run), it takes every due job: on a database shared with others, jobs of theirs that came due first
 * must not leave this caller's own undone.
 */
export async function runDueJobs(max = 10_000): Promise<number> {
  const db = await getDb();
  let ran = 0;
  while (ran < max) {
    const job = await claim();
    if (!job) break;
    ran++;
    // The lease is renewed while the handler runs, so a long job (a seal of a large document) is
    // never taken by another instance while this one still works on it; a dead process stops renewing.
    const renew = setInterval(
      () => {
        db.update(jobs)
          .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds()})` })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, "RUNNING")))
          .catch((e) => log().error(`job ${job.id}: lease not renewed: ${e instanceof Error ? e.message : e}`));
      },
      (leaseSeconds() * 1000) / 3,
    );
    renew.unref();
    try {
      await runHandler(job.type, job.payload, { id: job.id, attempt: job.attempts, final: job.attempts >= job.maxAttempts });
      clearInterval(renew);
      await db
        .update(jobs)
        .set({ status: "DONE", finishedAt: new Date(), lockedUntil: null, lastError: null })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
    } catch (e) {
      clearInterval(renew);
      const message = e instanceof Error ? e.message : String(e);
      const final = job.attempts >= job.maxAttempts || e instanceof PermanentJobError;
      log().error(`job ${job.type} ${job.id} attempt ${job.attempts} failed${final ? " for good" : ""}: ${message}`);
      await db
        .update(jobs)
        .set({
          status: final ? "FAILED" : "QUEUED",
          runAt: new Date(Date.now() + backoffMs(job.attempts)),
          lockedUntil: null,
          lastError: message.slice(0, 2000),
          finishedAt: final ? new Date() : null,
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
    }
  }
  return ran;
}

/**
 * With the embedded store only this process can hold the database, so a job still RUNNING at start
 * was left by a process that died: it is due now, not when its lease runs out. (On a PostgreSQL
 * server other instances may be running their jobs; there the lease decides.)
 */
export async function requeueOrphanedJobs(): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(jobs)
    .set({ status: "QUEUED", lockedUntil: null, lockedBy: null, runAt: sql`now()` })
    .where(eq(jobs.status, "RUNNING"))
    .returning({ id: jobs.id });
  return rows.length;
}

const g = globalThis as unknown as { __signetWorker?: { stop: () => void }; __signetWorkerTick?: number };

/** This process's queue worker, for readiness (GET /api/ready): whether it runs and when its loop last went round. */
export function workerState(): { running: boolean; lastTickAt: number | null } {
  return { running: !!g.__signetWorker, lastTickAt: g.__signetWorkerTick ?? null };
}

/** The worker of this server process: polls the queue; several processes may run one each. */
export function startWorker(intervalMs = 500) {
  if (g.__signetWorker) return g.__signetWorker;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let lastSweep = 0;
  let purging: Promise<unknown> | undefined;
  const loop = async () => {
    if (stopped) return;
    g.__signetWorkerTick = Date.now();
    try {
      // Expiry is swept once a minute by every worker; the sweep is one idempotent UPDATE. Beside it,
      // fully signed requests whose seal job was lost get a new one (one query; idempotent), and due
      // reminders are queued.
      if (Date.now() - lastSweep > 60_000) {
        lastSweep = Date.now();
        // The sandbox purge, if no instance ran one within PURGE_INTERVAL_MINUTES (a row in
        // purge_runs, claimed under an advisory lock, says so). Beside the loop, not in it: a long
        // purge must not hold up the jobs, nor a failing sweep the purge.
        purging ??= import("../purge/purge-sandbox")
          .then(({ purgeSandboxIfDue }) => purgeSandboxIfDue(() => stopped))
          .then((out) => {
            if (out.ran && (out.run.requests || out.run.blobs)) {
              log().info(`sandbox purge: ${out.run.requests} request(s) and ${out.run.blobs} blob(s) deleted`);
            }
          })
          .catch((e) => log().error({ err: errField(e) }, "sandbox purge"))
          .finally(() => (purging = undefined));
        const { sweepExpired } = await import("../requests/expire-requests");
        await sweepExpired();
        const { sweepStrandedSeals } = await import("../signing/sweep-stranded-seals");
        await sweepStrandedSeals();
        // Automatic reminders: each claimed by one conditional UPDATE, so every instance may sweep.
        const { sweepReminders } = await import("../requests/remind-due");
        await sweepReminders();
      }
      await runDueJobs(LOOP_BATCH);
    } catch (e) {
      log().error({ err: errField(e) }, "worker");
    }
    if (!stopped) timer = setTimeout(loop, intervalMs);
  };
  timer = setTimeout(loop, 0);
  g.__signetWorker = {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
  return g.__signetWorker;
}
