import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { organizations, staffTokens, staffUsers } from "../db/schema";
import { deliverMail } from "../mail/deliver-mail";
import { messages } from "../notify/messages";
import { toLocale } from "@/lib/i18n/locales";
import { LINK_HOURS, staffLinkToken, staffLinkUrl, type LinkPurpose } from "./staff-links";

/**
 * The job that mails a staff link (invitation or password reset). A link already used, replaced or
 * expired is not mailed. The mail has no request scope, so it is in no environment's outbox: the link
 * is for its owner only.
 */
export async function mailStaffLink(linkId: string, jobId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ link: staffTokens, user: staffUsers, orgName: organizations.name })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
    .innerJoin(organizations, eq(organizations.id, staffUsers.orgId))
    .where(eq(staffTokens.id, linkId));
  if (!row) return { skipped: "link gone" };
  if (row.link.usedAt || row.link.expiresAt.getTime() <= Date.now() || row.user.deactivatedAt)
    return { skipped: "link no longer open" };
  const purpose = row.link.purpose as LinkPurpose;
  const link = staffLinkUrl(await staffLinkToken(db, linkId));
  const to = { name: row.user.name, address: row.user.email };
  if (purpose === "INVITE") {
    const [inviter] = row.link.createdBy
      ? await db.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, row.link.createdBy))
      : [];
    const msg = messages.staffInvitation({
      name: row.user.name,
      orgName: row.orgName,
      invitedBy: inviter?.name ?? null,
      link,
      hours: LINK_HOURS.INVITE,
    });
    await deliverMail(jobId, { kind: "staff-invitation", to, ...msg });
  } else {
    await deliverMail(jobId, {
      kind: "staff-password-reset",
      to,
      ...messages.staffPasswordReset({
        name: row.user.name,
        link,
        hours: LINK_HOURS.RESET,
        locale: toLocale(row.user.locale) ?? undefined,
      }),
    });
  }
  return { sent: purpose };
}
