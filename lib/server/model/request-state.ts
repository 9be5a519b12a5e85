import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { REQUEST_STATUSES, type RequestStatus } from "@/lib/schemas/states";
import type { Queryable } from "../db";
import { signatureRequests } from "../db/schema";
import { AppError, notFound, type ErrorCode } from "../errors";
import { dropSignerLeftovers } from "./signer-leftovers";

/**
 * A signature request's life, as data: DRAFT → IN_PROGRESS (sent) → COMPLETED (sealed), or from
 * IN_PROGRESS to DECLINED (a recipient declines), CANCELLED (the sender cancels) or EXPIRED (past
 * expiresAt). The last four are final. A seal that failed for good is not a state: the request stays
 * IN_PROGRESS with its sealError set until a reseal succeeds. A DRAFT is deleted, never cancelled.
 *
 * Every change of `signature_requests.status` goes through transitionRequest / transitionRequests
 * below (request-state.test.ts fails if another file of lib/server writes it). A request leaving
 * IN_PROGRESS (completed, declined, cancelled, expired) is one nobody may act in any more: what its
 * recipients left behind on the way (saved drafts, uploads no signature kept, signer sessions) is
 * dropped in the transaction of the move (signer-leftovers.ts).
 */
export const REQUEST_TRANSITIONS = {
  DRAFT: ["IN_PROGRESS"],
  IN_PROGRESS: ["COMPLETED", "DECLINED", "CANCELLED", "EXPIRED"],
  COMPLETED: [],
  DECLINED: [],
  CANCELLED: [],
  EXPIRED: [],
} as const satisfies Record<RequestStatus, readonly RequestStatus[]>;

export const canTransitionRequest = (from: RequestStatus, to: RequestStatus): boolean =>
  (REQUEST_TRANSITIONS[from] as readonly RequestStatus[]).includes(to);

/** Whether a move to `to` ends every turn of the request (it leaves IN_PROGRESS, the only state where anyone acts). */
export const endsTurns = (to: RequestStatus): boolean => to !== "IN_PROGRESS" && to !== "DRAFT";

/** The statuses a request may move to `to` from. */
export const requestPredecessors = (to: RequestStatus): RequestStatus[] =>
  REQUEST_STATUSES.filter((from) => canTransitionRequest(from, to));

/** The code that says why a request in `status` refuses an action that needs one of `allowed`. */
export function requestStateCode(status: RequestStatus, allowed: readonly RequestStatus[]): ErrorCode {
  if (allowed.length === 1 && allowed[0] === "DRAFT") return "REQUEST_NOT_DRAFT";
  const byStatus: Record<RequestStatus, ErrorCode> = {
    DRAFT: "REQUEST_NOT_SENT",
    IN_PROGRESS: "REQUEST_IN_PROGRESS",
    COMPLETED: "REQUEST_COMPLETED",
    DECLINED: "REQUEST_DECLINED",
    CANCELLED: "REQUEST_CANCELLED",
    EXPIRED: "REQUEST_EXPIRED",
  };
  return byStatus[status];
}

/** What follows "Signature request is <STATUS>; " in the message: fixed, or said according to the status. */
export type RefusalText = string | ((status: RequestStatus) => string);

/** The 409 for a request in `status` asked to do what only `allowed` statuses allow. */
export function requestStateError(status: RequestStatus, allowed: readonly RequestStatus[], why: RefusalText): AppError {
  const text = typeof why === "function" ? why(status) : why;
  return new AppError(requestStateCode(status, allowed), `Signature request is ${status}; ${text}`, { details: { status } });
}

/**
 * Throws the 409 naming the current state (REQUEST_NOT_DRAFT, REQUEST_COMPLETED, …) unless the
 * request is in one of `allowed`. `why` ends the message ("Signature request is COMPLETED; <why>").
 */
export function assertRequestStatus(row: { status: RequestStatus }, allowed: readonly RequestStatus[], why: RefusalText): void {
  if (!allowed.includes(row.status)) throw requestStateError(row.status, allowed, why);
}

/**
 * Throws 409 REQUEST_NOT_DRAFT naming the current state unless the request is a DRAFT, and 409
 * REQUEST_AWAITING_APPROVAL while its send waits for a staff member's approval (what is approved must be what
 * was asked for). The row must say whether a send is pending: the type asks for it, so no caller can forget.
 */
export function assertDraft(row: { status: RequestStatus; pendingApprovalId: string | null }, action: string): void {
  assertRequestStatus(row, ["DRAFT"], `${action} is only possible while it is DRAFT`);
  if (row.pendingApprovalId !== null)
    throw new AppError(
      "REQUEST_AWAITING_APPROVAL",
      `Signature request is waiting for a staff member to approve its send; ${action} is possible again once it is rejected`,
      { details: { status: "DRAFT", approvalId: row.pendingApprovalId } },
    );
}

export type RequestRow = typeof signatureRequests.$inferSelect;
/** Columns that change with the status (timestamps, the seal error); status and updatedAt are set here. */
export type RequestChanges = Partial<Omit<typeof signatureRequests.$inferInsert, "id" | "status">>;

function checkedFrom(to: RequestStatus, from: readonly RequestStatus[] | undefined): RequestStatus[] {
  const allowed = from ? [...from] : requestPredecessors(to);
  for (const f of allowed) {
    // A programming error, not a user's: the caller asked for a move the table does not have.
    if (!canTransitionRequest(f, to)) throw new Error(`Signature request: no transition ${f} → ${to}`);
  }
  return allowed;
}

/**
 * Moves one request to `to`: UPDATE … WHERE id = $id AND status IN (the allowed predecessors of `to`,
 * or `from` if given) RETURNING, in the caller's transaction. When no row changed, throws the error
 * that says why (404 if there is no such request, else the 409 of its current state, with `why`).
 */
export async function transitionRequest(
  tx: Queryable,
  id: string,
  to: RequestStatus,
  opts: { from?: readonly RequestStatus[]; set?: RequestChanges; why?: RefusalText } = {},
): Promise<RequestRow> {
  const from = checkedFrom(to, opts.from);
  const [row] = await tx
    .update(signatureRequests)
    .set({ updatedAt: new Date(), ...opts.set, status: to })
    .where(and(eq(signatureRequests.id, id), inArray(signatureRequests.status, from)))
    .returning();
  if (row) {
    if (endsTurns(to)) await dropSignerLeftovers(tx, { requestIds: [row.id] });
    return row;
  }
  const [cur] = await tx.select({ status: signatureRequests.status }).from(signatureRequests).where(eq(signatureRequests.id, id));
  if (!cur) throw notFound("REQUEST_NOT_FOUND", "Signature request");
  throw requestStateError(cur.status, from, opts.why ?? `it cannot become ${to}`);
}

/**
 * Moves every request that matches `where` (and is in an allowed predecessor of `to`) to `to`, and
 * returns them: none is a normal outcome (a sweep that found nothing to do).
 */
export async function transitionRequests(
  tx: Queryable,
  to: RequestStatus,
  where: SQL | undefined,
  opts: { from?: readonly RequestStatus[]; set?: RequestChanges } = {},
): Promise<RequestRow[]> {
  const from = checkedFrom(to, opts.from);
  const rows = await tx
    .update(signatureRequests)
    .set({ updatedAt: new Date(), ...opts.set, status: to })
    .where(and(inArray(signatureRequests.status, from), where))
    .returning();
  if (rows.length && endsTurns(to)) await dropSignerLeftovers(tx, { requestIds: rows.map((r) => r.id) });
  return rows;
}
