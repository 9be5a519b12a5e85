import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { keyActor, recordEvent } from "../audit/record-event";
import { findVisibleRequest, loadRecipients } from "../model/request-queries";
import { loadRequestDto } from "../model/request-dto";
import { transitionRequest } from "../model/request-state";
import { emitEvent } from "../webhooks/emit-event";
import { enqueue } from "../jobs/queue";

/** IN_PROGRESS → CANCELLED: signing links stop working at once. A draft is deleted, not cancelled. */
export async function cancelRequest(auth: KeyAuth, id: string, reason?: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    const now = new Date();
    const updated = await transitionRequest(tx, req.id, "CANCELLED", {
      set: { cancelledAt: now, updatedAt: now },
      why: (status) =>
        `only an IN_PROGRESS request can be cancelled${status === "DRAFT" ? "; a draft is deleted instead (DELETE)" : ""}`,
    });
    await recordEvent(tx, req.id, "request.cancelled", keyActor(auth), reason ? { reason } : {});
    await emitEvent(tx, req, "signature_request.cancelled", {
      id: req.id,
      title: req.title,
      status: "CANCELLED",
      reason: reason ?? null,
    });
    // Those who were asked to sign (or will get the result) hear that they need not.
    for (const r of await loadRecipients(tx, req.id)) {
      if ((r.role === "SIGNER" || r.role === "APPROVER") && (r.status === "SENT" || r.status === "VIEWED")) {
        await enqueue(tx, "notify", { kind: "cancelled", requestId: req.id, recipientId: r.id });
      }
    }
    return loadRequestDto(tx, updated);
  });
}
