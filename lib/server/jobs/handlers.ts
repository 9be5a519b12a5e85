import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "../db";
import { recipients, signatureRequests } from "../db/schema";
import { config } from "../config";
import { recordEvent, systemActor } from "../audit/record-event";
import { deliverMail } from "../mail/deliver-mail";
import { signingToken } from "../signing/tokens";

export interface JobContext {
  id: string;
  attempt: number;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Invites one signer. Safe to run more than once: the mail is keyed by the job id, and the
 * recipient moves from PENDING to SENT only once.
 */
async function invitation(payload: Record<string, unknown>, job: JobContext) {
  const db = await getDb();
  const recipientId = String(payload.recipientId);
  const [row] = await db
    .select({ r: recipients, req: signatureRequests })
    .from(recipients)
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(eq(recipients.id, recipientId));
  if (!row || row.req.status !== "IN_PROGRESS") return { skipped: "request is no longer in progress" };
  const link = `${config.publicBaseUrl}/sign/${await signingToken(db, recipientId)}`;
  const env = row.req.environment === "SANDBOX" ? "[Sandbox] " : "";
  await deliverMail(job.id, {
    to: `${row.r.name} <${row.r.email}>`,
    subject: `${env}Please sign: ${row.req.title}`,
    text: `Hello ${row.r.name},\n\nYou are asked to sign "${row.req.title}".\n\nOpen the document and sign: ${link}\n\nThis link is personal; do not forward it.${
      env ? "\n\nSandbox: this is a test, not a valid legal signature." : ""
    }\n`,
    html: `<p>Hello ${escapeHtml(row.r.name)},</p><p>You are asked to sign <b>${escapeHtml(row.req.title)}</b>.</p><p><a href="${link}">Open the document and sign</a></p><p style="color:#666">This link is personal; do not forward it.${
      env ? "<br>Sandbox: this is a test, not a valid legal signature." : ""
    }</p>`,
  });
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(recipients)
      .set({ status: "SENT", sentAt: new Date() })
      .where(and(eq(recipients.id, recipientId), eq(recipients.status, "PENDING")))
      .returning({ id: recipients.id });
    if (moved.length) await recordEvent(tx, row.req.id, "recipient.invited", systemActor, { recipientId, email: row.r.email, jobId: job.id });
  });
  return { sent: true };
}

export const handlers: Record<string, (payload: Record<string, unknown>, job: JobContext) => Promise<unknown>> = {
  invitation,
};
