import "server-only";
import crypto from "node:crypto";
import { getDb } from "../db";
import { getSecret } from "../secrets";

/**
 * Who is behind a dashboard call, carried from the proxy to the API so the audit trail and the
 * certificate name the staff member and their browser, not the proxy. The proxy signs it (HMAC-SHA256
 * with a secret kept in the database, so every instance can check what another signed) and the API
 * believes it only on a call made with one of the server's own keys (kind SYSTEM, never handed out)
 * and only for two minutes: an API client cannot forge it, and a captured header soon expires.
 */
export interface ForwardedStaff {
  id: string;
  name: string;
  email: string;
  /** The browser's address and user agent, as the proxy saw them. */
  ip: string | null;
  userAgent: string | null;
}

export const STAFF_HEADER = "x-signet-staff";
export const STAFF_SIGNATURE_HEADER = "x-signet-staff-signature";
const MAX_AGE_SECONDS = 120;

const secret = async () => getSecret(await getDb(), "dashboard-identity");
const mac = (key: Buffer, payload: string) => crypto.createHmac("sha256", key).update(payload).digest("base64url");

export async function signStaffIdentity(staff: ForwardedStaff, now = Date.now()): Promise<Record<string, string>> {
  const payload = Buffer.from(JSON.stringify({ ...staff, iat: Math.floor(now / 1000) })).toString("base64url");
  return { [STAFF_HEADER]: payload, [STAFF_SIGNATURE_HEADER]: mac(await secret(), payload) };
}

/** The staff member a call speaks for, or null when the headers are missing, forged or stale. */
export async function verifyStaffIdentity(headers: Headers, now = Date.now()): Promise<ForwardedStaff | null> {
  const payload = headers.get(STAFF_HEADER);
  const sig = headers.get(STAFF_SIGNATURE_HEADER);
  if (!payload || !sig || payload.length > 4096) return null;
  const expected = Buffer.from(mac(await secret(), payload));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const v = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as ForwardedStaff & { iat: number };
    if (typeof v.iat !== "number" || Math.abs(now / 1000 - v.iat) > MAX_AGE_SECONDS) return null;
    if (typeof v.id !== "string" || typeof v.email !== "string" || typeof v.name !== "string") return null;
    return { id: v.id, name: v.name, email: v.email, ip: v.ip ?? null, userAgent: v.userAgent ?? null };
  } catch {
    return null;
  }
}
