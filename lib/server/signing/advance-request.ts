import "server-only";
import type { Queryable } from "../db";
import { enqueue } from "../jobs/queue";
import { inviteNextGroup } from "../requests/send-request";
import { loadRecipients } from "../requests/load-request";
import { everyoneDone } from "../recipients/roles";

/**
 * After a recipient finished their turn (signed, approved, or viewed): when every recipient who
 * takes a turn has finished, the seal is queued; else the next order group is invited. In the
 * caller's transaction, which holds the request's row (findSigner forUpdate), so two recipients
 * finishing at once queue one seal.
 */
export async function advanceRequest(tx: Queryable, requestId: string): Promise<{ completed: boolean }> {
  const recs = await loadRecipients(tx, requestId);
  if (everyoneDone(recs)) {
    await enqueue(tx, "seal", { requestId });
    return { completed: true };
  }
  await inviteNextGroup(tx, requestId, recs);
  return { completed: false };
}
