import "server-only";
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Queryable } from "./db";
import { recipients } from "./db/schema";
import { getSecret } from "./secrets";

/**
 * A signer's link token: 256 bits, derived from a server secret, the recipient id and their token
 * version (bumped when staff correct the recipient), so that a retried invitation job mails
 * the same link and a correction makes a new one. Only its SHA-256 is stored; no API ever returns it.
 */
export async function signingToken(db: Queryable, recipientId: string, version?: number): Promise<string> {
  const secret = await getSecret(db, "signing-token");
  const v =
    version ??
    (await db.select({ v: recipients.tokenVersion }).from(recipients).where(eq(recipients.id, recipientId)))[0]?.v ??
    0;
  // Version 0 is the derivation every link had before versions: links already mailed keep working.
  return crypto
    .createHmac("sha256", secret)
    .update(v ? `sign:${recipientId}:${v}` : `sign:${recipientId}`)
    .digest("base64url");
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
