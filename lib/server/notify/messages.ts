import "server-only";

import { translator } from "@/lib/i18n/catalogs";
import { defaultLocale, type Locale } from "@/lib/i18n/locales";
import { formatDeadline } from "@/lib/dates/zoned";
import type { DateFormat } from "@/lib/schemas/states";
import { fileNameOf } from "@/lib/files/file-name";
import type { Brand } from "@/lib/schemas/branding";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MessageInput {
  name: string;
  title: string;
  sandbox: boolean;
  /** The recipient's language (the recipient's, else the request's, else English); staff mails are English. */
  locale?: Locale;
  /** The sending organization's brand (its logo, accent, footer, support address); none: Signet's look. */
  brand?: Brand | null;
}

/**
 * The words of a recipient's mail in their language (lib/i18n/messages/*.json, namespace `mail`), as
 * text and as HTML: `doc` wraps the document's title, quoted in the text, bold in the HTML; values
 * going into HTML are escaped first.
 */
function mailWords(locale: Locale = defaultLocale, sandbox = false, brand?: Brand | null) {
  const t = translator(locale, "mail");
  const sandboxText = sandbox ? `\n\n${t("sandbox")}` : "";
  return {
    t,
    subject: (text: string) => `${sandbox ? t("sandboxPrefix") : ""}${text}`,
    hello: (name: string) => ({ text: t("hello", { name }), html: `<p>${esc(t("hello", { name }))}</p>` }),
    /** A message whose `<doc>` is the title: [text, HTML]. */
    withTitle(key: Parameters<typeof t.markup>[0], values: Record<string, string | number>, title: string): [string, string] {
      // use-intl hands a tag's content over as a list of parts.
      const content = (chunks: string | string[]) => [chunks].flat().join("");
      const text = t.markup(key, { ...values, title, doc: (chunks) => t("quoted", { text: content(chunks) }) });
      const escaped = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === "string" ? esc(v) : v]));
      const html = t.markup(key, { ...escaped, title: esc(title), doc: (chunks) => `<b>${content(chunks)}</b>` });
      return [text, html];
    },
    text: (body: string) =>
      `${body}${sandboxText}\n${brand?.footer ? `\n${brand.footer}\n` : ""}${brand?.supportEmail ? `\n${t("support", { email: brand.supportEmail })}\n` : ""}`,
    html: (body: string) =>
      wrap(body, sandbox, t("sandbox"), t("sentBy"), brand, brand?.supportEmail ? t("support", { email: "\u0000" }) : ""),
    /** The mail's one button, in the organization's accent (Signet's blue without one). */
    button: (href: string, label: string) => button(href, label, brand?.accent ?? "#1d4ed8"),
  };
}

/**
 * The mail's frame: the organization's logo (or its name) on top when it has a brand, the body, the sandbox
 * line, its footer and support address, and Signet's "sent by" line. `support` is the translated line with
 * U+0000 where the address goes (it becomes a mailto link).
 */
function wrap(body: string, sandbox: boolean, sandboxLine = "", sentBy = "Sent by Signet", brand?: Brand | null, support = "") {
  const head = brand?.logoUrl
    ? `<p><img src="${esc(brand.logoUrl)}" alt="${esc(brand.name)}" style="max-height:48px;max-width:200px"></p>`
    : "";
  const foot = [
    brand?.footer ? `<p style="color:#64748b;font-size:12px">${esc(brand.footer)}</p>` : "",
    brand?.supportEmail && support
      ? `<p style="color:#64748b;font-size:12px">${support
          .split("\u0000")
          .map(esc)
          .join(
            `<a href="mailto:${esc(brand.supportEmail)}" style="color:${brand.accent ?? "#1d4ed8"}">${esc(brand.supportEmail)}</a>`,
          )}</p>`
      : "",
  ].join("");
  return `<div style="font-family:system-ui,sans-serif;max-width:560px">${head}${body}${sandbox ? `<p style="color:#a16207">${esc(sandboxLine)}</p>` : ""}${foot}<p style="color:#64748b;font-size:12px">${esc(sentBy)}</p></div>`;
}
const button = (href: string, label: string, colour: string) =>
  `<p><a href="${href}" style="display:inline-block;background:${colour};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(label)}</a></p>`;
const grey = (text: string) => `<p style="color:#64748b">${esc(text)}</p>`;

/** What the sender set for a request's invitation and reminders (its send settings). */
export interface SenderWords {
  /** Replaces Signet's subject (a reminder's reads "Reminder: <subject>"). */
  subject?: string | null;
  /** The sender's own words, plain text. */
  message?: string | null;
  /** Who wrote them: the staff member who sent the request; null: "the sender". */
  senderName?: string | null;
  /** When the request expires, said in its zone and date format. */
  expiresAt?: Date | null;
  timezone?: string;
  dateFormat?: DateFormat;
}

/** The sender's message as HTML: escaped, its line breaks kept. */
const quoteHtml = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #cbd5e1;color:#334155">${text
    .split("\n")
    .map(esc)
    .join("<br>")}</blockquote>`;

/** The e-mails Signet sends, each as text and HTML; a recipient's in their language. */
export const messages = {
  /**
   * `role`: an APPROVER is asked to approve (or decline), a VIEWER to review (opening it is enough); else to sign.
   * The sender's message follows the greeting, introduced as theirs; the deadline follows what is asked.
   */
  invitation(m: MessageInput & SenderWords & { link: string; reminder?: boolean; role?: string }) {
    const w = mailWords(m.locale, m.sandbox, m.brand);
    const role = m.role ?? "SIGNER";
    const hello = w.hello(m.name);
    const [asked, askedHtml] = w.withTitle("invitation.asked", { role }, m.title);
    const open = w.t("invitation.button", { role });
    const personal = w.t("invitation.personal");
    const from = m.message
      ? m.senderName
        ? w.t("invitation.messageFrom", { name: m.senderName })
        : w.t("invitation.messageFromSender")
      : null;
    const note =
      from && m.message
        ? { text: `${from}\n${m.message}\n\n`, html: `<p>${esc(from)}</p>${quoteHtml(m.message)}` }
        : { text: "", html: "" };
    const by = m.expiresAt
      ? w.t("invitation.respondBy", {
          role,
          date: formatDeadline(m.expiresAt, {
            timeZone: m.timezone ?? "UTC",
            dateFormat: m.dateFormat ?? "YYYY-MM-DD",
            locale: m.locale ?? defaultLocale,
          }),
        })
      : null;
    const subject = m.subject
      ? m.reminder
        ? w.t("invitation.reminderOf", { subject: m.subject })
        : m.subject
      : w.t(m.reminder ? "invitation.reminderSubject" : "invitation.subject", { role, title: m.title });
    return {
      subject: w.subject(subject),
      text: w.text(`${hello.text}\n\n${note.text}${asked}${by ? ` ${by}` : ""}\n\n${open}: ${m.link}\n\n${personal}`),
      html: w.html(
        `${hello.html}${note.html}<p>${askedHtml}${by ? ` ${esc(by)}` : ""}</p>${w.button(m.link, open)}${grey(personal)}`,
      ),
    };
  },
  /**
   * Everyone signed: the sealed PDFs are attached (`documents` of them), or, when `linked` (too large to
   * attach), the mail links to the recipient's page, where each is downloaded.
   */
  completed(m: MessageInput & { linked?: { link: string; mb: number }; documents?: number }) {
    const w = mailWords(m.locale, m.sandbox, m.brand);
    const hello = w.hello(m.name);
    const subject = w.subject(w.t("completed.subject", { title: m.title }));
    if (m.linked) {
      const count = m.documents ?? 1;
      const [body, bodyHtml] = w.withTitle("completed.bodyLinked", { mb: m.linked.mb, count }, m.title);
      const open = w.t("completed.download", { count });
      return {
        subject,
        text: w.text(`${hello.text}\n\n${body}\n\n${open}: ${m.linked.link}`),
        html: w.html(`${hello.html}<p>${bodyHtml}</p>${w.button(m.linked.link, open)}`),
      };
    }
    // "The sealed PDF is attached", or "The 3 sealed PDFs, one for each document".
    const [body, bodyHtml] = w.withTitle("completed.body", { count: m.documents ?? 1 }, m.title);
    return {
      subject,
      text: w.text(`${hello.text}\n\n${body}`),
      html: w.html(`${hello.html}<p>${bodyHtml}</p>`),
    };
  },
  /** The sealed PDF's file name in the completed mail, in the recipient's language. */
  completedFileName(m: { title: string; locale?: Locale }) {
    const safe = fileNameOf(m.title);
    return translator(m.locale ?? defaultLocale, "mail")("completed.fileName", { title: safe });
  },
  declined(m: MessageInput & { by: string; reason: string }) {
    const w = mailWords(m.locale, m.sandbox, m.brand);
    const hello = w.hello(m.name);
    const [body, bodyHtml] = w.withTitle("declined.body", { by: m.by }, m.title);
    const reason = w.t("declined.reason", { reason: m.reason });
    const closed = w.t("declined.closed");
    return {
      subject: w.subject(w.t("declined.subject", { title: m.title })),
      text: w.text(`${hello.text}\n\n${body}\n${reason}\n\n${closed}`),
      html: w.html(`${hello.html}<p>${bodyHtml}</p><blockquote>${esc(m.reason)}</blockquote><p>${esc(closed)}</p>`),
    };
  },
  /** A staff invitation: the one-time link where the new member sets a password. */
  staffInvitation(m: { name: string; orgName: string; invitedBy: string | null; link: string; hours: number }) {
    const who = m.invitedBy ? `${m.invitedBy} invited you` : "You are invited";
    return {
      subject: `You are invited to Signet (${m.orgName})`,
      text: `Hello ${m.name},\n\n${who} to the Signet dashboard of ${m.orgName}.\n\nSet your password: ${m.link}\n\nThe link works once, for ${m.hours} hours. If you did not expect this invitation, ignore this mail.\n`,
      html: wrap(
        `<p>Hello ${esc(m.name)},</p><p>${esc(who)} to the Signet dashboard of <b>${esc(m.orgName)}</b>.</p><p><a href="${m.link}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Set your password</a></p><p style="color:#64748b">The link works once, for ${m.hours} hours. If you did not expect this invitation, ignore this mail.</p>`,
        false,
      ),
    };
  },
  /** A password reset an admin asked for: the one-time link where the staff member sets a new password. */
  /** A staff member's password reset link, in the language they chose for the dashboard and their mails. */
  staffPasswordReset(m: { name: string; link: string; hours: number; locale?: Locale }) {
    const w = mailWords(m.locale);
    const hello = w.hello(m.name);
    const [asked, button, note] = [w.t("staffReset.asked"), w.t("staffReset.button"), w.t("staffReset.note", { hours: m.hours })];
    return {
      subject: w.t("staffReset.subject"),
      text: `${hello.text}\n\n${asked}\n\n${button}: ${m.link}\n\n${note}\n`,
      html: wrap(
        `${hello.html}<p>${esc(asked)}</p><p><a href="${m.link}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(button)}</a></p><p style="color:#64748b">${esc(note)}</p>`,
        false,
        w.t("sandbox"),
        w.t("sentBy"),
      ),
    };
  },
  /**
   * The code an EMAIL_CODE signer asked for on the signing page. It names no document (whoever reads
   * this mail without the link learns nothing of it) and says what to do if it was not asked for.
   */
  signerCode(m: {
    name: string;
    organization: string | null;
    code: string;
    minutes: number;
    sandbox: boolean;
    locale?: Locale;
    brand?: Brand | null;
  }) {
    const w = mailWords(m.locale, m.sandbox, m.brand);
    const hello = w.hello(m.name);
    const yourCode = w.t("code.yourCode");
    const enter = m.organization
      ? w.t("code.enterFrom", { organization: m.organization, minutes: m.minutes })
      : w.t("code.enter", { minutes: m.minutes });
    const ignore = w.t("code.ignore");
    return {
      subject: w.subject(w.t("code.subject")),
      text: w.text(`${hello.text}\n\n${yourCode} ${m.code}\n\n${enter}\n\n${ignore}`),
      html: w.html(
        `${hello.html}<p>${esc(yourCode)}</p><p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">${esc(m.code)}</p><p>${esc(enter)}</p>${grey(ignore)}`,
      ),
    };
  },
  /**
   * To the staff member who sent a request: it completed, was declined (by whom, why) or expired (how many had
   * not acted), with a link to its page in the dashboard. In their language.
   */
  senderNotice(
    m: MessageInput & { link: string } & (
        { kind: "completed" } | { kind: "declined"; by: string; reason: string } | { kind: "expired"; unfinished: number }
      ),
  ) {
    const w = mailWords(m.locale, m.sandbox, m.brand);
    const hello = w.hello(m.name);
    const subjects = {
      completed: "sender.subjectCompleted",
      declined: "sender.subjectDeclined",
      expired: "sender.subjectExpired",
    } as const;
    const [body, bodyHtml] =
      m.kind === "declined"
        ? w.withTitle("sender.declined", { by: m.by }, m.title)
        : m.kind === "expired"
          ? w.withTitle("sender.expired", { count: m.unfinished }, m.title)
          : w.withTitle("sender.completed", {}, m.title);
    const reason = m.kind === "declined" ? w.t("declined.reason", { reason: m.reason }) : null;
    const open = w.t("sender.button");
    const why = w.t("sender.why");
    return {
      subject: w.subject(w.t(subjects[m.kind], { title: m.title })),
      text: w.text(`${hello.text}\n\n${body}${reason ? `\n${reason}` : ""}\n\n${open}: ${m.link}\n\n${why}`),
      html: w.html(
        `${hello.html}<p>${bodyHtml}</p>${m.kind === "declined" ? `<blockquote>${esc(m.reason)}</blockquote>` : ""}${w.button(m.link, open)}${grey(why)}`,
      ),
    };
  },
  cancelled(m: MessageInput) {
    const w = mailWords(m.locale, m.sandbox, m.brand);
    const hello = w.hello(m.name);
    const [body, bodyHtml] = w.withTitle("cancelled.body", {}, m.title);
    return {
      subject: w.subject(w.t("cancelled.subject", { title: m.title })),
      text: w.text(`${hello.text}\n\n${body}`),
      html: w.html(`${hello.html}<p>${bodyHtml}</p>`),
    };
  },
  /** A signing group's member: enough of the group signed, so their signature is no longer needed. */
  released(m: MessageInput & { group: string }) {
    const w = mailWords(m.locale, m.sandbox, m.brand);
    const hello = w.hello(m.name);
    const [body, bodyHtml] = w.withTitle("released.body", { group: m.group }, m.title);
    return {
      subject: w.subject(w.t("released.subject", { title: m.title })),
      text: w.text(`${hello.text}\n\n${body}`),
      html: w.html(`${hello.html}<p>${bodyHtml}</p>`),
    };
  },
};
