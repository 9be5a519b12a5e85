import "server-only";
import type { Queryable } from "../db";
import { jobs } from "../db/schema";

export type JobType =
  "invitation" | "webhook" | "seal" | "notify" | "sweep" | "staff-link" | "purge-blobs" | "signer-code" | "bulk-send";

/** Queues work in the caller's transaction: the job exists if and only if the change that caused it committed. */
export async function enqueue(
  db: Queryable,
  type: JobType,
  payload: Record<string, unknown>,
  opts: { runAt?: Date; maxAttempts?: number } = {},
) {
  const [row] = await db
    .insert(jobs)
    .values({ type, payload, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 8 })
    .returning({ id: jobs.id });
  return row.id;
}

/** Thrown by a handler whose failure no retry can fix: the job is FAILED at once. */
export class PermanentJobError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "PermanentJobError";
  }
}
