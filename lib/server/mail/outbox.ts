import "server-only";
import { signedInStaff } from "../auth/signed-in-staff";
import fs from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, gt, inArray, or, sql } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { jobs, mailLog, recipients, signatureRequests } from "../db/schema";
import { AppError, notFound } from "../errors";
import { config } from "../config";
import { isUuid } from "../auth/scope";
import { keyActor, recordEvent } from "../audit/record-event";
import { signingToken } from "../tokens";
import { outboxDir } from "./deliver-mail";

/** Mails whose content is the signer's secret (an e-mailed signing code): listed, never shown through the API. */
const SECRET_KINDS = new Set(["signer-code", "visitor-code"]);
const scope = (auth: KeyAuth) => and(eq(mailLog.orgId, auth.orgId), eq(mailLog.environment, auth.environment))!;
const fileOf = (id: string) => path.join(outboxDir(), `${id}.eml`);

/** How this server delivers mail: through SMTP_URL (its host only: the URL may hold a password), or into the outbox. */
function delivery(): { delivery: "smtp" | "outbox"; smtpHost: string | null } {
  const url = process.env.SMTP_URL;
  if (!url) return { delivery: "outbox", smtpHost: null };
  try {
    return { delivery: "smtp", smtpHost: new URL(url).host || null };
  } catch {
    return { delivery: "smtp", smtpHost: null };
  }
}

/**
 * GET /outbox: how mail goes out (`delivery`), the last 200 messages that went (through SMTP, or written
 * to the outbox), and the mail of this organization's requests that has not gone: tried and failing
 * (RETRYING, the queue tries again) or given up (FAILED, which POST /outbox/undelivered/{id}/retry queues again).
 */
export async function listOutbox(auth: KeyAuth) {
  const db = await getDb();
  const rows = await db.select().from(mailLog).where(scope(auth)).orderBy(desc(mailLog.createdAt)).limit(200);
  return {
    ...delivery(),
    undelivered: await undeliveredMail(auth),
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

/** The jobs that write a request's mails (each carries its request and recipient). */
const MAIL_JOBS = ["invitation", "notify", "signer-code"] as const;
const payloadId = (key: "requestId" | "recipientId") => sql`(${jobs.payload}->>${sql.raw(`'${key}'`)})`;

/** What a mail job writes, by the name the mail log gives it. */
function mailKind(type: string, payload: Record<string, unknown>): string {
  if (type === "invitation") return payload.reminder ? "reminder" : "invitation";
  if (type === "notify") return typeof payload.kind === "string" ? payload.kind : "notify";
  return type;
}

async function undeliveredMail(auth: KeyAuth, jobId?: string) {
  const db = await getDb();
  const rows = await db
    .select({
      job: jobs,
      email: recipients.email,
      name: recipients.name,
      title: signatureRequests.title,
      requestId: signatureRequests.id,
    })
    .from(jobs)
    .innerJoin(signatureRequests, sql`${signatureRequests.id}::text = ${payloadId("requestId")}`)
    .leftJoin(recipients, sql`${recipients.id}::text = ${payloadId("recipientId")}`)
    .where(
      and(
        inArray(jobs.type, [...MAIL_JOBS]),
        eq(signatureRequests.orgId, auth.orgId),
        eq(signatureRequests.environment, auth.environment),
        jobId
          ? eq(jobs.id, jobId)
          : or(eq(jobs.status, "FAILED"), and(inArray(jobs.status, ["QUEUED", "RUNNING"]), gt(jobs.attempts, 0))),
      ),
    )
    .orderBy(desc(jobs.createdAt))
    .limit(50);
  return rows.map(({ job, email, name, title, requestId }) => ({
    id: job.id,
    kind: mailKind(job.type, job.payload),
    to: email ? (name ? `${name} <${email}>` : email) : null,
    requestId,
    requestTitle: title,
    status:
      job.status === "FAILED" ? ("FAILED" as const) : job.status === "DONE" ? ("DELIVERED" as const) : ("RETRYING" as const),
    attempts: job.attempts,
    maxAttempts: job.maxAttempts,
    // What the SMTP server or the connection said: for staff to act on (a wrong address, a server down).
    lastError: job.lastError?.slice(0, 500) ?? null,
    nextAttemptAt: job.status === "QUEUED" ? job.runAt.toISOString() : null,
    createdAt: job.createdAt.toISOString(),
  }));
}

/**
 * POST /outbox/undelivered/{id}/retry: a mail given up on (its job FAILED) is queued again, with its
 * attempts from none, now; recorded in the request's audit trail. A mail still being tried, or one
 * that went out, is a 409; another organization's or environment's, or a job that writes no mail, 404.
 */
export async function retryUndeliveredMail(auth: KeyAuth, id: string) {
  if (!isUuid(id)) throw notFound("UNDELIVERED_MAIL_NOT_FOUND", "Undelivered mail");
  const [mail] = await undeliveredMail(auth, id);
  if (!mail) throw notFound("UNDELIVERED_MAIL_NOT_FOUND", "Undelivered mail");
  if (mail.status !== "FAILED")
    throw new AppError(
      "MAIL_NOT_FAILED",
      mail.status === "RETRYING" ? "This mail is still being tried; it needs no retry" : "This mail went out",
      { details: { status: mail.status } },
    );
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [queued] = await tx
      .update(jobs)
      .set({
        status: "QUEUED",
        attempts: 0,
        runAt: new Date(),
        lastError: null,
        finishedAt: null,
        lockedUntil: null,
        lockedBy: null,
      })
      .where(and(eq(jobs.id, id), eq(jobs.status, "FAILED")))
      .returning({ id: jobs.id });
    if (!queued)
      throw new AppError("MAIL_NOT_FAILED", "This mail was queued again meanwhile", { details: { status: "RETRYING" } });
    const email = /<([^<>]+)>$/.exec(mail.to ?? "")?.[1] ?? mail.to;
    await recordEvent(tx, mail.requestId, "mail.retried", keyActor(auth), { kind: mail.kind, email });
    return { ...mail, status: "RETRYING" as const, attempts: 0, lastError: null, nextAttemptAt: new Date().toISOString() };
  });
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
 * (invitations and reminders showed the signer's link, a bearer credential, to every API key
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
  const me = await signedInStaff(db, auth);
  if (me?.role !== "ADMIN")
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
