import "server-only";
import { errField, log } from "../log";
import { eq } from "drizzle-orm";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { LINE_CONTROL } from "@/lib/schemas/text";
import { getDb } from "../db";
import { organizations, staffUsers } from "../db/schema";
import { verifyPassword } from "../auth/password";
import { getSecret } from "../secrets";
import { config } from "../config";
import { clientIp } from "../auth/ip";
import { reserveAttempt, settleAttempt, SignInThrottledError } from "./sign-in-throttle";
import { asRole, createStaffSession, revokeStaffSession, SESSION_MAX_AGE_SECONDS, type StaffIdentity } from "./sessions";

/** What a staff session stands for: no key, no password, only who it is and which session row. */
export type { StaffIdentity } from "./sessions";

// scrypt of a throwaway password, so an unknown e-mail costs as long as a wrong password.
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

/**
 * Checks an e-mail and password, throttled per account and per client address (sign-in-throttle.ts);
 * every attempt goes into the auth log. Throws SignInThrottledError (its message is shown) while a
 * wait is due. A deactivated account, or an invited one without a password yet, does not sign in.
 * A success opens a server-side session (sessions.ts) whose id the JWT cookie carries.
 */
async function checkCredentials(
  rawEmail: string,
  password: string,
  ip: string | null,
  userAgent: string | null,
): Promise<StaffIdentity | null> {
  const email = rawEmail.trim().toLowerCase();
  const attempt = await reserveAttempt(email, ip, userAgent);
  if (attempt.id === undefined) throw new SignInThrottledError(attempt.wait);
  const db = await getDb();
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  const good = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  const ok = !!user && good && !user.deactivatedAt;
  if (ok && !(await passwordSignInAllowed(user.orgId, user.role))) {
    await settleAttempt(attempt.id, "FAILURE", "PASSWORD_SIGN_IN_CLOSED");
    throw new Error(PASSWORD_SIGN_IN_CLOSED);
  }
  await settleAttempt(attempt.id, ok ? "SUCCESS" : "FAILURE");
  if (!ok) return null;
  const sessionId = await createStaffSession(user.id, ip, userAgent);
  return { id: user.id, email: user.email, name: user.name, role: asRole(user.role), orgId: user.orgId, sessionId };
}

/** What authorize() throws (the sign-in form's `error`) when the organization signs members in through single sign-on only. */
export const PASSWORD_SIGN_IN_CLOSED = "PASSWORD_SIGN_IN_CLOSED";

/** Admins always may use a password (the break-glass door); members unless their organization closed it (ADMINS_ONLY). */
async function passwordSignInAllowed(orgId: string, role: string): Promise<boolean> {
  if (role === "ADMIN") return true;
  const db = await getDb();
  const [org] = await db.select({ p: organizations.passwordSignIn }).from(organizations).where(eq(organizations.id, orgId));
  return org?.p !== "ADMINS_ONLY";
}

/** next-auth hands authorize() a plain object of headers; the client address comes from the socket (scripts/server.mjs). */
function headersOf(req: { headers?: Record<string, string | string[] | undefined> } | undefined): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(req?.headers ?? {})) if (typeof v === "string") h.set(k, v);
  return h;
}

/**
 * The secret comes from NEXTAUTH_SECRET or, on the embedded default, from the database (created once);
 * the database is only open at request time, so the options are built lazily and then reused.
 */
let cached: Promise<NextAuthOptions> | null = null;

export function authOptions(): Promise<NextAuthOptions> {
  cached ??= buildOptions().catch((e) => {
    cached = null;
    throw e;
  });
  return cached;
}

async function buildOptions(): Promise<NextAuthOptions> {
  const secret = process.env.NEXTAUTH_SECRET || (await getSecret(await getDb(), "nextauth")).toString("base64");
  return {
    secret,
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
    useSecureCookies: config.publicBaseUrl.startsWith("https://"),
    pages: { signIn: "/login", error: "/login" },
    // The dashboard never lets next-auth redirect (it navigates itself), so NEXTAUTH_URL is not needed.
    logger: {
      error: (code, metadata) =>
        log().error({ nextAuth: code, err: errField(metadata instanceof Error ? metadata : code) }, "next-auth error"),
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") log().warn({ nextAuth: code }, "next-auth warning");
      },
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "Staff login",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials, req) {
          if (!credentials?.email || !credentials.password) return null;
          if (credentials.email.length > 320 || credentials.password.length > 1000) return null;
          // No address holds a control character (and the auth log could not store U+0000): no such account.
          if (LINE_CONTROL.test(credentials.email)) return null;
          const headers = headersOf(req as { headers?: Record<string, string> });
          return checkCredentials(
            credentials.email,
            credentials.password,
            clientIp(headers, config.trustProxy),
            headers.get("user-agent"),
          );
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user) {
          const u = user as unknown as StaffIdentity;
          token.sub = u.id;
          token.email = u.email;
          token.name = u.name;
          token.role = u.role;
          token.orgId = u.orgId;
          token.sid = u.sessionId;
        }
        return token;
      },
      async session({ session, token }) {
        session.user = { ...session.user, email: token.email ?? null, name: token.name ?? null };
        const s = session as unknown as { staffId?: string; sid?: string };
        s.staffId = token.sub;
        s.sid = typeof token.sid === "string" ? token.sid : undefined;
        return session;
      },
    },
    events: {
      // The cookie is deleted by next-auth; the session row ends here, so a copy of the cookie is worthless too.
      async signOut({ token }) {
        if (token?.sub && typeof token.sid === "string") await revokeStaffSession(token.sub, token.sid);
      },
    },
  };
}
