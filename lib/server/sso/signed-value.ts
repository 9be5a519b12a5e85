import "server-only";
import crypto from "node:crypto";
import { getDb } from "../db";
import { getSecret } from "../secrets";

/**
 * A small object a browser carries for a few minutes (a cookie), signed with a server secret of its own per
 * purpose (HMAC-SHA256), with an expiry inside: `sign` makes the value, `readSigned` gives the object back only
 * when the signature holds and it has not expired. The browser can read it; it cannot make or change one.
 */
async function mac(purpose: string, body: string): Promise<string> {
  const key = await getSecret(await getDb(), purpose);
  return crypto.createHmac("sha256", key).update(body).digest("base64url");
}

export async function signValue(purpose: string, value: Record<string, unknown>, ttlMs: number): Promise<string> {
  const body = Buffer.from(JSON.stringify({ ...value, e: Date.now() + ttlMs })).toString("base64url");
  return `${body}.${await mac(purpose, body)}`;
}

export async function readSigned(purpose: string, signed: string | null): Promise<Record<string, unknown> | null> {
  if (!signed || signed.length > 4096) return null;
  const [body, sig, extra] = signed.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const expected = await mac(purpose, body);
  if (sig.length !== expected.length || !crypto.timingSafeEqual(Buffer.from(sig), Buffer.from(expected))) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(body, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return null;
  const o = v as Record<string, unknown>;
  return typeof o.e === "number" && o.e >= Date.now() ? o : null;
}
