import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { staffTokens, staffUsers } from "../db/schema";
import { getSecret } from "../secrets";
import { hashToken } from "../tokens";
import { enqueue } from "../jobs/queue";

/** The one-time links mailed to staff: an invitation (set a first password) or a password reset. */
export type LinkPurpose = "INVITE" | "RESET";
export const LINK_HOURS: Record<LinkPurpose, number> = { INVITE: 72, RESET: 2 };

/**
 * A link's token: 256 bits, derived from a server secret and the link row's random id (like a
 * signer's link, signing/tokens.ts), so that the mail job, retried, mails the same link without the
 * token ever being stored. Only its SHA-256 is stored.
 */
export async function staffLinkToken(db: Queryable, linkId: string): Promise<string> {
  const secret = await getSecret(db, "staff-link");
  return crypto.createHmac("sha256", secret).update(`staff-link:${linkId}`).digest("base64url");
}

export const staffLinkUrl = (token: string) => `${config.publicBaseUrl}/set-password/${token}`;

/**
 * A new link for a staff member. Their earlier links that are still open end now: only the newest
 * one works. Returns the token (for the CLI; the mail job derives it again).
 */
export async function issueStaffLink(tx: Queryable, staffId: string, purpose: LinkPurpose, createdBy: string | null) {
  await tx
    .update(staffTokens)
    .set({ expiresAt: new Date() })
    .where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, sql`now()`)));
  const id = crypto.randomUUID();
  const token = await staffLinkToken(tx, id);
  const expiresAt = new Date(Date.now() + LINK_HOURS[purpose] * 3600_000);
  await tx.insert(staffTokens).values({ id, staffId, purpose, tokenHash: hashToken(token), expiresAt, createdBy });
  return { id, token, expiresAt };
}

/** Issues a link and queues its mail in the caller's transaction: the mail goes out if and only if it commits. */
export async function issueAndMailStaffLink(tx: Queryable, staffId: string, purpose: LinkPurpose, createdBy: string | null) {
  const link = await issueStaffLink(tx, staffId, purpose, createdBy);
  await enqueue(tx, "staff-link", { linkId: link.id });
  return link;
}

/** Ends every open link of a staff member (deactivation). */
export async function expireStaffLinks(tx: Queryable, staffId: string) {
  await tx
    .update(staffTokens)
    .set({ expiresAt: new Date() })
    .where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt), gt(staffTokens.expiresAt, sql`now()`)));
}

export type LinkState = "VALID" | "USED" | "EXPIRED" | "UNKNOWN";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What a token names: its row and staff member, and whether it can still be used. */
export async function findStaffLink(db: Queryable, token: string) {
  if (!TOKEN_SHAPE.test(token)) return { state: "UNKNOWN" as const, link: null, user: null };
  const [row] = await db
    .select({ link: staffTokens, user: staffUsers })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffId))
    .where(eq(staffTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return { state: "UNKNOWN" as const, link: null, user: null };
  // A deactivated member's links do not work (deactivation also ends them; this covers an older row).
  const state: LinkState = row.link.usedAt
    ? "USED"
    : row.link.expiresAt.getTime() <= Date.now() || row.user.deactivatedAt
      ? "EXPIRED"
      : "VALID";
  return { state, link: row.link, user: row.user };
}

/** For the set-password page: who a link is for, without anything secret. */
export type LinkView =
  | { state: "UNKNOWN" }
  | { state: Exclude<LinkState, "UNKNOWN">; purpose: LinkPurpose; name: string; email: string; expiresAt: string };

export async function describeStaffLink(token: string): Promise<LinkView> {
  const db = await getDb();
  const { state, link, user } = await findStaffLink(db, token);
  if (state === "UNKNOWN" || !link || !user) return { state: "UNKNOWN" };
  return {
    state,
    purpose: link.purpose as LinkPurpose,
    name: user.name,
    email: user.email,
    expiresAt: link.expiresAt.toISOString(),
  };
}
