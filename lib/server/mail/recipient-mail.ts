import "server-only";
import { eq } from "drizzle-orm";
import { resolveLocale } from "@/lib/i18n/resolve-locale";
import { getDb } from "../db";
import { recipients, signatureRequests } from "../db/schema";
import type { MailAddress } from "./deliver-mail";

/** A recipient and their request, for the mails sent to them. */
export async function loadRecipient(recipientId: string) {
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
export const mailLocale = (row: { r: { locale: string | null; pageLocale: string | null }; req: { locale: string | null } }) =>
  resolveLocale({ shown: row.r.pageLocale, recipient: row.r.locale, request: row.req.locale });

/** A recipient as a nodemailer address object: the name never becomes part of an address string. */
export const mailTo = (r: { name: string; email: string }): MailAddress => ({ name: r.name, address: r.email });

type RequestRow = typeof signatureRequests.$inferSelect;

/**
 * Who a request's mails to its recipients come from: "<staff name> via Signet" when a staff member
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
