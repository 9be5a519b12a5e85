import "server-only";
import { log } from "../log";
import { getDb } from "../db";
import { AppError } from "../errors";
import { actingAdmin, teamMember } from "./acting-admin";
import type { StaffIdentity } from "./sessions";
import { issueAndMailStaffLink, type LinkPurpose } from "./staff-links";

/**
 * An admin mails a staff member a one-time link to set a password: a password reset (RESET, 2 h) for
 * an active member, the invitation again (INVITE, 72 h) for one who has not set a password yet. Any
 * older link of theirs stops working. Their current password and sessions stay until the new one is set.
 */
export async function sendPasswordLink(
  actor: StaffIdentity,
  staffId: string,
): Promise<{ purpose: LinkPurpose; expiresAt: string }> {
  const db = await getDb();
  const out = await db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    const target = await teamMember(tx, admin, staffId);
    if (target.deactivatedAt) throw new AppError("STAFF_DEACTIVATED", `${target.name} is deactivated: reactivate them first`);
    const purpose: LinkPurpose = target.passwordHash ? "RESET" : "INVITE";
    const link = await issueAndMailStaffLink(tx, target.id, purpose, admin.id);
    return { purpose, expiresAt: link.expiresAt.toISOString(), email: target.email };
  });
  log().info(`staff: ${actor.email} sent ${out.email} a ${out.purpose === "RESET" ? "password reset" : "new invitation"} link`);
  return { purpose: out.purpose, expiresAt: out.expiresAt };
}
