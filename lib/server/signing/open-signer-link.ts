import "server-only";
import { getDb } from "../db";
import type { Actor } from "../audit/record-event";
import { findSigner } from "./find-signer";
import { limitSigner } from "./limit-signer";
import { requireSignerSession } from "./signer-session";

/**
 * A signing link opened for a read or an upload outside a transaction: charged to the link's and the address's
 * rate limits (before the token is looked up, so unknown links are charged too), found (its 404 or 410 as the
 * link's state says), and its code's session required where the recipient has a code.
 */
export async function openSignerLink(token: string, who: Omit<Actor, "actor">, session: string | null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  const { r, req } = await findSigner(db, token);
  await requireSignerSession(db, r, req, session);
  return { db, r, req };
}
