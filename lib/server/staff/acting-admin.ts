import "server-only";
import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { Queryable } from "../db";
import { staffUsers } from "../db/schema";
import { AppError, notFound } from "../errors";
import { isUuid } from "../auth/scope";
import type { StaffIdentity } from "./sessions";
import { signedInStaff, type StaffRow } from "../auth/signed-in-staff";

export type { StaffRow };

/**
 * The staff member has signed in through single sign-on (a provider's subject is linked): they can sign in
 * without a password. A condition on a query of staff_users (the subquery's table aliased, the outer id named
 * in full).
 */
export const canSignInWithSso = sql`exists (select 1 from staff_identities si where si.staff_id = "staff_users"."id")`;

/**
 * The acting staff member, read again from the store (a session says who, the row says what they may
 * do now): an ADMIN of the same organization, not deactivated. Anyone else is refused.
 */
export async function actingAdmin(tx: Queryable, actor: Pick<StaffIdentity, "id" | "orgId">): Promise<StaffRow> {
  const me = await signedInStaff(tx, { staff: actor, orgId: actor.orgId });
  if (me?.role !== "ADMIN") throw new AppError("ADMIN_REQUIRED", "Only admins can manage the team");
  return me;
}

/** A staff member of the admin's organization; another organization's is not found. */
export async function teamMember(tx: Queryable, admin: StaffRow, staffId: string): Promise<StaffRow> {
  const [row] = isUuid(staffId)
    ? await tx
        .select()
        .from(staffUsers)
        .where(and(eq(staffUsers.id, staffId), eq(staffUsers.orgId, admin.orgId)))
    : [];
  if (!row) throw notFound("STAFF_MEMBER_NOT_FOUND", "Staff member");
  return row;
}

/**
 * Refuses a change that would leave the organization without an active admin (one who can sign in:
 * not deactivated, a password set or a single sign-on identity), and an admin taking their own admin rights away. The admin rows are
 * locked and read again, acting admin included, so two admins demoting each other at the same moment
 * cannot both succeed, nor one who has just been demoted act.
 */
export async function assertAdminRemains(tx: Queryable, actor: StaffRow, target: StaffRow, change: "role" | "deactivate") {
  const admins = await tx
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.orgId, target.orgId),
        eq(staffUsers.role, "ADMIN"),
        isNull(staffUsers.deactivatedAt),
        or(isNotNull(staffUsers.passwordHash), canSignInWithSso),
      ),
    )
    .orderBy(asc(staffUsers.id))
    .for("update");
  if (!admins.some((a) => a.id === actor.id)) throw new AppError("ADMIN_REQUIRED", "Only admins can manage the team");
  if (target.role === "ADMIN" && !target.deactivatedAt && !admins.some((a) => a.id !== target.id)) {
    throw new AppError("LAST_ADMIN", `${target.name} is the last active admin: make someone else an admin first`);
  }
  if (target.id === actor.id) {
    throw new AppError(
      "SELF_CHANGE_REFUSED",
      change === "role"
        ? "You cannot take away your own admin role: ask another admin"
        : "You cannot deactivate yourself: ask another admin",
    );
  }
}
