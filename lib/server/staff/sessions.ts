import "server-only";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb, type Queryable } from "../db";
import { staffSessions, staffUsers } from "../db/schema";
import { oneRow } from "../db/rows";
import { isUuid } from "../auth/scope";
import type { SessionDto, StaffRole } from "@/lib/schemas/staff";

/** How long a sign-in lasts (the JWT cookie's maxAge and the session row's expiry: the same 12 hours). */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
/** lastSeenAt is written at most this often, so that every click does not write a row. */
const LAST_SEEN_EVERY_MS = 60_000;

export type { StaffRole } from "@/lib/schemas/staff";

/** Who a staff session is: no key, no password. */
export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  orgId: string;
  /** The staffSessions row this browser's cookie names. */
  sessionId: string;
  /** The language they chose (their account page), when the session's row was read with it; null: none chosen. */
  locale?: string | null;
}

export const asRole = (r: string): StaffRole => (r === "ADMIN" ? "ADMIN" : "MEMBER");

/** How a session was opened: a password, or single sign-on through a connection (kept by name too, for when it is gone). */
export type SignInHow = { method: "PASSWORD" } | { method: "OIDC" | "SAML"; connectionId: string; connectionName: string };

/** A signed-in browser: one row, named by the session cookie (its `sid`). */
export async function createStaffSession(
  staffId: string,
  ip: string | null,
  userAgent: string | null,
  how: SignInHow = { method: "PASSWORD" },
  db: Queryable | null = null,
): Promise<string> {
  const q = db ?? (await getDb());
  const row = oneRow(
    await q
      .insert(staffSessions)
      .values({
        staffId,
        ip,
        userAgent: userAgent?.slice(0, 500) ?? null,
        expiresAt: new Date(Date.now() + SESSION_MAX_AGE_SECONDS * 1000),
        method: how.method,
        ssoConnectionId: how.method === "PASSWORD" ? null : how.connectionId,
        ssoConnectionName: how.method === "PASSWORD" ? null : how.connectionName,
      })
      .returning({ id: staffSessions.id }),
    "the new staff session",
  );
  return row.id;
}

/**
 * The staff member a session cookie stands for, or null: the row must exist, belong to that staff
 * member, be neither revoked nor expired, and the account must not be deactivated. A valid signature
 * on the cookie is not enough: signing out, "sign out everywhere" and deactivation end a session here.
 */
export async function resolveStaffSession(staffId: string, sessionId: string): Promise<StaffIdentity | null> {
  if (!isUuid(staffId) || !isUuid(sessionId)) return null;
  const db = await getDb();
  const [row] = await db
    .select({ user: staffUsers, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.id, sessionId),
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, sql`now()`),
        isNull(staffUsers.deactivatedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: new Date() })
      .where(and(eq(staffSessions.id, sessionId), lt(staffSessions.lastSeenAt, new Date(Date.now() - LAST_SEEN_EVERY_MS))));
  }
  const u = row.user;
  return { id: u.id, email: u.email, name: u.name, role: asRole(u.role), orgId: u.orgId, sessionId, locale: u.locale };
}

/** Ends one session of a staff member (sign-out, or "sign out" of another browser on the account page). */
export async function revokeStaffSession(staffId: string, sessionId: string): Promise<boolean> {
  if (!isUuid(staffId) || !isUuid(sessionId)) return false;
  const db = await getDb();
  const done = await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.id, sessionId), eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)))
    .returning({ id: staffSessions.id });
  return done.length > 0;
}

/** Ends every session of a staff member at once (deactivation, "sign out everywhere", a new password). */
export async function revokeAllStaffSessions(db: Queryable, staffId: string, except?: string): Promise<number> {
  const keep = except && isUuid(except) ? sql`${staffSessions.id} <> ${except}` : sql`true`;
  const done = await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, sql`now()`), keep),
    )
    .returning({ id: staffSessions.id });
  return done.length;
}

type SessionRow = typeof staffSessions.$inferSelect;

/** A session row as the account page and the team page show it (how it was opened among the rest). */
export const sessionDto = (s: SessionRow, currentId: string | null): SessionDto => ({
  id: s.id,
  ip: s.ip,
  userAgent: s.userAgent,
  createdAt: s.createdAt.toISOString(),
  lastSeenAt: s.lastSeenAt.toISOString(),
  current: s.id === currentId,
  method: s.method === "OIDC" || s.method === "SAML" ? s.method : "PASSWORD",
  connectionName: s.ssoConnectionName,
});

/** A staff member's sessions that still sign them in, newest first (at most 100); `viewer`'s own one marked current. */
export async function openSessionsOf(db: Queryable, staffId: string, viewer: StaffIdentity): Promise<SessionDto[]> {
  const rows = await db
    .select()
    .from(staffSessions)
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, sql`now()`)))
    .orderBy(desc(staffSessions.lastSeenAt))
    .limit(100);
  return rows.map((s) => sessionDto(s, viewer.sessionId));
}

/** A staff member's sessions that still sign someone in, newest first; the one of this browser marked. */
export async function listOwnSessions(staff: StaffIdentity): Promise<SessionDto[]> {
  return openSessionsOf(await getDb(), staff.id, staff);
}

/** "Sign out everywhere": every session of this staff member ends, this browser's included. */
export async function signOutEverywhere(staff: StaffIdentity): Promise<number> {
  return revokeAllStaffSessions(await getDb(), staff.id);
}
