import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { AppError } from "../errors";
import { keyActor, recordEvent } from "../audit/record-event";
import { enqueue } from "../jobs/queue";
import { findVisibleRequest, loadRecipients } from "../model/request-queries";
import { loadRequestDto } from "../model/request-dto";
import { assertRequestStatus } from "../model/request-state";
import { pendingSealJob } from "./pending-seal";
import { actorsOf, isDone } from "../model/roles";

/**
 * POST …/{id}/reseal: queue the seal again for a request every signer has signed (typically after
 * the seal failed for good and its cause was removed). The seal error stays until a seal succeeds;
 * a seal job already queued or running is not doubled.
 */
export async function resealRequest(auth: KeyAuth, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    assertRequestStatus(req, ["IN_PROGRESS"], (status) =>
      status === "COMPLETED" ? "it is sealed already" : "only a request every signer has signed can be sealed",
    );
    // Everyone who takes a turn (SIGNER, APPROVER, VIEWER) must have finished it.
    const signers = actorsOf(await loadRecipients(tx, req.id));
    const unsigned = signers.filter((r) => !isDone(r));
    if (signers.length === 0 || unsigned.length) {
      throw new AppError(
        "REQUEST_NOT_FULLY_SIGNED",
        `Not every signer has signed yet (${unsigned.length} of ${signers.length} to go); the request is sealed when the last one signs (or approves, or views)`,
        {
          details: { status: req.status, unsigned: unsigned.map((r) => ({ id: r.id, email: r.email })) },
        },
      );
    }
    const pending = await pendingSealJob(tx, req.id);
    const jobId = pending ?? (await enqueue(tx, "seal", { requestId: req.id }));
    await recordEvent(tx, req.id, "request.reseal_requested", keyActor(auth), { jobId, alreadyQueued: !!pending });
    return loadRequestDto(tx, req);
  });
}
