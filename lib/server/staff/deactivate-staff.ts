import "server-only";
import { log } from "../log";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { staffUsers } from "../db/schema";
import { actingAdmin, assertAdminRemains, teamMember } from "./acting-admin";
import { revokeAllStaffSessions, type StaffIdentity } from "./sessions";
import { expireStaffLinks } from "./staff-links";

/**
 * An admin deactivates a staff member: they can no longer sign in, every session of theirs ends at
 * once (their next click is refused) and their open links stop working. Never the last active admin,
 * nor the acting admin themselves.
 */
export async function deactivateStaff(actor: StaffIdentity, staffId: string): Promise<{ revokedSessions: number }> {
  const db = await getDb();
  const out = await db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    const target = await teamMember(tx, admin, staffId);
    if (target.deactivatedAt) return { revokedSessions: 0, email: target.email };
    await assertAdminRemains(tx, admin, target, "deactivate");
    await tx.update(staffUsers).set({ deactivatedAt: new Date() }).where(eq(staffUsers.id, target.id));
    await expireStaffLinks(tx, target.id);
    return { revokedSessions: await revokeAllStaffSessions(tx, target.id), email: target.email };
  });
  log().info(`staff: ${actor.email} deactivated ${out.email} (${out.revokedSessions} session(s) ended)`);
  return { revokedSessions: out.revokedSessions };
}

/** An admin lets a deactivated member sign in again (with their old password; sessions do not come back). */
export async function reactivateStaff(actor: StaffIdentity, staffId: string): Promise<void> {
  const db = await getDb();
  const email = await db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    const target = await teamMember(tx, admin, staffId);
    await tx.update(staffUsers).set({ deactivatedAt: null }).where(eq(staffUsers.id, target.id));
    return target.email;
  });
  log().info(`staff: ${actor.email} reactivated ${email}`);
}
