import "server-only";
import { cache } from "react";
import { forbidden, redirect } from "next/navigation";
import { connection } from "next/server";
import { getServerSession } from "next-auth";
import { authOptions } from "./auth-options";
import { resolveStaffSession, type StaffIdentity } from "./sessions";

/**
 * The signed-in staff member, or null. Checks the session cookie itself and then its session row
 * (not revoked, not expired, the account not deactivated: sessions.ts); every page and the proxy call
 * this (middleware alone has been bypassed: CVE-2025-29927). Once per render (React's cache: the root layout
 * asks for the language, the dashboard's layout and the page for the person); a route handler or an action
 * is a request of its own and reads it afresh.
 */
export const currentStaff = cache(async (): Promise<StaffIdentity | null> => {
  // A page that asks who is signed in is rendered per request, never prerendered by `next build`
  // (which must not open the store: it would take DATA_DIR's lock while the server starts).
  await connection();
  const session = (await getServerSession(await authOptions())) as { staffId?: string; sid?: string } | null;
  if (!session?.staffId || !session.sid) return null;
  return resolveStaffSession(session.staffId, session.sid);
});

/** For a page's server component: the staff member, or a redirect to the sign-in page. */
export async function requireStaff(returnTo = "/requests"): Promise<StaffIdentity> {
  const staff = await currentStaff();
  if (!staff) redirect(`/login?callbackUrl=${encodeURIComponent(safeReturnPath(returnTo))}`);
  return staff;
}

/**
 * For an admin-only page (API keys, webhooks, team, environment settings): signed out → the sign-in
 * page; a MEMBER → 403 and the dashboard's forbidden page (app/(dashboard)/forbidden.tsx).
 */
export async function requireAdmin(returnTo: string): Promise<StaffIdentity> {
  const staff = await requireStaff(returnTo);
  if (staff.role !== "ADMIN") forbidden();
  return staff;
}

const HERE = "http://signet.invalid";
/** C0 and C1 controls, DEL and backslashes: a URL parser drops or rewrites them ("/\t/evil.example" → "//evil.example"). */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\\]/;

/**
 * Only a path on this site, as the browser will read it: the text is parsed as a URL against this
 * origin and must stay on it, without control characters or backslashes anywhere (also percent-encoded)
 * and without a path that begins "//" once normalized ("/.//evil.example"). What is returned is the
 * parsed URL's own path, query and fragment, so what was checked is what is followed.
 */
export function safeReturnPath(p: string | undefined | null): string {
  const fallback = "/requests";
  if (!p || p.length > 2000 || !p.startsWith("/") || UNSAFE.test(p)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(p);
  } catch {
    return fallback;
  }
  if (UNSAFE.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(p, HERE);
  } catch {
    return fallback;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== HERE || !path.startsWith("/") || path.startsWith("//")) return fallback;
  return path;
}
