import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { log } from "@/lib/server/log";
import { authOptions } from "@/lib/server/staff/auth-options";
import { hashPassword, verifyPassword } from "@/lib/server/auth/password";
import { bootstrap } from "@/lib/server/bootstrap";
import { clock } from "@/lib/server/clock";
import { getDb } from "@/lib/server/db";
import { authAttempts, jobs, staffSessions, staffTokens, staffUsers } from "@/lib/server/db/schema";
import { runDueJobs } from "@/lib/server/worker/worker";
import { changeOwnPassword } from "@/lib/server/staff/change-own-password";
import { changeRole } from "@/lib/server/staff/change-role";
import { deactivateStaff, reactivateStaff } from "@/lib/server/staff/deactivate-staff";
import { createStaffAccount, inviteStaff } from "@/lib/server/staff/invite-staff";
import { listStaff } from "@/lib/server/staff/list-staff";
import { sendPasswordLink } from "@/lib/server/staff/reset-password";
import {
  createStaffSession,
  listOwnSessions,
  resolveStaffSession,
  signOutEverywhere,
  type StaffIdentity,
} from "@/lib/server/staff/sessions";
import { LINK_ATTEMPTS_PER_MINUTE, limitLinkAttempts, setPasswordWithLink } from "@/lib/server/staff/set-password";
import { describeStaffLink } from "@/lib/server/staff/staff-links";
import { makeOrg } from "../support/api";
import { useSmtp } from "../support/smtp";
import { firstOf, take } from "../support/expect-helpers";

// Staff as users: invitations and one-time links, server-side sessions that deactivation and
// sign-out end at once, roles, and the rules that keep an organization with an admin. Sign-in goes
// through next-auth's own credentials provider, as the sign-in route calls it.
const TOKEN = "test-client-ip-token";
process.env.SIGNET_CLIENT_IP_TOKEN = TOKEN;
const GOOD = "a-good-password-1";
let n = 0;
const unique = (p: string) => `${p}.${Date.now().toString(36)}${++n}@signet.test`;

type Authorize = (c: Record<string, string>, req: { headers: Record<string, string> }) => Promise<unknown>;
const signIn = async (email: string, password: string, ip = "198.51.100.20") => {
  const options = await authOptions();
  const provider = options.providers[0] as unknown as { options: { authorize: Authorize } };
  const user = (await provider.options.authorize(
    { email, password },
    { headers: { "x-signet-client-ip": ip, "x-signet-client-ip-token": TOKEN, "user-agent": "vitest browser" } },
  )) as StaffIdentity | null;
  if (!user) return null;
  // The JWT next-auth would sign: the session row's id travels as `sid`.
  const token = (await options.callbacks!.jwt!({
    token: {},
    user: user as never,
    account: null,
    trigger: "signIn",
  } as never)) as { sub: string; sid: string; role: string };
  return { user, token };
};

/** A staff member with a password and one open session, as a signed-in identity. */
async function staff(
  orgId: string,
  role: "ADMIN" | "MEMBER",
  name = role === "ADMIN" ? "Ada Admin" : "Mo Member",
): Promise<StaffIdentity> {
  const db = await getDb();
  const email = unique(role.toLowerCase());
  const u = firstOf(
    await db
      .insert(staffUsers)
      .values({ email, name, role, orgId, passwordHash: await hashPassword(GOOD) })
      .returning(),
    "staff user",
  );
  return { id: u.id, email, name, role, orgId, sessionId: await createStaffSession(u.id, "203.0.113.1", "vitest") };
}

/**
 * `at` is `ttl` after some moment between `before` and now (a second's leeway for the database's clock):
 * bracketed by the moments around the call, so a slow machine cannot push it outside.
 */
function expectExpiry(at: Date | string, before: number, ttl: number) {
  expect(new Date(at).getTime()).toBeGreaterThanOrEqual(before + ttl - 1000);
  expect(new Date(at).getTime()).toBeLessThanOrEqual(Date.now() + ttl + 1000);
}

const linkIn = (text: string) => /\/set-password\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1] ?? null;

describe("invitation → link → password → sign-in", () => {
  const smtp = useSmtp();

  it("an admin invites a member: one mail with a one-time link; the member sets a password and signs in with a session", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN", "Ann Lee");
    const email = unique("new.member");
    const invitedAt = Date.now();
    const invited = await inviteStaff(admin, { name: "Nina New", email: email.toUpperCase(), role: "MEMBER" });
    expect(invited).toMatchObject({ email, name: "Nina New", role: "MEMBER", status: "INVITED", lastSeenAt: null });
    // No password yet: nobody signs in as the new account.
    expect(await signIn(email, GOOD)).toBeNull();

    await runDueJobs();
    const mails = smtp().mails.filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    const mail = firstOf(mails, "invitation mails");
    expect(mail.subject).toMatch(/invited to Signet/);
    expect(mail.text).toContain("Ann Lee invited you");
    expect(mail.raw).toMatch(/^To: "?Nina New"? <[^>]+>/m);
    const token = linkIn(mail.text)!;
    expect(token).toBeTruthy();
    expect(mail.text).toContain(`http://localhost:3000/set-password/${token}`);
    // Only the token's hash is stored, and the mail job carries the link's id, not the token.
    const db = await getDb();
    const stored = JSON.stringify(await db.select().from(staffTokens).where(eq(staffTokens.createdBy, admin.id)));
    const queued = JSON.stringify(await db.select().from(jobs).where(eq(jobs.type, "staff-link")));
    expect(stored).not.toContain(token);
    expect(queued).not.toContain(token);

    expect(await describeStaffLink(token)).toMatchObject({ state: "VALID", purpose: "INVITE", name: "Nina New", email });
    const link = firstOf(await db.select().from(staffTokens).where(eq(staffTokens.createdBy, admin.id)), "staff link");
    expectExpiry(link.expiresAt, invitedAt, 72 * 3600_000);

    await setPasswordWithLink(token, { password: "member-password-1", repeat: "member-password-1" });
    expect((await describeStaffLink(token)).state).toBe("USED");

    const signInAt = Date.now();
    const signed = await signIn(email, "member-password-1");
    expect(signed?.user).toMatchObject({ email, name: "Nina New", role: "MEMBER", orgId });
    expect(signed!.token.sid).toBe(signed!.user.sessionId);
    const row = firstOf(await db.select().from(staffSessions).where(eq(staffSessions.id, signed!.token.sid)), "staff session");
    expect(row).toMatchObject({ staffId: signed!.user.id, ip: "198.51.100.20", userAgent: "vitest browser", revokedAt: null });
    expectExpiry(row.expiresAt, signInAt, 12 * 3600_000);
    expect(await resolveStaffSession(signed!.token.sub, signed!.token.sid)).toMatchObject({
      email,
      role: "MEMBER",
      sessionId: signed!.token.sid,
    });

    const team = await listStaff(admin);
    expect(team.find((m) => m.email === email)).toMatchObject({
      status: "ACTIVE",
      role: "MEMBER",
      lastSeenAt: expect.any(String),
    });
  });

  it("refuses an invitation to an address that already has an account, and bad names and addresses", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    await expect(inviteStaff(admin, { name: "Twice", email: admin.email, role: "MEMBER" })).rejects.toMatchObject({
      code: "STAFF_EMAIL_TAKEN",
    });
    await expect(inviteStaff(admin, { name: "X", email: "not an address", role: "MEMBER" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "email" }],
    });
    await expect(
      inviteStaff(admin, { name: "Eve <eve@evil.example>", email: unique("eve"), role: "MEMBER" }),
    ).rejects.toMatchObject({ code: "VALIDATION_FAILED", errors: [{ field: "name" }] });
    await expect(inviteStaff(admin, { name: "Rex", email: unique("rex"), role: "OWNER" as never })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "role" }],
    });
  });

  it("the CLI's account: the link is handed over, not mailed, and works once", async () => {
    const { orgId } = await makeOrg();
    const db = await getDb();
    const email = unique("robot");
    const before = firstOf(
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(jobs)
        .where(eq(jobs.type, "staff-link")),
    ).n;
    const { user, link } = await db.transaction((tx) =>
      createStaffAccount(tx, { orgId, email, name: "Robot", role: "ADMIN", createdBy: null, mail: false }),
    );
    expect(user).toMatchObject({ role: "ADMIN", passwordHash: null });
    expect(
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(jobs)
          .where(eq(jobs.type, "staff-link"))
      )[0]?.n,
    ).toBe(before);
    await setPasswordWithLink(link.token, { password: "robot-password-1", repeat: "robot-password-1" });
    expect((await signIn(email, "robot-password-1"))?.user.role).toBe("ADMIN");
  });
});

describe("passwords", () => {
  it("a new password has at least 10 characters, typed the same twice", async () => {
    const { orgId } = await makeOrg();
    const db = await getDb();
    const { link } = await db.transaction((tx) =>
      createStaffAccount(tx, { orgId, email: unique("pw"), name: "Pat Word", role: "MEMBER", createdBy: null, mail: false }),
    );
    await expect(setPasswordWithLink(link.token, { password: "123456789", repeat: "123456789" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "password", message: "password must be at least 10 characters" }],
    });
    await expect(setPasswordWithLink(link.token, { password: "1234567890", repeat: "1234567891" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "repeat" }],
    });
    // refused attempts do not use the link up
    expect((await describeStaffLink(link.token)).state).toBe("VALID");
    await setPasswordWithLink(link.token, { password: "1234567890", repeat: "1234567890" });
  });

  it("changing one's own password needs the current one, and signs out one's other browsers", async () => {
    const { orgId } = await makeOrg();
    const me = await staff(orgId, "MEMBER");
    const other = (await signIn(me.email, GOOD))!;
    await expect(
      changeOwnPassword(me, { current: "wrong-password", password: "new-password-12", repeat: "new-password-12" }),
    ).rejects.toMatchObject({ code: "PASSWORD_INCORRECT", errors: [{ field: "current" }] });
    await expect(changeOwnPassword(me, { current: GOOD, password: "short", repeat: "short" })).rejects.toMatchObject({
      code: "VALIDATION_FAILED",
      errors: [{ field: "password" }],
    });
    expect(await changeOwnPassword(me, { current: GOOD, password: "new-password-12", repeat: "new-password-12" })).toEqual({
      otherSessionsEnded: 1,
    });
    expect(await resolveStaffSession(me.id, other.token.sid)).toBeNull();
    expect(await resolveStaffSession(me.id, me.sessionId)).not.toBeNull();
    expect(await signIn(me.email, GOOD)).toBeNull();
    expect(await signIn(me.email, "new-password-12")).not.toBeNull();
  });

  it("guessing the current password is throttled like sign-in, on the same account's count", async () => {
    const { orgId } = await makeOrg();
    const me = await staff(orgId, "MEMBER");
    const db = await getDb();
    // The throttle's clock is held, not raced: on a loaded machine ten guesses can take longer than the
    // 1 s wait. Held at the account's creation (the database's time, before any guess), every wait is ahead.
    const created = firstOf(await db.select().from(staffUsers).where(eq(staffUsers.id, me.id)), "staff user").createdAt;
    const at = (ms: number) => vi.spyOn(clock, "now").mockReturnValue(new Date(ms));
    const change = (current: string) =>
      changeOwnPassword(me, { current, password: "new-password-12", repeat: "new-password-12" }).then(
        () => "CHANGED",
        (e: { code: string }) => e.code,
      );
    try {
      at(created.getTime());
      // Ten guesses at once: five are checked, the rest refused before the check.
      const codes = await Promise.all(Array.from({ length: 10 }, () => change("wrong-password")));
      expect(codes.filter((c) => c === "PASSWORD_INCORRECT")).toHaveLength(5);
      expect(codes.filter((c) => c === "RATE_LIMITED")).toHaveLength(5);
      // Even the right one waits now, and so does the sign-in page for this account.
      expect(await change(GOOD)).toBe("RATE_LIMITED");
      await expect(signIn(me.email, GOOD)).rejects.toThrow(/Too many failed sign-ins/);
      // Once the wait after the last failure (1 s after five) has passed, the right one is taken.
      const failures = await db
        .select()
        .from(authAttempts)
        .where(and(eq(authAttempts.email, me.email), eq(authAttempts.outcome, "FAILURE")));
      expect(failures).toHaveLength(5);
      at(Math.max(...failures.map((f) => f.createdAt.getTime())) + 1_100);
      expect(await change(GOOD)).toBe("CHANGED");
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("bootstrap keeps the first admin an active ADMIN, and takes a short ADMIN_PASSWORD with a warning", async () => {
    const email = unique("first.admin");
    const saved = { e: process.env.ADMIN_EMAIL, p: process.env.ADMIN_PASSWORD };
    process.env.ADMIN_EMAIL = email;
    process.env.ADMIN_PASSWORD = "short";
    const warn = vi.spyOn(log(), "warn").mockImplementation(() => {});
    try {
      await bootstrap();
      const db = await getDb();
      await db.update(staffUsers).set({ role: "MEMBER", deactivatedAt: new Date() }).where(eq(staffUsers.email, email));
      await bootstrap();
      const u = firstOf(await db.select().from(staffUsers).where(eq(staffUsers.email, email)), "staff user");
      expect(u).toMatchObject({ role: "ADMIN", deactivatedAt: null });
      expect(await verifyPassword("short", u.passwordHash!)).toBe(true);
      expect(warn.mock.calls.flat().some((w) => String(w).includes("ADMIN_PASSWORD is shorter than 10 characters"))).toBe(true);
    } finally {
      warn.mockRestore();
      process.env.ADMIN_EMAIL = saved.e;
      process.env.ADMIN_PASSWORD = saved.p;
      if (saved.e === undefined) delete process.env.ADMIN_EMAIL;
      if (saved.p === undefined) delete process.env.ADMIN_PASSWORD;
    }
  });
});

describe("password reset links", () => {
  const smtp = useSmtp();

  it("is mailed in the language the member chose (English for one who chose none)", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    const gerda = await staff(orgId, "MEMBER", "Gerda Deutsch");
    const db = await getDb();
    await db.update(staffUsers).set({ locale: "de" }).where(eq(staffUsers.id, gerda.id));
    await sendPasswordLink(admin, gerda.id);
    await runDueJobs();
    const mail = smtp().mails.find((m) => m.to.includes(gerda.email))!;
    expect(mail.subject).toBe("Setzen Sie Ihr Signet-Passwort zurück");
    expect(mail.text).toContain("Neues Passwort festlegen: ");
    expect(mail.text).toContain("2 Stunden lang");
    expect(mail.html).toContain("Neues Passwort festlegen</a>");
    expect(linkIn(mail.text)).toBeTruthy();
  });

  it("a reset link (2 h) works once; the new password ends every session; the old password keeps working until then", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    const member = await staff(orgId, "MEMBER", "Rita Reset");
    const sentAt = Date.now();
    const sent = await sendPasswordLink(admin, member.id);
    expect(sent.purpose).toBe("RESET");
    expectExpiry(sent.expiresAt, sentAt, 2 * 3600_000);
    await runDueJobs();
    const mail = smtp().mails.find((m) => m.to.includes(member.email))!;
    expect(mail.subject).toBe("Reset your Signet password");
    const token = linkIn(mail.text)!;

    expect(await signIn(member.email, GOOD)).not.toBeNull();
    await setPasswordWithLink(token, { password: "reset-password-1", repeat: "reset-password-1" });
    expect(await resolveStaffSession(member.id, member.sessionId)).toBeNull();
    expect(await signIn(member.email, GOOD)).toBeNull();
    expect(await signIn(member.email, "reset-password-1")).not.toBeNull();
    // used: refused, with words that say so
    await expect(
      setPasswordWithLink(token, { password: "another-password-1", repeat: "another-password-1" }),
    ).rejects.toMatchObject({ code: "STAFF_LINK_USED", message: expect.stringMatching(/already been used/) });
    expect(await signIn(member.email, "another-password-1")).toBeNull();
  });

  it("an expired link, and a link replaced by a newer one, are refused; an unknown one is not found", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    const member = await staff(orgId, "MEMBER", "Ed Expiry");
    const db = await getDb();
    await sendPasswordLink(admin, member.id);
    await runDueJobs();
    await sendPasswordLink(admin, member.id);
    await runDueJobs();
    const [first, second] = take(
      smtp()
        .mails.filter((m) => m.to.includes(member.email))
        .map((m) => linkIn(m.text)!),
      2,
      "password link mails",
    );
    expect(first).not.toBe(second);
    expect((await describeStaffLink(first)).state).toBe("EXPIRED");
    await expect(setPasswordWithLink(first, { password: "expired-pass-1", repeat: "expired-pass-1" })).rejects.toMatchObject({
      code: "STAFF_LINK_EXPIRED",
      message: expect.stringMatching(/expired/),
    });

    await db
      .update(staffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(staffTokens.staffId, member.id), sql`${staffTokens.usedAt} is null`));
    expect((await describeStaffLink(second)).state).toBe("EXPIRED");
    await expect(setPasswordWithLink(second, { password: "expired-pass-1", repeat: "expired-pass-1" })).rejects.toMatchObject({
      code: "STAFF_LINK_EXPIRED",
    });
    expect(await signIn(member.email, GOOD)).not.toBeNull();

    for (const bad of ["x".repeat(43), "short", "", "../../etc/passwd"]) {
      expect((await describeStaffLink(bad)).state).toBe("UNKNOWN");
      await expect(setPasswordWithLink(bad, { password: "whatever-pass-1", repeat: "whatever-pass-1" })).rejects.toMatchObject({
        code: "STAFF_LINK_NOT_FOUND",
      });
    }
  });

  it("someone who never set a password gets the invitation again (72 h), not a reset", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    const m = await inviteStaff(admin, { name: "Ivo Invited", email: unique("ivo"), role: "MEMBER" });
    const againAt = Date.now();
    const again = await sendPasswordLink(admin, m.id);
    expect(again.purpose).toBe("INVITE");
    expectExpiry(again.expiresAt, againAt, 72 * 3600_000);
  });

  it("link attempts are limited per client address", async () => {
    const ip = `192.0.2.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < LINK_ATTEMPTS_PER_MINUTE; i++) await limitLinkAttempts(ip);
    await expect(limitLinkAttempts(ip)).rejects.toMatchObject({ code: "RATE_LIMITED" });
    await limitLinkAttempts(`${ip}0`);
  });
});

describe("sessions", () => {
  it("a session counts only while its row is open: sign-out, expiry and 'sign out everywhere' end it", async () => {
    const { orgId } = await makeOrg();
    const me = await staff(orgId, "MEMBER");
    const a = (await signIn(me.email, GOOD))!;
    const b = (await signIn(me.email, GOOD))!;
    expect(await resolveStaffSession(me.id, a.token.sid)).toMatchObject({ id: me.id, sessionId: a.token.sid });
    // a session id of someone else's does not sign me in
    const other = await staff(orgId, "MEMBER");
    expect(await resolveStaffSession(me.id, other.sessionId)).toBeNull();
    expect(await resolveStaffSession("not-a-uuid", a.token.sid)).toBeNull();

    // next-auth's sign-out event ends this browser's row
    await (
      await authOptions()
    ).events!.signOut!({ token: a.token, session: null as never });
    expect(await resolveStaffSession(me.id, a.token.sid)).toBeNull();
    expect(await resolveStaffSession(me.id, b.token.sid)).not.toBeNull();

    const db = await getDb();
    await db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.id, b.token.sid));
    expect(await resolveStaffSession(me.id, b.token.sid)).toBeNull();

    const listed = await listOwnSessions(me);
    expect(listed.map((s) => s.id)).toEqual([me.sessionId]);
    expect(listed[0]).toMatchObject({ current: true, ip: "203.0.113.1", userAgent: "vitest" });
    const c = (await signIn(me.email, GOOD))!;
    expect(await signOutEverywhere(me)).toBe(2);
    expect(await resolveStaffSession(me.id, me.sessionId)).toBeNull();
    expect(await resolveStaffSession(me.id, c.token.sid)).toBeNull();
  });

  it("last seen is written at most once a minute", async () => {
    const { orgId } = await makeOrg();
    const me = await staff(orgId, "MEMBER");
    const db = await getDb();
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await db.update(staffSessions).set({ lastSeenAt: twoMinutesAgo }).where(eq(staffSessions.id, me.sessionId));
    await resolveStaffSession(me.id, me.sessionId);
    const seen = firstOf(await db.select().from(staffSessions).where(eq(staffSessions.id, me.sessionId)), "staff session");
    // Written now: past the minute after the old value (however long the call took), and not in the future.
    expect(seen.lastSeenAt.getTime()).toBeGreaterThan(twoMinutesAgo.getTime() + 60_000);
    expect(seen.lastSeenAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    await resolveStaffSession(me.id, me.sessionId);
    const again = firstOf(await db.select().from(staffSessions).where(eq(staffSessions.id, me.sessionId)), "staff session");
    expect(again.lastSeenAt.getTime()).toBe(seen.lastSeenAt.getTime());
  });

  it("deactivation ends every session of the member at once, refuses their sign-in and their links; reactivation lets them sign in again", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    const member = await staff(orgId, "MEMBER", "Dee Active");
    const other = (await signIn(member.email, GOOD))!;
    const { purpose } = await sendPasswordLink(admin, member.id);
    expect(purpose).toBe("RESET");
    const db = await getDb();
    const openLink = firstOf(await db.select().from(staffTokens).where(eq(staffTokens.staffId, member.id)), "staff link");

    expect(await deactivateStaff(admin, member.id)).toEqual({ revokedSessions: 2 });
    expect(await resolveStaffSession(member.id, member.sessionId)).toBeNull();
    expect(await resolveStaffSession(member.id, other.token.sid)).toBeNull();
    expect(await signIn(member.email, GOOD)).toBeNull();
    const link = firstOf(await db.select().from(staffTokens).where(eq(staffTokens.id, openLink.id)), "staff link");
    expect(link.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    await expect(sendPasswordLink(admin, member.id)).rejects.toMatchObject({ code: "STAFF_DEACTIVATED" });
    expect((await listStaff(admin)).find((m) => m.id === member.id)?.status).toBe("DEACTIVATED");
    // a second deactivation changes nothing
    expect(await deactivateStaff(admin, member.id)).toEqual({ revokedSessions: 0 });

    await reactivateStaff(admin, member.id);
    expect(await resolveStaffSession(member.id, other.token.sid)).toBeNull();
    expect(await signIn(member.email, GOOD)).not.toBeNull();
  });

  it("a role change takes effect on the next request of an open session", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    const member = await staff(orgId, "MEMBER");
    await changeRole(admin, member.id, "ADMIN");
    expect((await resolveStaffSession(member.id, member.sessionId))?.role).toBe("ADMIN");
    await changeRole(admin, member.id, "MEMBER");
    expect((await resolveStaffSession(member.id, member.sessionId))?.role).toBe("MEMBER");
  });
});

describe("who may manage the team", () => {
  it("only an active admin of the same organization; a member, a demoted admin or another organization's admin is refused", async () => {
    const { orgId } = await makeOrg();
    const admin = await staff(orgId, "ADMIN");
    const member = await staff(orgId, "MEMBER");
    const stranger = await staff((await makeOrg()).orgId, "ADMIN");
    const forbidden = { code: "ADMIN_REQUIRED", message: "Only admins can manage the team" };
    await expect(inviteStaff(member, { name: "Sneaky", email: unique("sneaky"), role: "ADMIN" })).rejects.toMatchObject(
      forbidden,
    );
    await expect(changeRole(member, member.id, "ADMIN")).rejects.toMatchObject(forbidden);
    await expect(deactivateStaff(member, admin.id)).rejects.toMatchObject(forbidden);
    await expect(sendPasswordLink(member, admin.id)).rejects.toMatchObject(forbidden);
    await expect(listStaff(member)).rejects.toMatchObject(forbidden);
    // a session that still says ADMIN, for an account that no longer is
    await expect(changeRole({ ...member, role: "ADMIN" }, member.id, "ADMIN")).rejects.toMatchObject(forbidden);
    // another organization's staff do not exist for this admin
    await expect(changeRole(stranger, member.id, "ADMIN")).rejects.toMatchObject({ code: "STAFF_MEMBER_NOT_FOUND" });
    await expect(deactivateStaff(stranger, member.id)).rejects.toMatchObject({ code: "STAFF_MEMBER_NOT_FOUND" });
    await expect(deactivateStaff(admin, "not-a-uuid")).rejects.toMatchObject({ code: "STAFF_MEMBER_NOT_FOUND" });
    expect((await listStaff(stranger)).map((s) => s.id)).toEqual([stranger.id]);
  });

  it("the last active admin can be neither demoted nor deactivated, and an admin cannot demote or deactivate themselves", async () => {
    const { orgId } = await makeOrg();
    const ada = await staff(orgId, "ADMIN", "Ada First");
    const last = { code: "LAST_ADMIN", message: "Ada First is the last active admin: make someone else an admin first" };
    await expect(changeRole(ada, ada.id, "MEMBER")).rejects.toMatchObject(last);
    await expect(deactivateStaff(ada, ada.id)).rejects.toMatchObject(last);

    // an invited admin who has not set a password cannot sign in: Ada is still the last active one
    const bo = await inviteStaff(ada, { name: "Bo Second", email: unique("bo"), role: "ADMIN" });
    await expect(changeRole(ada, ada.id, "MEMBER")).rejects.toMatchObject(last);

    const db = await getDb();
    await db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(GOOD) })
      .where(eq(staffUsers.id, bo.id));
    await expect(changeRole(ada, ada.id, "MEMBER")).rejects.toMatchObject({
      code: "SELF_CHANGE_REFUSED",
      message: "You cannot take away your own admin role: ask another admin",
    });
    await expect(deactivateStaff(ada, ada.id)).rejects.toMatchObject({
      code: "SELF_CHANGE_REFUSED",
      message: "You cannot deactivate yourself: ask another admin",
    });

    // Bo can demote Ada; then Bo is the last admin, and Ada (a member now) can do nothing about it
    const boSignedIn = (await signIn(bo.email, GOOD))!.user;
    expect(await changeRole(boSignedIn, ada.id, "MEMBER")).toEqual({ role: "MEMBER", changed: true });
    await expect(changeRole(ada, boSignedIn.id, "MEMBER")).rejects.toMatchObject({ code: "ADMIN_REQUIRED" });
    await expect(changeRole(boSignedIn, boSignedIn.id, "MEMBER")).rejects.toMatchObject({
      code: "LAST_ADMIN",
      message: expect.stringMatching(/Bo Second is the last active admin/),
    });
    expect(await changeRole(boSignedIn, ada.id, "ADMIN")).toEqual({ role: "ADMIN", changed: true });
    expect(await changeRole(boSignedIn, ada.id, "ADMIN")).toEqual({ role: "ADMIN", changed: false });
    await expect(changeRole(boSignedIn, ada.id, "OWNER")).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });

  it("two admins demoting each other at the same moment: one of them stays admin", async () => {
    const { orgId } = await makeOrg();
    const a = await staff(orgId, "ADMIN", "Al One");
    const b = await staff(orgId, "ADMIN", "Bea Two");
    const results = await Promise.allSettled([changeRole(a, b.id, "MEMBER"), changeRole(b, a.id, "MEMBER")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const db = await getDb();
    const admins = await db
      .select()
      .from(staffUsers)
      .where(and(eq(staffUsers.orgId, orgId), eq(staffUsers.role, "ADMIN")));
    expect(admins).toHaveLength(1);
  });
});
