import "server-only";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface MessageInput {
  name: string;
  title: string;
  sandbox: boolean;
}

const sandboxLine = (sandbox: boolean) => (sandbox ? "\n\nSandbox: this is a test, not a valid legal signature." : "");
const wrap = (body: string, sandbox: boolean) =>
  `<div style="font-family:system-ui,sans-serif;max-width:560px">${body}${sandbox ? '<p style="color:#a16207">Sandbox: this is a test, not a valid legal signature.</p>' : ""}<p style="color:#64748b;font-size:12px">Sent by Signet</p></div>`;
const prefix = (sandbox: boolean) => (sandbox ? "[Sandbox] " : "");

/** The e-mails Signet sends, each as text and HTML. */
export const messages = {
  /** `role`: an APPROVER is asked to approve (or decline), a VIEWER to review (opening it is enough); else to sign. */
  invitation(m: MessageInput & { link: string; reminder?: boolean; role?: string }) {
    const ask = m.role === "APPROVER" ? "approve" : m.role === "VIEWER" ? "review" : "sign";
    const verb = m.reminder ? `Reminder: please ${ask}` : `Please ${ask}`;
    const asked =
      m.role === "APPROVER"
        ? `You are asked to approve "${m.title}".`
        : m.role === "VIEWER"
          ? `You are asked to review "${m.title}". Opening it is all that is needed; there is nothing to sign.`
          : `You are asked to sign "${m.title}".`;
    const button = `Open the document and ${ask}`;
    return {
      subject: `${prefix(m.sandbox)}${verb}: ${m.title}`,
      text: `Hello ${m.name},\n\n${asked}\n\n${button}: ${m.link}\n\nThis link is personal; do not forward it.${sandboxLine(m.sandbox)}\n`,
      html: wrap(
        `<p>Hello ${esc(m.name)},</p><p>${esc(asked).replace(esc(`"${m.title}"`), `<b>${esc(m.title)}</b>`)}</p><p><a href="${m.link}" style="display:inline-block;background:#1d4ed8;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${button}</a></p><p style="color:#64748b">This link is personal; do not forward it.</p>`,
        m.sandbox,
      ),
    };
  },
  completed(m: MessageInput) {
    return {
      subject: `${prefix(m.sandbox)}Completed: ${m.title}`,
      text: `Hello ${m.name},\n\n"${m.title}" has been signed by everyone. The sealed PDF is attached.${sandboxLine(m.sandbox)}\n`,
      html: wrap(
        `<p>Hello ${esc(m.name)},</p><p><b>${esc(m.title)}</b> has been signed by everyone. The sealed PDF is attached.</p>`,
        m.sandbox,
      ),
    };
  },
  declined(m: MessageInput & { by: string; reason: string }) {
    return {
      subject: `${prefix(m.sandbox)}Declined: ${m.title}`,
      text: `Hello ${m.name},\n\n${m.by} declined to sign "${m.title}".\nReason: ${m.reason}\n\nThe request is closed; nothing more needs to be signed.${sandboxLine(m.sandbox)}\n`,
      html: wrap(
        `<p>Hello ${esc(m.name)},</p><p>${esc(m.by)} declined to sign <b>${esc(m.title)}</b>.</p><blockquote>${esc(m.reason)}</blockquote><p>The request is closed; nothing more needs to be signed.</p>`,
        m.sandbox,
      ),
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
  staffPasswordReset(m: { name: string; link: string; hours: number }) {
    return {
      subject: "Reset your Signet password",
      text: `Hello ${m.name},\n\nAn admin of your Signet dashboard asked for your password to be reset.\n\nSet a new password: ${m.link}\n\nThe link works once, for ${m.hours} hours. Your current password keeps working until you set a new one.\n`,
      html: wrap(
        `<p>Hello ${esc(m.name)},</p><p>An admin of your Signet dashboard asked for your password to be reset.</p><p><a href="${m.link}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Set a new password</a></p><p style="color:#64748b">The link works once, for ${m.hours} hours. Your current password keeps working until you set a new one.</p>`,
        false,
      ),
    };
  },
  /**
   * The code an EMAIL_CODE signer asked for on the signing page. It names no document (whoever reads
   * this mail without the link learns nothing of it) and says what to do if it was not asked for.
   */
  signerCode(m: { name: string; organization: string | null; code: string; minutes: number; sandbox: boolean }) {
    const from = m.organization ? ` from ${m.organization}` : "";
    return {
      subject: `${prefix(m.sandbox)}Your Signet signing code`,
      text: `Hello ${m.name},\n\nYour signing code: ${m.code}\n\nEnter it on the signing page to open the document${from}. It works once, for ${m.minutes} minutes.\n\nIf you did not ask for a code, ignore this mail; no one can open the document without it.${sandboxLine(m.sandbox)}\n`,
      html: wrap(
        `<p>Hello ${esc(m.name)},</p><p>Your signing code:</p><p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:ui-monospace,monospace">${esc(m.code)}</p><p>Enter it on the signing page to open the document${esc(from)}. It works once, for ${m.minutes} minutes.</p><p style="color:#64748b">If you did not ask for a code, ignore this mail; no one can open the document without it.</p>`,
        m.sandbox,
      ),
    };
  },
  cancelled(m: MessageInput) {
    return {
      subject: `${prefix(m.sandbox)}Cancelled: ${m.title}`,
      text: `Hello ${m.name},\n\nThe sender cancelled "${m.title}". Its signing link no longer works; nothing needs to be signed.${sandboxLine(m.sandbox)}\n`,
      html: wrap(
        `<p>Hello ${esc(m.name)},</p><p>The sender cancelled <b>${esc(m.title)}</b>. Its signing link no longer works; nothing needs to be signed.</p>`,
        m.sandbox,
      ),
    };
  },
};
