import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { jobs, mailLog, recipients, staffUsers } from "../db/schema";
import { AppError, notFound } from "../http/errors";
import { config } from "../config";
import { isUuid } from "../scope";
import { keyActor, recordEvent } from "../audit/record-event";
import { signingToken } from "../signing/tokens";
import { outboxDir } from "./deliver-mail";

/** Mails whose content is the signer's secret (an e-mailed signing code): listed, never shown through the API. */
const SECRET_KINDS = new Set(["signer-code"]);
const scope = (auth: KeyAuth) => and(eq(mailLog.orgId, auth.orgId), eq(mailLog.environment, auth.environment))!;
const fileOf = (id: string) => path.join(outboxDir(), `${id}.eml`);

export async function listOutbox(auth: KeyAuth) {
  const db = await getDb();
  const rows = await db.select().from(mailLog).where(scope(auth)).orderBy(desc(mailLog.createdAt)).limit(200);
  return {
    items: rows.map((m) => ({
      id: m.id,
      kind: m.kind,
      to: m.to,
      subject: m.subject,
      via: m.via,
      requestId: m.requestId,
      createdAt: m.createdAt.toISOString(),
      hasContent: m.via === "outbox" && !SECRET_KINDS.has(m.kind),
    })),
  };
}

function decodePart(headers: string, body: string): string {
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    );
    return bytes.toString("utf8");
  }
  if (/content-transfer-encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

/** The text and HTML parts of a message nodemailer wrote (multipart/alternative, maybe inside multipart/mixed). */
export function readParts(raw: string): { text: string; html: string | null } {
  const parts: { type: string; content: string }[] = [];
  const walk = (chunk: string) => {
    const split = chunk.search(/\r?\n\r?\n/);
    const headers = split < 0 ? chunk : chunk.slice(0, split);
    const body = split < 0 ? "" : chunk.slice(split).replace(/^\r?\n\r?\n/, "");
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
    if (/content-type:\s*multipart\//i.test(headers) && boundary) {
      for (const p of body.split(`--${boundary}`).slice(1)) if (!p.startsWith("--")) walk(p.replace(/^\r?\n/, ""));
      return;
    }
    const type = /content-type:\s*([\w/+-]+)/i.exec(headers)?.[1]?.toLowerCase() ?? "text/plain";
    parts.push({ type, content: decodePart(headers, body) });
  };
  walk(raw);
  return {
    text: parts.find((p) => p.type === "text/plain")?.content.trim() ?? "",
    html: parts.find((p) => p.type === "text/html")?.content ?? null,
  };
}

/**
 * Links that are credentials: a signer's link (`/sign/{token}`, a bearer credential: whoever holds it
 * signs) and a staff member's set-password link. Our own mails write them whole, so the decoded text
 * and HTML show each as one run of URL characters.
 */
const CREDENTIAL_LINK = /(?:https?:\/\/[^\s"'<>]*)?\/(?:sign|set-password)\/[A-Za-z0-9_-]{16,}/g;
export const HIDDEN_LINK = "[link hidden]";

/** The text with every credential link replaced; `hid` is true when there was one. */
export function hideCredentialLinks(text: string): { text: string; hid: boolean } {
  let hid = false;
  const out = text.replace(CREDENTIAL_LINK, () => {
    hid = true;
    return HIDDEN_LINK;
  });
  return { text: out, hid };
}

/**
 * One message of the outbox, as text and HTML, with every signing and set-password link hidden
 * (issue 21: invitations and reminders showed the signer's link, a bearer credential, to every API key
 * and every member). The raw message is given only when it held no such link: its transfer encoding
 * may split a link across lines, so it is never edited, only withheld. An admin copies a signer's link
 * with copyOutboxSigningLink, which is audited.
 */
export async function getOutboxMessage(auth: KeyAuth, id: string) {
  const db = await getDb();
  const [m] = await db
    .select()
    .from(mailLog)
    .where(and(scope(auth), eq(mailLog.id, id)));
  if (!m || m.via !== "outbox" || SECRET_KINDS.has(m.kind)) throw notFound("MESSAGE_NOT_FOUND", "Message");
  let raw: string;
  try {
    raw = await fs.readFile(fileOf(m.id), "utf8");
  } catch {
    throw notFound("MESSAGE_NOT_FOUND", "Message");
  }
  const parts = readParts(raw);
  const text = hideCredentialLinks(parts.text);
  const html = parts.html === null ? null : hideCredentialLinks(parts.html);
  const hid = text.hid || !!html?.hid || LINK_KINDS.has(m.kind);
  return {
    id: m.id,
    kind: m.kind,
    to: m.to,
    subject: m.subject,
    text: text.text,
    html: html?.text ?? null,
    raw: hid ? null : raw,
    linkHidden: hid,
  };
}

/** Mails that carry a signer's link: an admin may copy it. */
const SIGNING_LINK_KINDS = new Set(["invitation", "reminder"]);
/** Mails that carry a credential link of any kind. */
const LINK_KINDS = new Set([...SIGNING_LINK_KINDS, "staff-invitation", "staff-password-reset"]);

/**
 * POST /outbox/{id}/signing-link: the signing link an invitation or reminder carried, for an admin in
 * the dashboard to hand to the signer another way. Only on a dashboard call (the server's key with the
 * staff member the proxy signed for) by a staff member who is an ADMIN of this organization now; an API
 * key, a member, or anyone else: 403. Another organization's or environment's mail, an unknown id: 404;
 * a mail that carries no signing link: 422. Audited on the request as `recipient.signing_link.copied`.
 */
export async function copyOutboxSigningLink(auth: KeyAuth, id: string) {
  const db = await getDb();
  const staff = auth.staff;
  const [me] = staff && isUuid(staff.id) ? await db.select().from(staffUsers).where(eq(staffUsers.id, staff.id)) : [];
  if (!me || me.role !== "ADMIN" || me.deactivatedAt || me.orgId !== auth.orgId)
    throw new AppError("ADMIN_REQUIRED", "Only an admin, signed in to the dashboard, can copy a signing link");
  const [m] = await db
    .select()
    .from(mailLog)
    .where(and(scope(auth), eq(mailLog.id, id)));
  if (!m) throw notFound("MESSAGE_NOT_FOUND", "Message");
  if (!SIGNING_LINK_KINDS.has(m.kind) || !m.requestId)
    throw new AppError("MESSAGE_HAS_NO_SIGNING_LINK", `A ${m.kind} mail carries no signing link`, { details: { kind: m.kind } });
  // The mail's job names its recipient; the address it went to says the same when the job is gone.
  const [job] = await db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.id, m.id));
  const fromJob = (job?.payload as { recipientId?: unknown } | undefined)?.recipientId;
  const recs = await db.select().from(recipients).where(eq(recipients.requestId, m.requestId));
  const r = recs.find((x) => x.id === fromJob) ?? recs.find((x) => m.to === x.email || m.to.endsWith(`<${x.email}>`)) ?? null;
  if (!r) throw notFound("RECIPIENT_NOT_FOUND", "Recipient");
  const url = `${config.publicBaseUrl}/sign/${await signingToken(db, r.id)}`;
  await db.transaction(async (tx) => {
    await recordEvent(tx, m.requestId!, "recipient.signing_link.copied", keyActor(auth), {
      recipientId: r.id,
      email: r.email,
      mailId: m.id,
    });
  });
  return { url, recipientId: r.id };
}
