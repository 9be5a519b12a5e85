import "server-only";
import { validationError } from "../errors";
import { log } from "../log";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { staffUsers } from "../db/schema";
import { zStaffRole } from "@/lib/schemas/staff";
import { actingAdmin, assertAdminRemains, teamMember } from "./acting-admin";
import type { StaffIdentity, StaffRole } from "./sessions";

/**
 * An admin makes someone an ADMIN or a MEMBER. Never leaves the organization without an active admin,
 * and an admin cannot demote themselves. Takes effect at the target's next click (the role is read
 * from the store on every request).
 */
export async function changeRole(
  actor: StaffIdentity,
  staffId: string,
  role: StaffRole | string,
): Promise<{ role: StaffRole; changed: boolean }> {
  const parsed = zStaffRole.safeParse(role);
  if (!parsed.success) throw validationError(parsed.error, "role");
  const db = await getDb();
  const out = await db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    const target = await teamMember(tx, admin, staffId);
    if (target.role === parsed.data) return { role: parsed.data, changed: false };
    await assertAdminRemains(tx, admin, target, "role");
    await tx.update(staffUsers).set({ role: parsed.data }).where(eq(staffUsers.id, target.id));
    return { role: parsed.data, changed: true, email: target.email };
  });
  if (out.changed) log().info(`staff: ${actor.email} made ${out.email} ${out.role}`);
  return { role: out.role, changed: out.changed };
}
