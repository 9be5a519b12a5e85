import "server-only";
import { eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { signatureRequests } from "../db/schema";
import { AppError } from "../http/errors";
import { keyActor, recordEvent } from "../audit/record-event";
import { findVisibleRequest, loadRecipients, loadRequestDto } from "./load-request";
import { emitEvent } from "../webhooks/emit-event";
import { enqueue } from "../jobs/queue";

/** IN_PROGRESS → CANCELLED: signing links stop working at once. A draft is deleted, not cancelled. */
export async function cancelRequest(auth: KeyAuth, id: string, reason?: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    if (req.status !== "IN_PROGRESS") {
      const hint = req.status === "DRAFT" ? "; a draft is deleted instead (DELETE)" : "";
      throw new AppError(
        "WRONG_STATE",
        `Signature request is ${req.status}; only an IN_PROGRESS request can be cancelled${hint}`,
        {
          details: { status: req.status },
        },
      );
    }
    const now = new Date();
    const [updated] = await tx
      .update(signatureRequests)
      .set({ status: "CANCELLED", cancelledAt: now, updatedAt: now })
      .where(eq(signatureRequests.id, req.id))
      .returning();
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
