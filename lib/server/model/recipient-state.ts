import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { RECIPIENT_STATUSES, type RecipientRole, type RecipientStatus, type RequestStatus } from "@/lib/schemas/states";
import type { Queryable } from "../db";
import { recipients } from "../db/schema";
import { AppError, notFound, type ErrorCode } from "../errors";
import { dropSignerLeftovers } from "./signer-leftovers";

/**
 * A recipient's turn, as data: PENDING (not their turn yet) → SENT (invited, or their embedded turn
 * began) → VIEWED (opened the link; for a VIEWER that is the whole turn) → SIGNED (a SIGNER) or
 * APPROVED (an APPROVER); a SIGNER or APPROVER may also decline, from SENT or VIEWED. APPROVED and
 * DECLINED are final; so is RELEASED (a signing group's member whose signature is no longer needed); SIGNED too, but for one way back to VIEWED when the seal cannot use the
 * signer's image and asks them to sign again; a CC takes no turn and stays PENDING.
 *
 * Every change of `recipients.status` goes through transitionRecipient below
 * (request-state.test.ts fails if another file of lib/server writes it). A move out of SENT or VIEWED
 * (the recipient may act) to a status where they may not drops what they left behind on the way
 * (signer-leftovers.ts), in the move's transaction.
 */
export const RECIPIENT_TRANSITIONS = {
  // RELEASED: a signing group's member once enough of the group signed (model/groups.ts), invited or not.
  PENDING: ["SENT", "RELEASED"],
  SENT: ["VIEWED", "SIGNED", "APPROVED", "DECLINED", "RELEASED"],
  VIEWED: ["SIGNED", "APPROVED", "DECLINED", "RELEASED"],
  // Only when the seal cannot use the signer's image (return-to-signers.ts): their turn is handed back.
  SIGNED: ["VIEWED"],
  APPROVED: [],
  DECLINED: [],
  RELEASED: [],
} as const satisfies Record<RecipientStatus, readonly RecipientStatus[]>;

/** Who may reach each status: only a SIGNER signs, only an APPROVER approves, a CC reaches none. */
export const RECIPIENT_STATUS_ROLES = {
  PENDING: [],
  SENT: ["SIGNER", "APPROVER", "VIEWER"],
  VIEWED: ["SIGNER", "APPROVER", "VIEWER"],
  SIGNED: ["SIGNER"],
  APPROVED: ["APPROVER"],
  DECLINED: ["SIGNER", "APPROVER"],
  RELEASED: ["SIGNER"],
} as const satisfies Record<RecipientStatus, readonly RecipientRole[]>;

export const canTransitionRecipient = (from: RecipientStatus, to: RecipientStatus, role?: RecipientRole): boolean =>
  (RECIPIENT_TRANSITIONS[from] as readonly RecipientStatus[]).includes(to) &&
  (role === undefined || (RECIPIENT_STATUS_ROLES[to] as readonly RecipientRole[]).includes(role));

/** The statuses a recipient may move to `to` from. */
export const recipientPredecessors = (to: RecipientStatus): RecipientStatus[] =>
  RECIPIENT_STATUSES.filter((from) => canTransitionRecipient(from, to));

/** The code that says why a recipient in `status` cannot do what was asked. */
export const RECIPIENT_STATE_CODE = {
  PENDING: "RECIPIENT_NOT_YOUR_TURN",
  SENT: "RECIPIENT_ALREADY_INVITED",
  VIEWED: "RECIPIENT_ALREADY_VIEWED",
  SIGNED: "RECIPIENT_ALREADY_SIGNED",
  APPROVED: "RECIPIENT_ALREADY_APPROVED",
  DECLINED: "RECIPIENT_DECLINED",
  RELEASED: "RECIPIENT_RELEASED",
} as const satisfies Record<RecipientStatus, ErrorCode>;

type RecipientState = { status: RecipientStatus; role: RecipientRole };

/**
 * Throws the 409 of the recipient's state (RECIPIENT_NOT_YOUR_TURN, RECIPIENT_ALREADY_SIGNED, …)
 * unless they are in one of `allowed`; `message` says it to whoever asked.
 */
export function assertRecipientStatus(
  r: RecipientState,
  allowed: readonly RecipientStatus[],
  message: (status: RecipientStatus) => string,
  details: Record<string, unknown> = { recipientStatus: r.status },
): void {
  if (!allowed.includes(r.status)) throw new AppError(RECIPIENT_STATE_CODE[r.status], message(r.status), { details });
}

export type SignerAction = "sign" | "approve" | "decline";

const NOT_YOURS: Partial<Record<RecipientRole, Partial<Record<SignerAction, string>>>> = {
  CC: {
    sign: "A CC recipient does not sign",
    approve: "A CC recipient does not approve; they receive a copy",
    decline: "A CC recipient does not sign",
  },
  APPROVER: {
    sign: "An approver has nothing to sign: approve or decline the document (POST /api/sign/{token}/approve or /decline)",
  },
  SIGNER: { approve: "A signer signs the document (POST /api/sign/{token}/sign); only an approver approves" },
  VIEWER: {
    sign: "A viewer has nothing to sign: opening the document is all that is asked",
    approve: "A viewer has nothing to approve: opening the document is all that is asked",
    decline: "A viewer has nothing to decline: opening the document is all that is asked",
  },
};

const REFUSED_TEXT: Record<RecipientStatus, (action: SignerAction) => string | null> = {
  PENDING: (action) =>
    `It is not your turn to ${action === "approve" ? "approve" : "sign"} yet: earlier recipients have not finished`,
  SENT: () => null,
  VIEWED: () => null,
  SIGNED: () => "You have already signed this document",
  APPROVED: () => "You have already approved this document",
  DECLINED: () => "You declined this document",
  RELEASED: () => "Your signature is no longer needed: enough members of your signing group have signed",
};

/**
 * Only an invited recipient whose turn it is may act, and only as their role allows (a SIGNER signs,
 * an APPROVER approves; both may decline), whatever link they hold. Else 409 saying why, with the
 * code of the condition. (A request that ended answers 410 before this: find-signer.ts.)
 */
export function assertMayAct(r: RecipientState, req: { status: RequestStatus }, action: SignerAction): void {
  // A completed request's link shows the sealed copy, nothing else.
  if (req.status === "COMPLETED")
    throw new AppError("REQUEST_COMPLETED", "This request is complete; there is nothing more to sign", {
      details: { status: req.status },
    });
  const details = { status: r.status, role: r.role };
  const refused = NOT_YOURS[r.role]?.[action];
  if (refused) throw new AppError("RECIPIENT_ROLE_CANNOT_ACT", refused, { details });
  const text = REFUSED_TEXT[r.status](action);
  if (text) throw new AppError(RECIPIENT_STATE_CODE[r.status], text, { details });
}

/** The statuses in which a recipient may act (their turn: invited, or opened the link). */
export const MAY_ACT_STATUSES = ["SENT", "VIEWED"] as const satisfies readonly RecipientStatus[];

/** Whether a move to `to` ends the recipient's turn: their drafts, unkept uploads and sessions go with it. */
export const endsTurn = (to: RecipientStatus): boolean => !(MAY_ACT_STATUSES as readonly RecipientStatus[]).includes(to);

export type RecipientRow = typeof recipients.$inferSelect;
/** Columns that change with the status (sentAt, viewedAt, signedAt, declinedAt, declineReason). */
export type RecipientChanges = Partial<
  Pick<typeof recipients.$inferInsert, "sentAt" | "viewedAt" | "signedAt" | "declinedAt" | "declineReason" | "groupSeat">
>;

function checkedFrom(to: RecipientStatus, from: readonly RecipientStatus[] | undefined): RecipientStatus[] {
  const allowed = from ? [...from] : recipientPredecessors(to);
  for (const f of allowed) {
    if (!canTransitionRecipient(f, to)) throw new Error(`Recipient: no transition ${f} → ${to}`);
  }
  return allowed;
}

/**
 * Moves one recipient to `to` if they are in an allowed predecessor (or `from`) and their role may
 * reach it: UPDATE … WHERE id AND status IN (…) AND role IN (…) RETURNING, in the caller's
 * transaction. Returns the row, or null when nothing changed (already moved: a retried job). A move
 * that ends the turn (to SIGNED, APPROVED or DECLINED) drops the recipient's leftovers in the same
 * transaction: a signature's values are written before it, so the files it keeps stay.
 */
export async function tryTransitionRecipient(
  tx: Queryable,
  id: string,
  to: RecipientStatus,
  opts: { from?: readonly RecipientStatus[]; set?: RecipientChanges } = {},
): Promise<RecipientRow | null> {
  const from = checkedFrom(to, opts.from);
  const [row] = await tx
    .update(recipients)
    .set({ ...opts.set, status: to })
    .where(
      and(eq(recipients.id, id), inArray(recipients.status, from), inArray(recipients.role, [...RECIPIENT_STATUS_ROLES[to]])),
    )
    .returning();
  if (!row) return null;
  // Every predecessor of a status that ends the turn is one where the recipient could act (SENT, VIEWED).
  if (endsTurn(to)) await dropSignerLeftovers(tx, { recipientIds: [row.id] });
  return row;
}

/**
 * A turn handed over (delegation, signing/delegate-signer.ts): the recipient, now the delegate, is SENT again
 * and has viewed nothing, whether the delegator had opened the link (VIEWED) or not. Not a transition of
 * the table above: no other move may take a recipient from VIEWED back to SENT. Null when they were not
 * in their turn.
 */
export async function restartTurn(tx: Queryable, id: string): Promise<RecipientRow | null> {
  const [row] = await tx
    .update(recipients)
    .set({ status: "SENT", viewedAt: null })
    .where(and(eq(recipients.id, id), inArray(recipients.status, [...MAY_ACT_STATUSES])))
    .returning();
  return row ?? null;
}

/** As tryTransitionRecipient, but no change is an error: 404, or the 409 of the recipient's role or state. */
export async function transitionRecipient(
  tx: Queryable,
  id: string,
  to: RecipientStatus,
  opts: { from?: readonly RecipientStatus[]; set?: RecipientChanges } = {},
): Promise<RecipientRow> {
  const row = await tryTransitionRecipient(tx, id, to, opts);
  if (row) return row;
  const [cur] = await tx
    .select({ status: recipients.status, role: recipients.role })
    .from(recipients)
    .where(eq(recipients.id, id));
  if (!cur) throw notFound("RECIPIENT_NOT_FOUND", "Recipient");
  if (!(RECIPIENT_STATUS_ROLES[to] as readonly RecipientRole[]).includes(cur.role))
    throw new AppError("RECIPIENT_ROLE_CANNOT_ACT", `A ${cur.role} recipient cannot become ${to}`, { details: cur });
  throw new AppError(RECIPIENT_STATE_CODE[cur.status], `This recipient is ${cur.status}; they cannot become ${to}`, {
    details: { recipientStatus: cur.status },
  });
}
