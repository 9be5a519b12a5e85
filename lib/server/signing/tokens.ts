import "server-only";
import crypto from "node:crypto";
import type { Queryable } from "../db";
import { getSecret } from "../secrets";

/**
 * A signer's link token: 256 bits, derived from a server secret and the recipient id, so that a
 * retried invitation job mails the same link. Only its SHA-256 is stored; no API ever returns it.
 */
export async function signingToken(db: Queryable, recipientId: string): Promise<string> {
  const secret = await getSecret(db, "signing-token");
  return crypto.createHmac("sha256", secret).update(`sign:${recipientId}`).digest("base64url");
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");
