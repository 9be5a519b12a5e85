import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "../config";

export interface Mail {
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
  const message = { from: from(), ...mail, messageId: `<${id}@signet>` };
  if (process.env.SMTP_URL) {
    const info = await nodemailer.createTransport(process.env.SMTP_URL).sendMail(message);
    return { via: "smtp", messageId: info.messageId };
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
  await fs.mkdir(outboxDir(), { recursive: true });
  const file = path.join(outboxDir(), `${id}.eml`);
  await fs.writeFile(`${file}.tmp`, info.message as Buffer);
  await fs.rename(`${file}.tmp`, file);
  return { via: "outbox", messageId: info.messageId };
}
