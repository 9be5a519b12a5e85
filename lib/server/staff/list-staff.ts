import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { getDb } from "../db";
import { staffSessions, staffUsers } from "../db/schema";
import { actingAdmin, canSignInWithSso } from "./acting-admin";
import type { StaffDto, StaffStatus } from "@/lib/schemas/staff";
import { asRole, type StaffIdentity } from "./sessions";

export type { StaffDto } from "@/lib/schemas/staff";

/** INVITED: neither a password set nor a single sign-on made yet. */
export const staffStatus = (u: { deactivatedAt: Date | null; passwordHash: string | null }, sso = false): StaffStatus =>
  u.deactivatedAt ? "DEACTIVATED" : u.passwordHash || sso ? "ACTIVE" : "INVITED";

/** The admin's organization's staff, with when each was last seen in the dashboard. */
export async function listStaff(actor: StaffIdentity): Promise<StaffDto[]> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const lastSeen = db
    .select({ staffId: staffSessions.staffId, at: sql<Date>`max(${staffSessions.lastSeenAt})`.as("at") })
    .from(staffSessions)
    .groupBy(staffSessions.staffId)
    .as("last_seen");
  const rows = await db
    .select({ u: staffUsers, lastSeenAt: lastSeen.at, sso: sql<boolean>`${canSignInWithSso}` })
    .from(staffUsers)
    .leftJoin(lastSeen, eq(lastSeen.staffId, staffUsers.id))
    .where(eq(staffUsers.orgId, admin.orgId))
    .orderBy(asc(staffUsers.name), asc(staffUsers.email))
    .limit(1000);
  return rows.map(({ u, lastSeenAt, sso }) => ({
    id: u.id,
    name: u.name,
    email: u.email,
    role: asRole(u.role),
    status: staffStatus(u, !!sso),
    lastSeenAt: lastSeenAt ? new Date(lastSeenAt).toISOString() : null,
    createdAt: u.createdAt.toISOString(),
  }));
}
