import "server-only";
import { and, lt, sql } from "drizzle-orm";
import { getDb } from "../db";
import { signatureRequests } from "../db/schema";
import { hasUnfinishedActor } from "../model/roles";
import { recordEvent, systemActor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { transitionRequests } from "../model/request-state";
import { queueSenderNotice } from "../turns/notify-sender";

/**
 * IN_PROGRESS requests past their expiresAt become EXPIRED; their links stop working. Idempotent.
 * A request every signer has signed does not expire: it is waiting for its seal (or a reseal).
 */
export async function sweepExpired() {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const expired = await transitionRequests(
      tx,
      "EXPIRED",
      and(
        lt(signatureRequests.expiresAt, sql`now()`),
        // Someone who takes a turn (SIGNER, APPROVER, VIEWER) has not finished it.
        hasUnfinishedActor(signatureRequests.id),
      ),
      { from: ["IN_PROGRESS"] },
    );
    for (const req of expired) {
      await recordEvent(tx, req.id, "request.expired", systemActor, { expiresAt: req.expiresAt?.toISOString() });
      await emitEvent(tx, req, "signature_request.expired", { id: req.id, title: req.title, status: "EXPIRED" });
      await queueSenderNotice(tx, req, "expired");
    }
    return { expired: expired.length };
  });
}
