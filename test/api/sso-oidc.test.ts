// Single sign-on through an organization's OIDC connection: the settings an admin saves (checked, the
// provider's discovery read, the secret sealed), and who the provider's people become (the connection's
// rules, accounts made or matched, sessions and the auth log). The provider is a real one (test/support/oidc-idp.ts);
// the browser's round trip through next-auth is in test/system/sso-oidc.test.ts and e2e/single-sign-on.spec.ts.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/server/db";
import { authAttempts, organizations, ssoConnections, staffIdentities, staffSessions, staffUsers } from "@/lib/server/db/schema";
import { clock } from "@/lib/server/clock";
import { config } from "@/lib/server/config";
import { makeOrg } from "../support/api";
import { staffOf, refusal } from "../support/staff";
import { startIdp, type TestIdp } from "../support/oidc-idp";
import {
  deleteSsoConnection,
  listSsoConnections,
  liveOidcConnections,
  saveOidcConnection,
  setPasswordSignIn,
  type LiveOidcConnection,
} from "@/lib/server/sso/connections";
import { signInWithSso, SsoRefused, type Claims } from "@/lib/server/sso/sso-sign-in";
import { withSignInRequest } from "@/lib/server/staff/sign-in-request";
import { openSecret } from "@/lib/server/sso/settings-key";
import { endMemberSessions, listMemberSessions } from "@/lib/server/staff/member-sessions";
import { listStaff } from "@/lib/server/staff/list-staff";
import { resolveStaffSession } from "@/lib/server/staff/sessions";
import { changeRole } from "@/lib/server/staff/change-role";
import { recordTestSignIn, testMark } from "@/lib/server/sso/test-sign-in";

let idp: TestIdp;

/** Runs `fn` behind a trusted reverse proxy (TRUST_PROXY=1), so X-Forwarded-For names the client. */
function withTrustedProxy<T>(fn: () => Promise<T>): Promise<T> {
  const was = process.env.TRUST_PROXY;
  process.env.TRUST_PROXY = "1";
  const restore = () => (was === undefined ? delete process.env.TRUST_PROXY : (process.env.TRUST_PROXY = was));
  return fn().finally(restore);
}
/** A server that answers what each test asks of a "provider" that is not one. */
let bad: http.Server;
let badUrl = "";
let badAnswer: (res: http.ServerResponse) => void = (res) => res.end();

beforeAll(async () => {
  // On a PostgreSQL server the settings key must be given (every instance shares it): the run gives one.
  if (!process.env.SETTINGS_KEY && !process.env.SETTINGS_KEY_FILE && config.databaseUrl?.startsWith("postgres"))
    process.env.SETTINGS_KEY = crypto.randomBytes(32).toString("base64");
  idp = await startIdp({ redirectUris: ["http://127.0.0.1:3000/api/auth/callback/x"] });
  bad = http.createServer((_req, res) => badAnswer(res));
  await new Promise<void>((r) => bad.listen(0, "127.0.0.1", r));
  badUrl = `http://127.0.0.1:${(bad.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await idp.close();
  await new Promise((r) => bad.close(r));
});

const uniq = () => Math.random().toString(36).slice(2, 10);

const settings = (over: Record<string, unknown> = {}) => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  allowedDomains: ["acme.test"],
  adminGroups: ["signet-admins"],
  ...over,
});

/** Signs a person in as next-auth's callback would, from a client address (given by the reverse proxy: TRUST_PROXY). */
const signIn = (c: LiveOidcConnection, claims: Claims, ip = "203.0.113.9") =>
  withTrustedProxy(() =>
    withSignInRequest(
      new Request("http://signet.test/api/auth/callback/x", { headers: { "x-forwarded-for": ip, "user-agent": "test" } }),
      () => signInWithSso(c, claims, "OIDC"),
    ),
  );

/** The claims the provider sends for a staff member it knows (their linked subject, and their address). */
async function subjectOf(staffId: string): Promise<Claims> {
  const db = await getDb();
  const [link] = await db.select().from(staffIdentities).where(eq(staffIdentities.staffId, staffId));
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, staffId));
  return { sub: link!.subject, email: user!.email, email_verified: true, name: user!.name, groups: [] };
}

async function refusedWith(p: Promise<unknown>): Promise<string> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(SsoRefused);
  return (e as SsoRefused).code;
}

describe("OIDC connection settings", () => {
  it("refuses bad settings with a 400 or 422 naming the field, stores nothing, and reads the provider's discovery first", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const cases: [unknown, string, string][] = [
      [{ name: "X", settings: settings({ issuer: "ftp://idp.acme.test" }) }, "VALIDATION_FAILED", "settings.issuer"],
      [{ name: "X", settings: settings({ issuer: "http://idp.acme.test" }) }, "VALIDATION_FAILED", "settings.issuer"],
      [{ name: "X", settings: settings({ issuer: "https://user:pw@idp.acme.test" }) }, "VALIDATION_FAILED", "settings.issuer"],
      [{ name: "X", settings: settings({ issuer: "https://idp.acme.test/?a=1" }) }, "VALIDATION_FAILED", "settings.issuer"],
      [
        { name: "X", settings: settings({ allowedDomains: [], requiredGroups: [] }) },
        "VALIDATION_FAILED",
        "settings.allowedDomains",
      ],
      [{ name: "X", settings: settings({ allowedDomains: ["@acme.test"] }) }, "VALIDATION_FAILED", "settings.allowedDomains.0"],
      [
        { name: "X", settings: settings({ allowedDomains: Array(51).fill("acme.test") }) },
        "VALIDATION_FAILED",
        "settings.allowedDomains",
      ],
      [{ name: "two\nlines", settings: settings() }, "VALIDATION_FAILED", "name"],
      [{ name: "X".repeat(61), settings: settings() }, "VALIDATION_FAILED", "name"],
      [{ name: "X", settings: settings({ clientId: "" }) }, "VALIDATION_FAILED", "settings.clientId"],
      [{ name: "X", settings: settings({ scopes: 'openid "email"' }) }, "VALIDATION_FAILED", "settings.scopes"],
      [{ name: "X", settings: settings(), surprise: 1 }, "VALIDATION_FAILED", ""],
      [{ name: "X", settings: settings({ extra: true }) }, "VALIDATION_FAILED", ""],
      [{ name: "X", settings: settings(), clientSecret: "x".repeat(2001) }, "VALIDATION_FAILED", "clientSecret"],
      [{ name: "X", enabled: true, settings: settings() }, "SSO_SETTINGS_INVALID", "clientSecret"],
      ["not an object", "VALIDATION_FAILED", ""],
    ];
    for (const [body, code, field] of cases) {
      const e = await refusal(saveOidcConnection(admin, null, body));
      expect(e.code, JSON.stringify(body).slice(0, 120)).toBe(code);
      if (field) expect(e.errors?.map((x) => x.field)).toContain(field);
    }
    // The provider must answer a discovery document that names the issuer.
    const answers: [(res: http.ServerResponse) => void, RegExp][] = [
      [(res) => ((res.statusCode = 404), res.end()), /HTTP 404/],
      [(res) => res.end("<html>no</html>"), /not a JSON object/],
      [(res) => res.end(JSON.stringify({ issuer: "https://elsewhere.test" })), /names the issuer/],
      [(res) => res.end(JSON.stringify({ issuer: badUrl })), /no authorization_endpoint/],
      [
        (res) => ((res.statusCode = 302), res.setHeader("location", `${idp.issuer}/.well-known/openid-configuration`), res.end()),
        /HTTP 302/,
      ],
      [(res) => res.end(`{"issuer":"${badUrl}","pad":"${"x".repeat(300_000)}"}`), /larger than 256 KB/],
    ];
    for (const [answer, why] of answers) {
      badAnswer = answer;
      const e = await refusal(saveOidcConnection(admin, null, { name: "Bad", settings: settings({ issuer: badUrl }) }));
      expect(e.code).toBe("SSO_DISCOVERY_FAILED");
      expect(e.message).toMatch(why);
    }
    const closed = await refusal(
      saveOidcConnection(admin, null, { name: "Gone", settings: settings({ issuer: "http://127.0.0.1:9" }) }),
    );
    expect(closed.code).toBe("SSO_DISCOVERY_FAILED");
    const db = await getDb();
    expect(await db.select().from(ssoConnections).where(eq(ssoConnections.orgId, org.orgId))).toEqual([]);
  });

  it("is an admin's, of their own organization: a member, another organization's admin and a made-up id are refused", async () => {
    const org = await makeOrg();
    const other = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const member = await staffOf(org.orgId, "MEMBER");
    const stranger = await staffOf(other.orgId, "ADMIN");
    const made = await saveOidcConnection(admin, null, { name: "Acme IdP", settings: settings(), clientSecret: "s3cret-value" });
    expect(made).toMatchObject({ name: "Acme IdP", enabled: false, secret: "SET", operator: false });
    expect(made.redirectUri).toMatch(new RegExp(`/api/auth/callback/sso-${made.id}$`));
    expect((await refusal(saveOidcConnection(member, made.id, { name: "Mine", settings: settings() }))).code).toBe(
      "ADMIN_REQUIRED",
    );
    expect((await refusal(listSsoConnections(member))).code).toBe("ADMIN_REQUIRED");
    expect((await refusal(saveOidcConnection(stranger, made.id, { name: "Mine", settings: settings() }))).code).toBe(
      "SSO_CONNECTION_NOT_FOUND",
    );
    expect((await refusal(deleteSsoConnection(stranger, made.id))).code).toBe("SSO_CONNECTION_NOT_FOUND");
    expect((await refusal(deleteSsoConnection(admin, "../../etc"))).code).toBe("SSO_CONNECTION_NOT_FOUND");
    expect((await listSsoConnections(stranger)).connections).toEqual([]);
    const { connections } = await listSsoConnections(admin);
    expect(connections.map((c) => c.name)).toEqual(["Acme IdP"]);
  });

  it("seals the client secret (not in the row, bound to it), keeps it when left out, and turns on only with one", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const made = await saveOidcConnection(admin, null, {
      name: "Acme",
      settings: settings(),
      clientSecret: "the-real-secret-42",
    });
    const db = await getDb();
    const [row] = await db.select().from(ssoConnections).where(eq(ssoConnections.id, made.id));
    expect(row!.secretSealed).not.toContain("the-real-secret-42");
    expect(JSON.stringify(row!.settings)).not.toContain("the-real-secret-42");
    expect(openSecret(row!.secretSealed!, made.id)).toBe("the-real-secret-42");
    // Moved to another row it does not open: the sealed value is bound to its connection.
    expect(openSecret(row!.secretSealed!, crypto.randomUUID())).toBeNull();
    const on = await saveOidcConnection(admin, made.id, { name: "Acme", enabled: true, settings: settings() });
    expect(on).toMatchObject({ enabled: true, secret: "SET" });
    const live = (await liveOidcConnections()).find((c) => c.id === made.id);
    expect(live?.clientSecret).toBe("the-real-secret-42");
  });

  it("closes password sign-in to members only while a connection is on, and keeps the last one on while it is closed", async () => {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    expect((await refusal(setPasswordSignIn(admin, "ADMINS_ONLY"))).code).toBe("PASSWORD_SIGN_IN_CLOSED");
    expect((await refusal(setPasswordSignIn(admin, "NOBODY"))).code).toBe("VALIDATION_FAILED");
    const db = await getDb();
    const policy = async () => (await db.select().from(organizations).where(eq(organizations.id, org.orgId)))[0]!.passwordSignIn;
    expect(await policy()).toBe("ALLOWED");
    const c = await saveOidcConnection(admin, null, { name: "Acme", enabled: true, settings: settings(), clientSecret: "s" });
    expect(await setPasswordSignIn(admin, "ADMINS_ONLY")).toBe("ADMINS_ONLY");
    expect((await refusal(deleteSsoConnection(admin, c.id))).code).toBe("PASSWORD_SIGN_IN_CLOSED");
    expect((await listSsoConnections(admin)).connections).toHaveLength(1);
    await setPasswordSignIn(admin, "ALLOWED");
    await deleteSsoConnection(admin, c.id);
    expect((await listSsoConnections(admin)).connections).toHaveLength(0);
  });
});

describe("signing in through a connection", () => {
  async function connection(over: Record<string, unknown> = {}) {
    const org = await makeOrg();
    const admin = await staffOf(org.orgId, "ADMIN");
    const made = await saveOidcConnection(admin, null, {
      name: `IdP ${uniq()}`,
      enabled: true,
      settings: settings(over),
      clientSecret: "s",
    });
    const live = (await liveOidcConnections()).find((c) => c.id === made.id)!;
    return { org, admin, live };
  }
  const person = (over: Partial<Claims> = {}): Claims => ({
    sub: `sub-${uniq()}`,
    email: `p.${uniq()}@acme.test`,
    email_verified: true,
    name: "Pat Doe",
    groups: [],
    ...over,
  });

  it("makes a member on first sign-in (an admin when in an admin group), opens an OIDC session and logs the attempt", async () => {
    const { org, live } = await connection();
    const pat = person();
    const who = await signIn(live, pat);
    expect(who).toMatchObject({ email: pat.email, name: "Pat Doe", role: "MEMBER", orgId: org.orgId });
    const db = await getDb();
    const [session] = await db.select().from(staffSessions).where(eq(staffSessions.id, who.sessionId));
    expect(session).toMatchObject({
      staffId: who.id,
      method: "OIDC",
      ssoConnectionId: live.id,
      ssoConnectionName: live.name,
      ip: "203.0.113.9",
    });
    const [attempt] = await db
      .select()
      .from(authAttempts)
      .where(eq(authAttempts.email, pat.email as string));
    expect(attempt).toMatchObject({ outcome: "SUCCESS", method: "OIDC", ssoConnectionId: live.id, reason: null });
    const boss = await signIn(live, person({ groups: ["signet-admins", "x"] }));
    expect(boss.role).toBe("ADMIN");
    // The next sign-in finds the same account by the provider's subject, even with a new address there.
    const again = await signIn(live, { ...pat, email: `pat.renamed.${uniq()}@acme.test` });
    expect(again.id).toBe(who.id);
    expect(again.sessionId).not.toBe(who.sessionId);
  });

  it("matches an existing staff member by verified e-mail only, of the same organization", async () => {
    const { org, live } = await connection();
    const ann = await staffOf(org.orgId, "ADMIN", `ann.${uniq()}@acme.test`);
    expect((await signIn(live, person({ email: ann.email.toUpperCase() }))).id).toBe(ann.id);
    const db = await getDb();
    expect(await db.select().from(staffIdentities).where(eq(staffIdentities.staffId, ann.id))).toHaveLength(1);
    // Unverified: not matched, not made.
    const bob = await staffOf(org.orgId, "MEMBER", `bob.${uniq()}@acme.test`);
    expect(await refusedWith(signIn(live, person({ email: bob.email, email_verified: false })))).toBe("SSO_EMAIL_NOT_VERIFIED");
    expect(await refusedWith(signIn(live, person({ email: bob.email, email_verified: "true" })))).toBe("SSO_EMAIL_NOT_VERIFIED");
    expect(await db.select().from(staffIdentities).where(eq(staffIdentities.staffId, bob.id))).toHaveLength(0);
    // Another organization's staff member with that address is not taken over.
    const other = await makeOrg();
    const carl = await staffOf(other.orgId, "ADMIN", `carl.${uniq()}@acme.test`);
    expect(await refusedWith(signIn(live, person({ email: carl.email })))).toBe("SSO_OTHER_ORGANIZATION");
  });

  it("refuses by the connection's rules, with the reason in the auth log and no account made", async () => {
    const { org, live } = await connection({ requiredGroups: ["signet-users"] });
    const db = await getDb();
    const cases: [Claims, string][] = [
      [person({ email: `x.${uniq()}@evil.test`, groups: ["signet-users"] }), "SSO_DOMAIN_NOT_ALLOWED"],
      [person({ email: `x.${uniq()}@sub.acme.test`, groups: ["signet-users"] }), "SSO_DOMAIN_NOT_ALLOWED"],
      [person({ groups: ["other"] }), "SSO_GROUP_NOT_ALLOWED"],
      [person({ groups: "signet-users-not" }), "SSO_GROUP_NOT_ALLOWED"],
      [person({ email: undefined, groups: ["signet-users"] }), "SSO_EMAIL_NOT_VERIFIED"],
      [person({ sub: undefined, groups: ["signet-users"] }), "SSO_EMAIL_NOT_VERIFIED"],
      [person({ email: `${"x".repeat(320)}@acme.test`, groups: ["signet-users"] }), "SSO_EMAIL_NOT_VERIFIED"],
    ];
    for (const [claims, code] of cases) {
      expect(
        await refusedWith(signIn(live, claims, `198.51.100.${Math.floor(Math.random() * 200)}`)),
        JSON.stringify(claims),
      ).toBe(code);
      if (typeof claims.email === "string") {
        const [row] = await db
          .select()
          .from(authAttempts)
          .where(eq(authAttempts.email, claims.email.toLowerCase().slice(0, 320)))
          .orderBy(desc(authAttempts.createdAt));
        expect(row).toMatchObject({ outcome: "FAILURE", method: "OIDC", reason: code });
      }
    }
    const made = await db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.orgId, org.orgId), eq(staffUsers.role, "MEMBER")));
    expect(made).toEqual([]);
    // A group given as one string counts as that one group.
    expect((await signIn(live, person({ groups: "signet-users" }))).role).toBe("MEMBER");
  });

  it("does not make accounts when told not to, and refuses a deactivated account", async () => {
    const { org, live } = await connection({ createAccounts: false });
    expect(await refusedWith(signIn(live, person()))).toBe("SSO_NO_ACCOUNT");
    const dee = await staffOf(org.orgId, "MEMBER", `dee.${uniq()}@acme.test`);
    const db = await getDb();
    await db.update(staffUsers).set({ deactivatedAt: new Date() }).where(eq(staffUsers.id, dee.id));
    expect(await refusedWith(signIn(live, person({ email: dee.email })))).toBe("SSO_DEACTIVATED");
    expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, dee.id))).toEqual([]);
  });

  it("throttles refused sign-ins from one address as it throttles wrong passwords", async () => {
    const { live } = await connection();
    const ip = `192.0.2.${Math.floor(Math.random() * 200)}`;
    // The time the waits are measured from is held: the test does not race the machine.
    vi.spyOn(clock, "now").mockReturnValue(new Date());
    try {
      for (let i = 0; i < 5; i++)
        expect(await refusedWith(signIn(live, person({ email: `n${i}.${uniq()}@evil.test` }), ip))).toBe(
          "SSO_DOMAIN_NOT_ALLOWED",
        );
      expect(await refusedWith(signIn(live, person(), ip))).toBe("SSO_THROTTLED");
      const db = await getDb();
      const rows = await db.select().from(authAttempts).where(eq(authAttempts.ip, ip));
      expect(rows.map((r) => r.outcome).sort()).toEqual(["FAILURE", "FAILURE", "FAILURE", "FAILURE", "FAILURE", "THROTTLED"]);
      // Another address is not held back.
      expect((await signIn(live, person(), "192.0.2.250")).role).toBe("MEMBER");
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("shows admins how a member signed in and lets them end it; an SSO-only account is active and counts as an admin who can sign in", async () => {
    const { org, admin, live } = await connection();
    const pat = await signIn(live, person({ name: "Pat Sso" }));
    const team = await listStaff(admin);
    expect(team.find((m) => m.id === pat.id)?.status).toBe("ACTIVE");
    const sessions = await listMemberSessions(admin, pat.id);
    expect(sessions).toEqual([
      expect.objectContaining({ id: pat.sessionId, method: "OIDC", connectionName: live.name, current: false }),
    ]);
    // Only an admin of the same organization.
    const member = await staffOf(org.orgId, "MEMBER");
    expect((await refusal(listMemberSessions(member, pat.id))).code).toBe("ADMIN_REQUIRED");
    const other = await makeOrg();
    const stranger = await staffOf(other.orgId, "ADMIN");
    expect((await refusal(listMemberSessions(stranger, pat.id))).code).toBe("STAFF_MEMBER_NOT_FOUND");
    expect((await refusal(endMemberSessions(stranger, pat.id, null))).code).toBe("STAFF_MEMBER_NOT_FOUND");
    expect(await endMemberSessions(admin, pat.id, "not-a-uuid")).toBe(0);
    expect(await resolveStaffSession(pat.id, pat.sessionId)).not.toBeNull();
    expect(await endMemberSessions(admin, pat.id, pat.sessionId)).toBe(1);
    expect(await resolveStaffSession(pat.id, pat.sessionId)).toBeNull();
    const again = await signIn(live, await subjectOf(pat.id));
    expect(await endMemberSessions(admin, pat.id, null)).toBe(1);
    expect(await resolveStaffSession(pat.id, again.sessionId)).toBeNull();
    // Made an admin, the SSO-only account is an admin who can sign in: the password admin may step down.
    await changeRole(admin, pat.id, "ADMIN");
    const patAsAdmin = await signIn(live, await subjectOf(pat.id));
    expect(patAsAdmin.role).toBe("ADMIN");
    expect((await changeRole(patAsAdmin, admin.id, "MEMBER")).role).toBe("MEMBER");
  });

  it("a test sign-in reports what would happen and changes nothing; only a valid mark of this connection's admin makes one", async () => {
    const { org, admin, live } = await connection();
    const off = await saveOidcConnection(admin, live.id, { name: live.name, enabled: false, settings: settings() });
    expect(off.enabled).toBe(false);
    const [offLive] = (await liveOidcConnections({ includeOff: true })).filter((c) => c.id === live.id);
    expect(offLive?.enabled).toBe(false);
    expect((await liveOidcConnections()).some((c) => c.id === live.id)).toBe(false);
    const pat = person({ groups: ["signet-admins"] });
    const db = await getDb();
    const mark = await testMark(admin, live.id);
    // Forged, of another connection, expired, of a member, of another organization's admin: not a test.
    const [body] = mark.split(".");
    const other = await connection();
    const member = await staffOf(org.orgId, "MEMBER");
    const stranger = await staffOf((await makeOrg()).orgId, "ADMIN");
    for (const bad of [
      null,
      "garbage",
      `${body}.${"A".repeat(43)}`,
      `${Buffer.from(JSON.stringify({ c: live.id, a: admin.id, e: Date.now() + 600_000, x: 1 })).toString("base64url")}.${mark.split(".")[1]}`,
      await testMark(admin, other.live.id),
      await testMark(member, live.id),
      await testMark(stranger, live.id),
    ])
      expect(await recordTestSignIn(offLive!, pat, bad), String(bad).slice(0, 40)).toBe(false);
    vi.spyOn(Date, "now").mockReturnValue(Date.now() + 11 * 60_000);
    try {
      expect(await recordTestSignIn(offLive!, pat, mark)).toBe(false);
    } finally {
      vi.restoreAllMocks();
    }
    const before = (await db.select().from(staffUsers).where(eq(staffUsers.orgId, org.orgId))).length;
    expect(await recordTestSignIn(offLive!, pat, mark)).toBe(true);
    const { connections } = await listSsoConnections(admin);
    expect(connections[0]!.lastTest).toMatchObject({
      claims: { email: pat.email, emailVerified: true, groups: ["signet-admins"] },
      result: { outcome: "ALLOWED", account: "NEW", role: "ADMIN" },
    });
    expect((await db.select().from(staffUsers).where(eq(staffUsers.orgId, org.orgId))).length).toBe(before);
    expect(await db.select().from(staffIdentities).where(eq(staffIdentities.connectionId, live.id))).toEqual([]);
    // A refusal is reported with its reason; the report is the admin's own.
    expect(await recordTestSignIn(offLive!, person({ email: "x@evil.test" }), mark)).toBe(true);
    expect((await listSsoConnections(admin)).connections[0]!.lastTest?.result).toEqual({
      outcome: "REFUSED",
      code: "SSO_DOMAIN_NOT_ALLOWED",
    });
    const admin2 = await staffOf(org.orgId, "ADMIN");
    expect((await listSsoConnections(admin2)).connections[0]!.lastTest).toBeNull();
  });
});
