import "server-only";
import { eq } from "drizzle-orm";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { getDb } from "../db";
import { staffUsers } from "../db/schema";
import { verifyPassword } from "../auth/password";
import { getSecret } from "../secrets";
import { config } from "../config";

/** What a staff session carries (in the signed JWT cookie): no key, no password, only who it is. */
export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: string;
  orgId: string;
}

// scrypt of a throwaway password, so an unknown e-mail costs as long as a wrong password.
const DUMMY_HASH = "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";

async function checkCredentials(email: string, password: string): Promise<StaffIdentity | null> {
  const db = await getDb();
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.trim().toLowerCase())).limit(1);
  const good = await verifyPassword(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !good) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, orgId: user.orgId };
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
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    useSecureCookies: config.publicBaseUrl.startsWith("https://"),
    pages: { signIn: "/login", error: "/login" },
    // The dashboard never lets next-auth redirect (it navigates itself), so NEXTAUTH_URL is not needed.
    logger: {
      error: (code, metadata) => console.error(`[next-auth] ${code}`, metadata),
      warn: (code) => {
        if (code !== "NEXTAUTH_URL") console.warn(`[next-auth] ${code}`);
      },
      debug: () => {},
    },
    providers: [
      CredentialsProvider({
        name: "Staff login",
        credentials: { email: { label: "E-mail", type: "email" }, password: { label: "Password", type: "password" } },
        async authorize(credentials) {
          if (!credentials?.email || !credentials.password) return null;
          if (credentials.email.length > 320 || credentials.password.length > 1000) return null;
          return checkCredentials(credentials.email, credentials.password);
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
        }
        return token;
      },
      async session({ session, token }) {
        session.user = { ...session.user, email: token.email ?? null, name: token.name ?? null };
        (session as unknown as { staffId?: string }).staffId = token.sub;
        return session;
      },
    },
  };
}
