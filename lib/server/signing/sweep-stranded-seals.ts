import "server-only";
import { and, eq, isNull, not, notExists, sql } from "drizzle-orm";
import { getDb } from "../db";
import { jobs, signatureRequests } from "../db/schema";
import { recordEvent, systemActor } from "../audit/record-event";
import { enqueue } from "../jobs/queue";
import { pendingSealJobs } from "./pending-seal";
import { hasActor, hasUnfinishedActor } from "../model/roles";

/**
 * Requests every signer has signed that are still IN_PROGRESS, not marked seal-failed, and have no
 * seal job queued or running: their seal job was lost (deleted, or its failure could not be
 * recorded). Each gets a new seal job, with the audit event `request.seal_requeued`.
 *
 * The last signature queues the seal in its own transaction, and a seal job that succeeds leaves the
 * request COMPLETED, so a request found here really has nothing that will seal it. One query finds
 * them; rows another sweeper holds are skipped, so concurrent sweeps queue one job each. Idempotent.
 */
export async function sweepStrandedSeals() {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const stranded = await tx
      .select({ id: signatureRequests.id })
      .from(signatureRequests)
      .where(
        and(
          eq(signatureRequests.status, "IN_PROGRESS"),
          isNull(signatureRequests.sealFailedAt),
          // Everyone who takes a turn (SIGNER, APPROVER, VIEWER) has finished it.
          hasActor(signatureRequests.id),
          not(hasUnfinishedActor(signatureRequests.id)),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(jobs)
              .where(and(pendingSealJobs(), sql`${jobs.payload}->>'requestId' = ${signatureRequests.id}::text`)),
          ),
        ),
      )
      .for("update", { of: signatureRequests, skipLocked: true });
    for (const { id } of stranded) {
      const jobId = await enqueue(tx, "seal", { requestId: id });
      await recordEvent(tx, id, "request.seal_requeued", systemActor, { jobId });
    }
    return { requeued: stranded.length };
  });
}
