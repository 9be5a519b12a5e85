import "server-only";
import { getDb } from "../db";
import { blobs } from "../blobs/store";
import { deliverMail } from "../mail/deliver-mail";
import { loadRecipient, mailLocale, mailTo, senderHeaders } from "../mail/recipient-mail";
import { messages } from "../notify/messages";
import { currentDocument } from "../model/request-queries";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";

/** Tells a recipient that the request completed (with the sealed PDF), was declined, or was cancelled. */
export async function notifyRecipient(payload: JobPayloads["notify"], job: JobContext) {
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
