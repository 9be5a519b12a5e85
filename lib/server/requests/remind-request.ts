import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { keyActor, recordEvent } from "../audit/record-event";
import { enqueue } from "../jobs/queue";
import { findVisibleRequest, loadRecipients } from "../model/request-queries";
import { assertRequestStatus } from "../model/request-state";

/** Mails again the signers whose turn it is (invited, not yet signed). */
export async function remindRequest(auth: KeyAuth, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    assertRequestStatus(req, ["IN_PROGRESS"], "only an IN_PROGRESS request has signers to remind");
    // An EMBEDDED recipient is never mailed, reminders included.
    const due = (await loadRecipients(tx, req.id))
      .filter((r) => r.delivery !== "EMBEDDED")
      .filter(
        (r) =>
          ((r.role === "SIGNER" || r.role === "APPROVER") && (r.status === "SENT" || r.status === "VIEWED")) ||
          (r.role === "VIEWER" && r.status === "SENT"),
      );
    for (const r of due) await enqueue(tx, "invitation", { requestId: req.id, recipientId: r.id, reminder: true });
    await recordEvent(tx, req.id, "request.reminded", keyActor(auth), { recipients: due.map((r) => r.email) });
    return { id: req.id, reminded: due.map((r) => ({ id: r.id, email: r.email })) };
  });
}
