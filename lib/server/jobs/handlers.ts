import "server-only";
import { eq } from "drizzle-orm";
import type { JobType } from "@/lib/schemas/states";
import { getDb } from "../db";
import { organizations, recipients, signatureRequests, signerCodes } from "../db/schema";
import { config } from "../config";
import { blobs } from "../blobs/store";
import { recordEvent, systemActor } from "../audit/record-event";
import { deliverMail, type MailAddress } from "../mail/deliver-mail";
import { messages } from "../notify/messages";
import { resolveLocale } from "@/lib/i18n/resolve-locale";
import { signingToken } from "../signing/tokens";
import { signerCodeOf } from "../signing/signer-auth";
import { CODE_TTL_MS } from "../signing/signer-session";
import { deliverWebhook } from "../webhooks/deliver-webhook";
import { sweepExpired } from "../requests/expire-requests";
import { mailSenderNotice } from "../requests/notify-sender";
import { currentDocument } from "../requests/load-request";
import { mailStaffLink } from "../staff/mail-staff-link";
import { tryTransitionRecipient } from "../recipients/recipient-state";
import { isDone } from "../recipients/roles";
import { clock } from "../clock";
import type { JobPayloads } from "./payloads";

export interface JobContext {
  id: string;
  attempt: number;
  /** This is the last attempt: a handler that tracks its own status marks it failed if this one fails. */
  final: boolean;
}

async function loadRecipient(recipientId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ r: recipients, req: signatureRequests })
    .from(recipients)
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(eq(recipients.id, recipientId));
  return row;
}

/**
 * A recipient's mails speak their language: the one their signing page was last shown in (reported by the
 * page), else theirs, else the request's, else English.
 */
const mailLocale = (row: { r: { locale: string | null; pageLocale: string | null }; req: { locale: string | null } }) =>
  resolveLocale({ shown: row.r.pageLocale, recipient: row.r.locale, request: row.req.locale });

/** A recipient as a nodemailer address object: the name never becomes part of an address string. */
const mailTo = (r: { name: string; email: string }): MailAddress => ({ name: r.name, address: r.email });

type RequestRow = typeof signatureRequests.$inferSelect;

/**
 * Who a request's mails to its recipients come from (issue 24): "<staff name> via Signet" when a staff member
 * sent it (the address stays MAIL_FROM's), replies to its replyTo, else to that staff member.
 */
export function senderHeaders(req: Pick<RequestRow, "senderName" | "senderEmail" | "replyTo">): {
  fromName?: string;
  replyTo?: MailAddress;
} {
  const replyTo = req.replyTo
    ? { name: "", address: req.replyTo }
    : req.senderEmail
      ? { name: req.senderName ?? "", address: req.senderEmail }
      : undefined;
  return { ...(req.senderName && { fromName: `${req.senderName} via Signet` }), ...(replyTo && { replyTo }) };
}

/**
 * Invites (or reminds) one signer. Safe to run more than once: the mail is keyed by the job id,
 * and the recipient moves from PENDING to SENT only once. A reminder for a recipient who has finished
 * their turn (or declined) since it was queued is not sent.
 */
async function invitation(payload: JobPayloads["invitation"], job: JobContext) {
  const { recipientId } = payload;
  const row = await loadRecipient(recipientId);
  if (!row || row.req.status !== "IN_PROGRESS") return { skipped: "request is no longer in progress" };
  // Issue 14: an EMBEDDED recipient's link is never mailed (their turn starts without a job: embed-links.ts).
  if (row.r.delivery === "EMBEDDED") return { skipped: "embedded recipient: not mailed" };
  if (payload.reminder && (isDone(row.r) || row.r.status === "DECLINED")) return { skipped: "recipient has finished their turn" };
  const db = await getDb();
  const link = `${config.publicBaseUrl}/sign/${await signingToken(db, recipientId)}`;
  const msg = messages.invitation({
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

/** Tells a recipient that the request completed (with the sealed PDF), was declined, or was cancelled. */
async function notify(payload: JobPayloads["notify"], job: JobContext) {
  const row = await loadRecipient(payload.recipientId);
  if (!row) return { skipped: "recipient gone" };
  const base = { name: row.r.name, title: row.req.title, sandbox: row.req.environment === "SANDBOX", locale: mailLocale(row) };
  const { kind } = payload;
  const scope = { orgId: row.req.orgId, environment: row.req.environment, requestId: row.req.id };
  const to = mailTo(row.r);
  // From and Reply-To as the request's other mails; the signer's code mail stays Signet's own.
  const sender = senderHeaders(row.req);
  if (kind === "completed") {
    const db = await getDb();
    const doc = await currentDocument(db, row.req.id);
    const bytes = await blobs().get(doc.sha256);
    await deliverMail(job.id, {
      kind,
      scope,
      to,
      ...sender,
      ...messages.completed(base),
      attachments: [{ filename: messages.completedFileName(base), content: Buffer.from(bytes), contentType: "application/pdf" }],
    });
  } else if (payload.kind === "declined") {
    await deliverMail(job.id, {
      kind,
      scope,
      to,
      ...sender,
      ...messages.declined({ ...base, by: payload.by, reason: payload.reason }),
    });
  } else {
    await deliverMail(job.id, { kind, scope, to, ...sender, ...messages.cancelled(base) });
  }
  return { sent: kind };
}

/**
 * Mails an EMAIL_CODE signer the code they asked for on the signing page. The code is derived again
 * from its row (never stored, never in the payload); a code already used or past its time is not sent.
 */
async function signerCode(payload: JobPayloads["signer-code"], job: JobContext) {
  const db = await getDb();
  const [code] = await db.select().from(signerCodes).where(eq(signerCodes.id, payload.codeId));
  if (!code || code.usedAt || code.expiresAt.getTime() <= Date.now()) return { skipped: "code used, replaced or expired" };
  const row = await loadRecipient(code.recipientId);
  if (!row) return { skipped: "recipient gone" };
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, row.req.orgId));
  const minutes = Math.round(CODE_TTL_MS / 60_000);
  await deliverMail(job.id, {
    kind: "signer-code",
    scope: { orgId: row.req.orgId, environment: row.req.environment, requestId: row.req.id },
    to: mailTo(row.r),
    ...messages.signerCode({
      name: row.r.name,
      organization: org?.name ?? null,
      code: await signerCodeOf(db, code.id),
      minutes,
      sandbox: row.req.environment === "SANDBOX",
      locale: mailLocale(row),
    }),
  });
  return { sent: true };
}

/** One handler per job type, each given its type's parsed payload (lib/server/jobs/payloads.ts). */
export type JobHandlers = { [K in JobType]: (payload: JobPayloads[K], job: JobContext) => Promise<unknown> };

export const handlers: JobHandlers = {
  invitation,
  notify,
  webhook: (p, job) => deliverWebhook(p.deliveryId, job.final),
  // Loaded when first needed: the sealing engine (fonts, crypto) is heavy and most processes seal rarely.
  seal: async (p, job) => (await import("../signing/seal-request")).sealRequest(p.requestId, job),
  sweep: () => sweepExpired(),
  // Blobs and outbox files a sandbox purge let go of (left by a purge that stopped, or kept back for a while).
  "purge-blobs": async (p) => (await import("../purge/release-blobs")).runBlobRelease(p),
  "staff-link": (p, job) => mailStaffLink(p.linkId, job.id),
  "signer-code": signerCode,
  // One request per row of a bulk send; resumable: each row's steps can be repeated (lib/server/bulk/run-bulk-send.ts).
  "bulk-send": async (p, job) => (await import("../bulk/run-bulk-send")).runBulkSend(p, job),
  "sender-notice": (p, job) => mailSenderNotice(p, job.id),
};
