import "server-only";
import type { Queryable } from "../db";
import { enqueue } from "../jobs/queue";
import { inviteNextGroup } from "./invite";
import { loadRecipients } from "../model/request-queries";
import { actorsOf, everyoneDone, isDone } from "../model/roles";
import type { TurnOutcome } from "@/lib/schemas/signing";

/**
 * After a recipient finished their turn (signed, approved, or viewed): when every recipient who
 * takes a turn has finished, the seal is queued; else the next order group is invited. In the
 * caller's transaction, which holds the request's row (findSigner forUpdate), so two recipients
 * finishing at once queue one seal. Says what happened, for the one who finished to be told: with
 * parallel signers, others of the same step may still be at it and nobody new was invited.
 */
export async function advanceRequest(tx: Queryable, requestId: string): Promise<{ completed: boolean } & TurnOutcome> {
  const recs = await loadRecipients(tx, requestId);
  if (everyoneDone(recs)) {
    await enqueue(tx, "seal", { requestId });
    return { completed: true, next: "SEALING", count: 0 };
  }
  const { invited } = await inviteNextGroup(tx, requestId, recs);
  if (invited.length > 0) return { completed: false, next: "NEXT_INVITED", count: invited.length };
  const unfinished = actorsOf(recs).filter((r) => !isDone(r));
  const step = Math.min(...unfinished.map((r) => r.order));
  return { completed: false, next: "SAME_STEP", count: unfinished.filter((r) => r.order === step).length };
}
