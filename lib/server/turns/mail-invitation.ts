import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { recipients } from "../db/schema";
import { clock } from "../clock";
import { recordEvent, systemActor } from "../audit/record-event";
import { deliverMail } from "../mail/deliver-mail";
import { loadRecipient, mailLocale, mailTo, senderHeaders } from "../mail/recipient-mail";
import { messages } from "../notify/messages";
import { signingToken } from "../tokens";
import { tryTransitionRecipient } from "../model/recipient-state";
import { isDone } from "../model/roles";
import { brandOf } from "../model/brand";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";

/**
 * Invites (or reminds) one signer. Safe to run more than once: the mail is keyed by the job id,
 * and the recipient moves from PENDING to SENT only once. A reminder for a recipient who has finished
 * their turn (or declined) since it was queued is not sent.
 */
export async function mailInvitation(payload: JobPayloads["invitation"], job: JobContext) {
  const { recipientId } = payload;
  const row = await loadRecipient(recipientId);
  if (!row || row.req.status !== "IN_PROGRESS") return { skipped: "request is no longer in progress" };
  // An EMBEDDED recipient's link is never mailed (their turn starts without a job: embed-links.ts).
  if (row.r.delivery === "EMBEDDED") return { skipped: "embedded recipient: not mailed" };
  if (payload.reminder && (isDone(row.r) || row.r.status === "DECLINED")) return { skipped: "recipient has finished their turn" };
  const db = await getDb();
  // The organization's brand dresses the mail; its link host, when it has one, carries the link.
  const { brand, linkBase } = await brandOf(db, row.req.orgId);
  const link = `${linkBase}/sign/${await signingToken(db, recipientId)}`;
  const msg = messages.invitation({
    brand,
    name: row.r.name,
    title: row.req.title,
    sandbox: row.req.environment === "SANDBOX",
    link,
    reminder: !!payload.reminder,
    role: row.r.role,
    locale: mailLocale(row),
    subject: row.req.emailSubject,
    message: row.req.emailMessage,
    senderName: row.req.senderName,
    expiresAt: row.req.expiresAt,
    timezone: row.req.timezone,
    dateFormat: row.req.dateFormat,
  });
  const sent = await deliverMail(job.id, {
    kind: payload.reminder ? "reminder" : "invitation",
    scope: { orgId: row.req.orgId, environment: row.req.environment, requestId: row.req.id },
    to: mailTo(row.r),
    ...senderHeaders(row.req),
    ...msg,
  });
  await db.transaction(async (tx) => {
    // The request's clock (lib/server/clock.ts): reminders count from this moment.
    const mailedAt = clock.now();
    const moved = await tryTransitionRecipient(tx, recipientId, "SENT", { set: { sentAt: mailedAt } });
    // A resend, a reminder or the mail after a correction finds them SENT already: when it went is kept too.
    await tx.update(recipients).set({ lastMailedAt: mailedAt }).where(eq(recipients.id, recipientId));
    // The evidence is the address the message actually went to (SMTP's RCPT TO), not the one we meant.
    if (moved) {
      await recordEvent(tx, row.req.id, "recipient.invited", systemActor, {
        recipientId,
        email: row.r.email,
        envelopeTo: sent.envelopeTo,
        via: sent.via,
        jobId: job.id,
      });
    }
  });
  return { sent: true };
}
