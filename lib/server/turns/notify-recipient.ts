import "server-only";
import { documentFileTitle } from "@/lib/files/file-name";
import { config } from "../config";
import { getDb } from "../db";
import { signingToken } from "../tokens";
import { blobs } from "../blobs/store";
import { deliverMail } from "../mail/deliver-mail";
import { loadRecipient, mailLocale, mailTo, senderHeaders } from "../mail/recipient-mail";
import { messages } from "../notify/messages";
import { loadDocuments } from "../model/request-queries";
import { brandOf } from "../model/brand";
import type { JobContext } from "../jobs/queue";
import type { JobPayloads } from "../jobs/payloads";

/** Tells a recipient that the request completed (with the sealed PDFs), was declined, or was cancelled. */
export async function notifyRecipient(payload: JobPayloads["notify"], job: JobContext) {
  const row = await loadRecipient(payload.recipientId);
  if (!row) return { skipped: "recipient gone" };
  const { brand, linkBase } = await brandOf(await getDb(), row.req.orgId);
  const base = {
    name: row.r.name,
    title: row.req.title,
    sandbox: row.req.environment === "SANDBOX",
    locale: mailLocale(row),
    brand,
  };
  const { kind } = payload;
  const scope = { orgId: row.req.orgId, environment: row.req.environment, requestId: row.req.id };
  const to = mailTo(row.r);
  // From and Reply-To as the request's other mails; the signer's code mail stays Signet's own.
  const sender = senderHeaders(row.req);
  if (kind === "completed") {
    const db = await getDb();
    const docs = await loadDocuments(db, row.req.id);
    const bytes = docs.reduce((n, d) => n + d.current.size, 0);
    if (bytes > config.mailAttachmentsMaxBytes) {
      // Too large to attach: their page offers each sealed document while the sealed copy is kept.
      const link = `${linkBase}/sign/${await signingToken(db, row.r.id)}`;
      const linked = { link, mb: Math.ceil(bytes / 1024 / 1024) };
      await deliverMail(job.id, {
        kind,
        scope,
        to,
        ...sender,
        ...messages.completed({ ...base, linked, documents: docs.length }),
      });
      return { sent: kind, linked: true };
    }
    // Every sealed document, in order, each named by the one rule (lib/files/file-name.ts): the request's
    // title for its only document, else each document's own name, as written (RFC 2231 in the mail).
    const attachments = [];
    for (const d of docs) {
      const title = documentFileTitle(base.title, d.name, docs.length);
      attachments.push({
        filename: messages.completedFileName({ ...base, title }),
        content: Buffer.from(await blobs().get(d.current.sha256)),
        contentType: "application/pdf",
      });
    }
    await deliverMail(job.id, {
      kind,
      scope,
      to,
      ...sender,
      ...messages.completed({ ...base, documents: docs.length }),
      attachments,
    });
  } else if (payload.kind === "declined") {
    await deliverMail(job.id, {
      kind,
      scope,
      to,
      ...sender,
      ...messages.declined({ ...base, by: payload.by, reason: payload.reason }),
    });
  } else if (payload.kind === "released") {
    await deliverMail(job.id, { kind, scope, to, ...sender, ...messages.released({ ...base, group: payload.group }) });
  } else {
    await deliverMail(job.id, { kind, scope, to, ...sender, ...messages.cancelled(base) });
  }
  return { sent: kind };
}
