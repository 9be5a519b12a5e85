import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { eq } from "drizzle-orm";
import { config } from "../config";
import { getDb } from "../db";
import { mailLog } from "../db/schema";

export interface Mail {
  /** What the message is, for the log: invitation, reminder, completed, declined, cancelled. */
  kind: string;
  /** The request it is about, for the log's scope. */
  scope?: { orgId: string; environment: string; requestId: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

const from = () => process.env.MAIL_FROM || "Signet <no-reply@signet.local>";
export const outboxDir = () => path.join(config.dataDir, "outbox");

/**
 * Sends through SMTP_URL, or, with none set, writes the message to DATA_DIR/outbox/<id>.eml.
 * `id` is the job's: a retried job rewrites the same file instead of adding a second message.
 */
export async function deliverMail(id: string, mail: Mail): Promise<{ via: "smtp" | "outbox"; messageId: string }> {
  const { kind, scope, ...content } = mail;
  const db = await getDb();
  const [already] = await db.select().from(mailLog).where(eq(mailLog.id, id));
  // A job retried after its mail went out (the crash came between sending and marking the job done)
  // does not send it again. An outbox file is simply rewritten.
  if (already && already.via === "smtp") return { via: "smtp", messageId: `<${id}@signet>` };
  const message = { from: from(), ...content, messageId: `<${id}@signet>` };
  let via: "smtp" | "outbox";
  if (process.env.SMTP_URL) {
    await nodemailer.createTransport(process.env.SMTP_URL).sendMail(message);
    via = "smtp";
  } else {
    const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
    await fs.mkdir(outboxDir(), { recursive: true });
    const file = path.join(outboxDir(), `${id}.eml`);
    await fs.writeFile(`${file}.tmp`, info.message as Buffer);
    await fs.rename(`${file}.tmp`, file);
    via = "outbox";
  }
  await db
    .insert(mailLog)
    .values({ id, kind, to: mail.to, subject: mail.subject, via, orgId: scope?.orgId ?? null, environment: scope?.environment ?? null, requestId: scope?.requestId ?? null })
    .onConflictDoNothing();
  return { via, messageId: message.messageId };
}
