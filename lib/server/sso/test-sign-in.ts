import "server-only";
import { and, eq, isNull, like } from "drizzle-orm";
import { getDb, type Queryable } from "../db";
import { settings, staffIdentities, staffUsers } from "../db/schema";
import { getSetting, putSetting } from "../secrets";
import { readSigned, signValue } from "./signed-value";
import { actingAdmin } from "../staff/acting-admin";
import type { StaffIdentity } from "../staff/sessions";
import { judgeClaims, SsoRefused, type Claims, type SignInConnection } from "./sso-sign-in";
import type { SsoRefusal, SsoTestReport } from "@/lib/schemas/sso";

/**
 * "Test sign-in": an admin goes through a connection's provider (turned on or not yet) and comes back to the
 * settings page with what the provider said of them and what Signet would do: let them in (as whom) or refuse
 * (why). Nothing is made or changed: no account, no link, no session; the admin's own session stays as it was.
 *
 * The mark that a round trip is a test is a cookie the settings page's action sets (`TEST_COOKIE`, 10 minutes,
 * HttpOnly, only sent to /api/auth): the connection, the admin and an expiry, signed with a server secret. The
 * sign-in callback believes it only when the signature holds, it names this connection, and the admin is still
 * an admin of the connection's organization.
 */
export const TEST_COOKIE = "signet-sso-test";
const TTL_MS = 10 * 60 * 1000;

/** The cookie's value for `admin` testing `connectionId`. */
export async function testMark(admin: StaffIdentity, connectionId: string): Promise<string> {
  return signValue("sso-test", { c: connectionId, a: admin.id }, TTL_MS);
}

/** The admin a valid mark for this connection names, or null. */
async function markedAdmin(mark: string | null, connection: SignInConnection): Promise<string | null> {
  const m = await readSigned("sso-test", mark);
  if (!m || m.c !== connection.id || typeof m.a !== "string") return null;
  const db = await getDb();
  const [admin] = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.id, m.a),
        eq(staffUsers.orgId, connection.orgId),
        eq(staffUsers.role, "ADMIN"),
        isNull(staffUsers.deactivatedAt),
      ),
    );
  return admin?.id ?? null;
}

const reportKey = (connectionId: string, adminId: string) => `sso-test:${connectionId}:${adminId}`;

/** What a sign-in with these claims would do, read only: the rules, then the account it would reach. */
async function wouldDo(connection: SignInConnection, claims: Claims): Promise<SsoTestReport["result"]> {
  let judged: ReturnType<typeof judgeClaims>;
  try {
    judged = judgeClaims(connection, claims);
  } catch (e) {
    if (e instanceof SsoRefused) return { outcome: "REFUSED", code: e.code };
    throw e;
  }
  const db = await getDb();
  const refused = (code: SsoRefusal) => ({ outcome: "REFUSED" as const, code });
  const [linked] = await db
    .select({ user: staffUsers })
    .from(staffIdentities)
    .innerJoin(staffUsers, eq(staffUsers.id, staffIdentities.staffId))
    .where(and(eq(staffIdentities.connectionId, connection.id), eq(staffIdentities.subject, judged.subject)));
  const [byEmail] = linked ? [linked.user] : await db.select().from(staffUsers).where(eq(staffUsers.email, judged.email));
  const user = linked?.user ?? byEmail;
  if (user) {
    if (user.orgId !== connection.orgId) return refused("SSO_OTHER_ORGANIZATION");
    if (user.deactivatedAt) return refused("SSO_DEACTIVATED");
    return { outcome: "ALLOWED", account: "EXISTING", email: user.email, role: user.role === "ADMIN" ? "ADMIN" : "MEMBER" };
  }
  if (!connection.settings.createAccounts) return refused("SSO_NO_ACCOUNT");
  const admin = connection.settings.adminGroups.some((g) => judged.groups.includes(g));
  return { outcome: "ALLOWED", account: "NEW", email: judged.email, role: admin ? "ADMIN" : "MEMBER" };
}

/**
 * In the sign-in callback: when the request carries a valid test mark for this connection, the report is kept
 * for the admin and the browser goes back to the settings page (true); else false, and the sign-in goes on.
 */
export async function recordTestSignIn(connection: SignInConnection, claims: Claims, mark: string | null): Promise<boolean> {
  const adminId = await markedAdmin(mark, connection);
  if (!adminId) return false;
  const pick = (k: string) => (typeof claims[k] === "string" ? (claims[k] as string).slice(0, 320) : null);
  const groupsValue = claims[connection.settings.groupsClaim];
  const groups = (Array.isArray(groupsValue) ? groupsValue : typeof groupsValue === "string" ? [groupsValue] : [])
    .filter((g): g is string => typeof g === "string")
    .slice(0, 50)
    .map((g) => g.slice(0, 200));
  const report: SsoTestReport = {
    at: new Date().toISOString(),
    claims: {
      sub: pick("sub"),
      email: pick("email"),
      emailVerified: claims.email_verified === true,
      name: pick("name"),
      groups,
    },
    result: await wouldDo(connection, claims),
  };
  await putSetting(await getDb(), reportKey(connection.id, adminId), report);
  return true;
}

/** The admin's last test of each of these connections, by connection id. */
export async function lastTests(actor: StaffIdentity, connectionIds: string[]): Promise<Record<string, SsoTestReport>> {
  const db = await getDb();
  const admin = await actingAdmin(db, actor);
  const out: Record<string, SsoTestReport> = {};
  for (const id of connectionIds) {
    const r = await getSetting<SsoTestReport>(db, reportKey(id, admin.id));
    if (r) out[id] = r;
  }
  return out;
}

/** A connection's test reports go with it. */
export async function dropTestReports(connectionId: string, db: Queryable): Promise<void> {
  await db.delete(settings).where(like(settings.key, `sso-test:${connectionId}:%`));
}
