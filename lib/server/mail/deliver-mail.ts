import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import addressparser from "nodemailer/lib/addressparser/index.js";
import { eq } from "drizzle-orm";
import { config } from "../config";
import { getDb } from "../db";
import { mailLog } from "../db/schema";
import { asciiFileName, contentDisposition, mimeParameter } from "@/lib/files/file-name";

/**
 * One recipient, as nodemailer takes it: the name is never spliced into an address string, so
 * whatever it contains (quotes, commas, `@`, angle brackets) cannot add or replace an address.
 * nodemailer quotes it (or encodes it) in the To header and puts only `address` in RCPT TO.
 */
export interface MailAddress {
  name: string;
  address: string;
}

export interface Mail {
  /** What the message is, for the log: invitation, reminder, completed, declined, cancelled. */
  kind: string;
  /** The request it is about, for the log's scope. */
  scope?: { orgId: string; environment: string; requestId: string | null };
  to: MailAddress;
  /**
   * The From header's display name ("Ann Lee via Signet"); the address is always MAIL_FROM's, so a mail
   * never claims to come from a domain Signet does not send for. Without it, MAIL_FROM as it is.
   */
  fromName?: string;
  /** Where replies go (an address object: the name cannot add an address). */
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface Delivered {
  via: "smtp" | "outbox";
  messageId: string;
  /** The envelope recipients the message went to (RCPT TO for SMTP; the envelope of the .eml for the outbox). */
  envelopeTo: string[];
}

/** `Name <address>` for the mail log, the name quoted (RFC 5322 quoted-string) unless it is plain words. */
export function formatAddress(a: MailAddress): string {
  if (!a.name) return a.address;
  const name = /^[\w ]*$/.test(a.name) ? a.name : `"${a.name.replace(/([\\"])/g, "\\$1")}"`;
  return `${name} <${a.address}>`;
}

const addressesOf = (list: readonly (string | { address: string })[] | undefined) =>
  (list ?? []).map((a) => (typeof a === "string" ? a : a.address)).filter(Boolean);

const mailFrom = () => process.env.MAIL_FROM || "Signet <no-reply@signet.local>";

/** No control characters (line breaks included) in a display name: nodemailer encodes it, and this keeps it one line anyway. */
const oneLine = (s: string) => s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, " ").trim();

/** MAIL_FROM, or an address object with MAIL_FROM's address and `name` for its display name. */
export function fromHeader(name?: string): string | MailAddress {
  if (name === undefined) return mailFrom();
  const [parsed] = addressparser(mailFrom(), { flatten: true });
  return parsed?.address ? { name: oneLine(name), address: parsed.address } : mailFrom();
}
/**
 * An attachment as its own MIME part: nodemailer writes a non-ASCII name only as RFC 2231 continuations
 * (`filename*0*=`), with no plain `filename=` for the clients that read only that. Here the name goes as
 * `filename*=UTF-8''…` (the name as written: "Vertrag – Müller.pdf") beside an ASCII `filename="…"`.
 */
function rawAttachment(a: NonNullable<Mail["attachments"]>[number]) {
  const body = a.content.toString("base64").replace(/.{1,76}/g, "$&\r\n");
  return {
    raw:
      // `name` too, as written beside its ASCII form: some mail programs name the file by Content-Type only.
      `Content-Type: ${a.contentType}; name="${asciiFileName(a.filename)}";\r\n ${mimeParameter("name", a.filename)}\r\n` +
      `Content-Disposition: ${contentDisposition("attachment", a.filename, true)}\r\n` +
      "Content-Transfer-Encoding: base64\r\n\r\n" +
      body,
  };
}

export const outboxDir = () => path.join(config.dataDir, "outbox");

/**
 * Sends through SMTP_URL, or, with none set, writes the message to DATA_DIR/outbox/<id>.eml.
 * `id` is the job's: a retried job rewrites the same file instead of adding a second message.
 */
export async function deliverMail(id: string, mail: Mail): Promise<Delivered> {
  const { kind, scope, to, fromName, replyTo, ...content } = mail;
  const db = await getDb();
  const [already] = await db.select().from(mailLog).where(eq(mailLog.id, id));
  // A job retried after its mail went out (the crash came between sending and marking the job done)
  // does not send it again. An outbox file is simply rewritten.
  if (already && already.via === "smtp") {
    return {
      via: "smtp",
      messageId: `<${id}@signet>`,
      envelopeTo: addressparser(already.to, { flatten: true }).map((a) => a.address),
    };
  }
  // A copy: nodemailer normalizes the address objects it is given in place.
  const { attachments, ...words } = content;
  const message = {
    from: fromHeader(fromName),
    ...words,
    ...(attachments && { attachments: attachments.map(rawAttachment) }),
    to: { name: to.name, address: to.address },
    ...(replyTo && { replyTo: { name: oneLine(replyTo.name), address: replyTo.address } }),
    messageId: `<${id}@signet>`,
  };
  let via: "smtp" | "outbox";
  let envelopeTo: string[];
  if (process.env.SMTP_URL) {
    const info = await nodemailer.createTransport(process.env.SMTP_URL).sendMail(message);
    // What the SMTP server accepted in RCPT TO; the envelope if the transport did not say.
    envelopeTo = addressesOf(info.accepted);
    if (!envelopeTo.length) envelopeTo = addressesOf(info.envelope?.to);
    via = "smtp";
  } else {
    const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }).sendMail(message);
    envelopeTo = addressesOf(info.envelope?.to);
    await fs.mkdir(outboxDir(), { recursive: true });
    const file = path.join(outboxDir(), `${id}.eml`);
    await fs.writeFile(`${file}.tmp`, info.message as Buffer);
    await fs.rename(`${file}.tmp`, file);
    via = "outbox";
  }
  await db
    .insert(mailLog)
    .values({
      id,
      kind,
      to: formatAddress(to),
      subject: mail.subject,
      via,
      orgId: scope?.orgId ?? null,
      environment: scope?.environment ?? null,
      requestId: scope?.requestId ?? null,
    })
    .onConflictDoNothing();
  return { via, messageId: message.messageId, envelopeTo };
}
