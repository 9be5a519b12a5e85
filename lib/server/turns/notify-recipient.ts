import "server-only";
import { titleOfDocument } from "@/lib/files/file-name";
import { getDb } from "../db";
import { blobs } from "../blobs/store";
import { deliverMail } from "../mail/deliver-mail";
import { loadRecipient, mailLocale, mailTo, senderHeaders } from "../mail/recipient-mail";
import { messages } from "../notify/messages";
import { loadDocuments } from "../model/request-queries";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";

/** Tells a recipient that the request completed (with the sealed PDFs), was declined, or was cancelled. */
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
    // Every sealed document, in order: the first named after the request (as a one-document request's), the others after themselves.
    const attachments = [];
    for (const d of await loadDocuments(db, row.req.id)) {
      const title = d.position === 1 ? base.title : titleOfDocument(d.name);
      attachments.push({
        filename: messages.completedFileName({ ...base, title }),
        content: Buffer.from(await blobs().get(d.current.sha256)),
        contentType: "application/pdf",
      });
    }
    await deliverMail(job.id, { kind, scope, to, ...sender, ...messages.completed(base), attachments });
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
