import "server-only";
import { eq } from "drizzle-orm";
import { PdfError } from "@/lib/pdf/errors";
import { TimestampError } from "@/lib/pdf/seal/timestamp-error";
import { RevocationDataError } from "../timestamp/fetch-validation-data";
import { getDb } from "../db";
import { signatureRequests } from "../db/schema";
import { AppError } from "../errors";
import { recordEvent, systemActor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";

/** The code a seal failure carries when the engine gave no reason of its own. */
export const SEAL_FAILED = "SEAL_FAILED";

export interface SealFailure {
  /** The engine's reason (OUT_OF_PAGE, TOO_COMPLEX, UNPARSEABLE, …) when it gave one, else SEAL_FAILED. */
  code: string;
  /** Safe to show to the sender: the engine's own words about the document, never an internal error's. */
  message: string;
}

/** What went wrong, in words the request may carry: an unknown error's detail stays in the server log. */
export function sealFailureOf(e: unknown, job: { id: string; attempt: number }): SealFailure {
  if (e instanceof PdfError) return { code: e.kind, message: `The document could not be sealed: ${e.message}` };
  // The operator's timestamp authority or a certificate's revocation source failed: its own words
  // (no credentials, no query string: see ../timestamp/http.ts) tell the operator what to fix.
  if (e instanceof TimestampError) return { code: "TIMESTAMP_FAILED", message: `The document could not be sealed: ${e.message}` };
  if (e instanceof RevocationDataError)
    return { code: "REVOCATION_DATA_FAILED", message: `The document could not be sealed: ${e.message}` };
  const reason = e instanceof AppError && typeof e.details?.reason === "string" ? e.details.reason : null;
  if (e instanceof AppError && e.status < 500)
    return { code: reason ?? SEAL_FAILED, message: `The document could not be sealed: ${e.message}` };
  const tries = job.attempt === 1 ? "once" : `${job.attempt} times`;
  return {
    code: SEAL_FAILED,
    message: `Sealing failed ${tries}; the server log has the detail (job ${job.id}). Use reseal to try again.`,
  };
}

/**
 * The seal job failed for good: the request says so (sealError), the audit trail records it and the
 * `signature_request.seal_failed` webhook goes out, all in one transaction. A request no longer
 * IN_PROGRESS (sealed meanwhile by another job, cancelled) is left as it is.
 */
export async function recordSealFailure(requestId: string, e: unknown, job: { id: string; attempt: number }) {
  const failure = sealFailureOf(e, job);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [req] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, requestId)).for("update");
    if (!req || req.status !== "IN_PROGRESS") return null;
    const now = new Date();
    await tx
      .update(signatureRequests)
      .set({ sealErrorCode: failure.code, sealErrorMessage: failure.message, sealFailedAt: now, updatedAt: now })
      .where(eq(signatureRequests.id, req.id));
    await recordEvent(tx, req.id, "request.seal_failed", systemActor, { ...failure, jobId: job.id, attempts: job.attempt });
    await emitEvent(tx, req, "signature_request.seal_failed", {
      id: req.id,
      title: req.title,
      status: req.status,
      sealError: { ...failure, failedAt: now.toISOString() },
    });
    return failure;
  });
}
