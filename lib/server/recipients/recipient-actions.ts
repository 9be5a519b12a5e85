import "server-only";
import { findRecipient } from "../model/find-recipient";
import { assertMayHandleLink } from "./link-keepers";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { keyActor, recordEvent } from "../audit/record-event";
import { config } from "../config";
import { AppError } from "../errors";
import { enqueue } from "../jobs/queue";
import { rateHeaders, takeNamedToken } from "../limits/rate-limit";
import { signingToken } from "../tokens";
import { findVisibleRequest } from "../model/request-queries";
import { assertRequestStatus } from "../model/request-state";
import { assertRecipientStatus } from "../model/recipient-state";
import type { Queryable } from "../db";

/**
 * What staff do for one recipient of a sent request, from the request's page: mail
 * the invitation again, or take the signing link to hand it over another way. Both only while it is
 * the recipient's turn (invited, not finished), each recorded in the audit trail.
 */

/** A recipient whose link is live: the request IN_PROGRESS, their turn (invited, not done), mailed or embedded as `delivery` says. */
async function recipientInTurn(db: Queryable, auth: KeyAuth, id: string, recipientId: string, action: string) {
  const req = await findVisibleRequest(db, auth, id);
  const r = await findRecipient(db, req.id, recipientId);
  assertRequestStatus(req, ["IN_PROGRESS"], (s) => `The request is ${s}: there is no one to ${action}`);
  if (r.role === "CC")
    throw new AppError("RECIPIENT_IS_CC", `A CC recipient has nothing to sign: there is no invitation to ${action}`);
  // A viewer's turn ends as they open the link; a signer's or an approver's when they finish.
  const live = r.role === "VIEWER" ? ["SENT"] : ["SENT", "VIEWED"];
  assertRecipientStatus(r, live as never, (s) =>
    s === "PENDING"
      ? "It is not this recipient's turn yet: they are invited when the ones before them finish"
      : `This recipient is ${s}: their turn is over`,
  );
  return { req, r };
}

/** At most this many resends a minute per recipient: a button pressed again is not a mail bomb. */
const RESENDS_PER_MINUTE = 2;

/** POST …/recipients/{rid}/resend: the invitation mailed again (a new mail with the same link), audited. */
export async function resendInvitation(auth: KeyAuth, id: string, recipientId: string) {
  const db = await getDb();
  const { r } = await recipientInTurn(db, auth, id, recipientId, "resend");
  if (r.delivery === "EMBEDDED")
    throw new AppError("RECIPIENT_EMBEDDED", "An EMBEDDED recipient is never mailed: ask for a signing URL to frame instead");
  const limit = await takeNamedToken(`resend:${r.id}`, RESENDS_PER_MINUTE);
  if (!limit.allowed)
    throw new AppError("RATE_LIMITED", `This invitation was just sent again; retry in ${limit.resetSeconds} s`, {
      headers: rateHeaders(limit),
    });
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    assertRequestStatus(req, ["IN_PROGRESS"], (s) => `The request is ${s}: there is no one to resend to`);
    const job = await enqueue(tx, "invitation", { requestId: req.id, recipientId: r.id });
    await recordEvent(tx, req.id, "recipient.invitation_resent", keyActor(auth), { recipientId: r.id, email: r.email });
    return { id: r.id, email: r.email, mailId: job };
  });
}

/**
 * POST …/recipients/{rid}/signing-link: the recipient's signing link, for staff to hand over another way
 * (a chat, a phone call). A bearer credential, so only for a staff member signed in to the dashboard who
 * is an ADMIN of the organization or who created the request; an API key alone never gets one (as with
 * the outbox's copy). Recorded as `recipient.signing_link.copied`, naming who took it.
 */
export async function copyRecipientSigningLink(auth: KeyAuth, id: string, recipientId: string) {
  const db = await getDb();
  const { req, r } = await recipientInTurn(db, auth, id, recipientId, "copy a link for");
  await assertMayHandleLink(db, auth, req, "copy a signing link", { keyAlone: false });
  const url = `${config.publicBaseUrl}/sign/${await signingToken(db, r.id)}`;
  await db.transaction(async (tx) => {
    await recordEvent(tx, req.id, "recipient.signing_link.copied", keyActor(auth), { recipientId: r.id, email: r.email });
  });
  return { url, recipientId: r.id };
}
