import "server-only";
import type { Queryable } from "../db";
import { recordEvent, systemActor } from "../audit/record-event";
import { enqueue } from "../jobs/queue";
import { tryTransitionRecipient } from "../model/recipient-state";
import { actorsOf, isDone } from "../model/roles";
import type { RecipientRow } from "../model/rows";

/**
 * Queues invitations for the recipients whose turn it is: the lowest order among those who take a
 * turn (SIGNER, APPROVER, VIEWER) and have not finished it. Those of that group already invited are
 * not invited again. CC recipients are never invited: they get the sealed PDF.
 */
export async function inviteNextGroup(tx: Queryable, requestId: string, recs: RecipientRow[]) {
  const unfinished = actorsOf(recs).filter((r) => !isDone(r));
  if (unfinished.length === 0) return { order: null, invited: [] as string[] };
  const order = Math.min(...unfinished.map((s) => s.order));
  const group = unfinished.filter((s) => s.order === order && s.status === "PENDING");
  for (const s of group) {
    // An EMBEDDED recipient is not mailed: their turn starts here, and their application asks for a signing URL.
    if (s.delivery === "EMBEDDED") await startEmbeddedTurn(tx, requestId, s);
    else await enqueue(tx, "invitation", { requestId, recipientId: s.id });
  }
  return { order, invited: group.map((s) => s.id) };
}

/** Their turn has come: an EMBEDDED recipient moves to SENT with no mail (called where an invitation would be queued). */
export async function startEmbeddedTurn(tx: Queryable, requestId: string, r: Pick<RecipientRow, "id" | "email">) {
  const moved = await tryTransitionRecipient(tx, r.id, "SENT", { set: { sentAt: new Date() } });
  if (moved)
    await recordEvent(tx, requestId, "recipient.invited", systemActor, { recipientId: r.id, email: r.email, via: "embedded" });
}
