import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { SsoRefusal, SsoRules } from "@/lib/schemas/sso";
import { getDb, type Queryable } from "../db";
import { staffIdentities, staffUsers } from "../db/schema";
import { oneRow } from "../db/rows";
import { log } from "../log";
import { asRole, createStaffSession, type StaffIdentity } from "../staff/sessions";
import { reserveAttempt, settleAttempt } from "../staff/sign-in-throttle";
import { signInRequest } from "../staff/sign-in-request";

/** A single sign-on the connection's rules refuse: the sign-in page says why (auth.login.sso.<code>). */
export class SsoRefused extends Error {
  constructor(readonly code: SsoRefusal) {
    super(code);
    this.name = "SsoRefused";
  }
}

/**
 * The claims Signet reads of a person, as the provider sent them: OIDC's ID token completed by userinfo, or
 * what a SAML assertion says in the same names (sub, email, email_verified, name, groups).
 */
export type Claims = Record<string, unknown>;

/** A connection as a sign-in through it needs it: its organization, its name, whether it is on, its rules. */
export interface SignInConnection {
  id: string;
  orgId: string;
  name: string;
  /** Turned on (on the sign-in page); one that is off is reached only by an admin's test sign-in. */
  enabled: boolean;
  settings: SsoRules;
}

const groupsOf = (claims: Claims, claim: string): string[] => {
  const v = claims[claim];
  if (Array.isArray(v)) return v.filter((g): g is string => typeof g === "string");
  return typeof v === "string" ? [v] : [];
};

/** The display name a new account takes: the name claim, else given and family names, else the address's local part. */
function nameOf(claims: Claims, email: string): string {
  const pick = (v: unknown) => (typeof v === "string" ? v.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ").trim() : "");
  const full = pick(claims.name) || [pick(claims.given_name), pick(claims.family_name)].filter(Boolean).join(" ");
  return (full || email.split("@")[0]!).slice(0, 200);
}

/**
 * Whether the provider's person may come in through this connection, and as whom. In order:
 * a verified e-mail address (email_verified true), its domain among the allowed ones, one of the required
 * groups; then the account: the one linked to this provider's subject, else the staff member with that
 * verified address (of this organization only), else a new MEMBER (ADMIN when in an admin group) if the
 * connection makes accounts. A deactivated account is refused. Pure: no store.
 */
export function judgeClaims(
  connection: Pick<SignInConnection, "settings">,
  claims: Claims,
): { email: string; subject: string; groups: string[] } {
  const s = connection.settings;
  const subject = typeof claims.sub === "string" ? claims.sub : "";
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
  if (!subject || !email || email.length > 320 || claims.email_verified !== true) throw new SsoRefused("SSO_EMAIL_NOT_VERIFIED");
  const domain = email.slice(email.lastIndexOf("@") + 1);
  if (s.allowedDomains.length && !s.allowedDomains.includes(domain)) throw new SsoRefused("SSO_DOMAIN_NOT_ALLOWED");
  const groups = groupsOf(claims, s.groupsClaim);
  if (s.requiredGroups.length && !s.requiredGroups.some((g) => groups.includes(g))) throw new SsoRefused("SSO_GROUP_NOT_ALLOWED");
  return { email, subject, groups };
}

async function accountFor(
  tx: Queryable,
  connection: SignInConnection,
  judged: { email: string; subject: string; groups: string[] },
  claims: Claims,
): Promise<{ user: typeof staffUsers.$inferSelect; created: boolean }> {
  const [linked] = await tx
    .select({ user: staffUsers })
    .from(staffIdentities)
    .innerJoin(staffUsers, eq(staffUsers.id, staffIdentities.staffId))
    .where(and(eq(staffIdentities.connectionId, connection.id), eq(staffIdentities.subject, judged.subject)));
  if (linked) return { user: linked.user, created: false };
  const [byEmail] = await tx.select().from(staffUsers).where(eq(staffUsers.email, judged.email));
  if (byEmail) {
    if (byEmail.orgId !== connection.orgId) throw new SsoRefused("SSO_OTHER_ORGANIZATION");
    return { user: byEmail, created: false };
  }
  if (!connection.settings.createAccounts) throw new SsoRefused("SSO_NO_ACCOUNT");
  const admin = connection.settings.adminGroups.some((g) => judged.groups.includes(g));
  const user = oneRow(
    await tx
      .insert(staffUsers)
      .values({
        email: judged.email,
        name: nameOf(claims, judged.email),
        role: admin ? "ADMIN" : "MEMBER",
        orgId: connection.orgId,
      })
      .onConflictDoNothing({ target: staffUsers.email })
      .returning(),
    "the new staff member (made at the same moment by another sign-in: try again)",
  );
  return { user, created: true };
}

/**
 * A person the provider vouched for, through `connection` (OIDC or SAML): throttled and logged like a password
 * sign-in (by address and by e-mail; failures keep their reason, never a claim's value), judged by the
 * connection's rules, their account found or made, the subject linked, and a session opened (its method,
 * the connection named). SsoRefused says why not.
 */
export async function signInWithSso(
  connection: SignInConnection,
  claims: Claims,
  method: "OIDC" | "SAML",
): Promise<StaffIdentity> {
  const { ip, userAgent } = signInRequest();
  const how = { method, ssoConnectionId: connection.id };
  const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase().slice(0, 320) : "";
  const attempt = await reserveAttempt(email || `sso:${connection.id}`, ip, userAgent, how);
  if (attempt.id === undefined) throw new SsoRefused("SSO_THROTTLED");
  try {
    const judged = judgeClaims(connection, claims);
    const db = await getDb();
    const { identity, created } = await db.transaction(async (tx) => {
      const { user, created } = await accountFor(tx, connection, judged, claims);
      if (user.deactivatedAt) throw new SsoRefused("SSO_DEACTIVATED");
      await tx
        .insert(staffIdentities)
        .values({ staffId: user.id, connectionId: connection.id, subject: judged.subject })
        .onConflictDoUpdate({
          target: [staffIdentities.connectionId, staffIdentities.subject],
          set: { lastSignInAt: sql`now()` },
        });
      const sessionId = await createStaffSession(
        user.id,
        ip,
        userAgent,
        { method, connectionId: connection.id, connectionName: connection.name },
        tx,
      );
      const identity: StaffIdentity = {
        id: user.id,
        email: user.email,
        name: user.name,
        role: asRole(user.role),
        orgId: user.orgId,
        sessionId,
      };
      return { identity, created };
    });
    await settleAttempt(attempt.id, "SUCCESS");
    log().info({ sso: connection.id, staff: identity.id, created }, created ? "sso sign-in made an account" : "sso sign-in");
    return identity;
  } catch (e) {
    const code = e instanceof SsoRefused ? e.code : "SSO_FAILED";
    await settleAttempt(attempt.id, "FAILURE", code);
    log().warn({ sso: connection.id, reason: code }, "sso sign-in refused");
    throw e instanceof SsoRefused ? e : new SsoRefused("SSO_FAILED");
  }
}
