import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "../db";
import { staffSessions } from "../db/schema";
import { isUuid } from "../auth/scope";
import { log } from "../log";
import type { SessionDto } from "@/lib/schemas/staff";
import { actingAdmin, teamMember } from "./acting-admin";
import { openSessionsOf, revokeAllStaffSessions, type StaffIdentity } from "./sessions";

/** A team member's sessions that still sign them in, newest first: an admin of their organization sees them. */
export async function listMemberSessions(actor: StaffIdentity, staffId: string): Promise<SessionDto[]> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const member = await teamMember(db, admin, staffId);
  return openSessionsOf(db, member.id, actor);
}

/**
 * An admin ends one session of a team member (`sessionId`), or all of them (null): the browser is signed out at
 * its next click. The member's account stays as it is.
 */
export async function endMemberSessions(actor: StaffIdentity, staffId: string, sessionId: string | null): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admin = await actingAdmin(tx, actor);
    const member = await teamMember(tx, admin, staffId);
    let ended: number;
    if (sessionId === null) ended = await revokeAllStaffSessions(tx, member.id);
    else {
      const done = isUuid(sessionId)
        ? await tx
            .update(staffSessions)
            .set({ revokedAt: new Date() })
            .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, member.id), isNull(staffSessions.revokedAt)))
            .returning({ id: staffSessions.id })
        : [];
      ended = done.length;
    }
    log().info({ by: admin.id, staff: member.id, ended }, "staff sessions ended by an admin");
    return ended;
  });
}
