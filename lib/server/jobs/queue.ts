import "server-only";
import type { JobType } from "@/lib/schemas/states";
import type { Queryable } from "../db";
import { jobs } from "../db/schema";
import { parseJobPayload, type JobPayloadInputs } from "./payloads";

export type { JobType };

/** A payload that does not fit its job type's schema (lib/server/jobs/payloads.ts): a programming error. */
export class InvalidJobPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvalidJobPayloadError";
  }
}

/**
 * Queues work in the caller's transaction: the job exists if and only if the change that caused it
 * committed. The payload's type follows the job type, and it is checked against the type's schema
 * here: a bad one throws, and so rolls back the change that queued it.
 */
export async function enqueue<K extends JobType>(
  db: Queryable,
  type: K,
  payload: JobPayloadInputs[K],
  opts: { runAt?: Date; maxAttempts?: number } = {},
): Promise<string> {
  const parsed = parseJobPayload(type, payload);
  if (!parsed.ok) throw new InvalidJobPayloadError(parsed.error);
  const [row] = await db
    .insert(jobs)
    .values({ type, payload: parsed.payload, runAt: opts.runAt ?? new Date(), maxAttempts: opts.maxAttempts ?? 8 })
    .returning({ id: jobs.id });
  if (!row) throw new Error(`The ${type} job was not queued`);
  return row.id;
}

/** Thrown by a handler whose failure no retry can fix: the job is FAILED at once. */
export class PermanentJobError extends Error {
  constructor(readonly cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = "PermanentJobError";
  }
}

/** One attempt of a job, as the worker runs it. */
export interface JobContext {
  id: string;
  attempt: number;
  /** This is the last attempt: a handler that tracks its own status marks it failed if this one fails. */
  final: boolean;
}
