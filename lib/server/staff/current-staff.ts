import "server-only";
import { eq } from "drizzle-orm";
import { redirect } from "next/navigation";
import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { getDb } from "../db";
import { staffUsers } from "../db/schema";
import { authOptions, type StaffIdentity } from "./auth-options";

/**
 * The signed-in staff member, or null. Checks the session cookie itself and that the account still
 * exists; every page and the proxy call this (middleware alone has been bypassed: CVE-2025-29927).
 */
export async function currentStaff(): Promise<StaffIdentity | null> {
  // A page that asks who is signed in is rendered per request, never prerendered by `next build`
  // (which must not open the store: it would take DATA_DIR's lock while the server starts).
  await connection();
  const session = await getServerSession(await authOptions());
  const id = (session as { staffId?: string } | null)?.staffId;
  if (!id || !/^[0-9a-f-]{36}$/i.test(id)) return null;
  const db = await getDb();
  const [user] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  if (!user) return null;
  return { id: user.id, email: user.email, name: user.name, role: user.role, orgId: user.orgId };
}

/** For a page's server component: the staff member, or a redirect to the sign-in page. */
export async function requireStaff(returnTo = "/requests"): Promise<StaffIdentity> {
  const staff = await currentStaff();
  if (!staff) redirect(`/login?callbackUrl=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return staff;
}

/** Only a path on this site: an absolute or protocol-relative URL would make the sign-in an open redirect. */
export function safeReturnPath(p: string | undefined | null): string {
  if (!p || !p.startsWith("/") || p.startsWith("//") || p.startsWith("/\\")) return "/requests";
  return p;
}
