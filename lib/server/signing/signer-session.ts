import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { AuthMethod } from "@/lib/schemas/requests";
import { config } from "../config";
import type { Queryable } from "../db";
import { organizations, signerCodes, signerSessions, type recipients, type signatureRequests } from "../db/schema";
import { AppError } from "../errors";
import { hashToken } from "../tokens";

type RecipientRow = typeof recipients.$inferSelect;
type RequestRow = typeof signatureRequests.$inferSelect;

/** A session lasts this long after its last use (the signer is on the page)... */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** ...and never longer than this after the code was given. */
export const SESSION_MAX_MS = 8 * 60 * 60 * 1000;
/** The expiry is moved forward at most this often, so that every call does not write a row. */
const SLIDE_EVERY_MS = 60 * 1000;
/** Wrong codes in a row that lock the link, and for how long. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60 * 1000;
/** An e-mailed code: valid this long; a new one at most every 30 s and 5 an hour per recipient. */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_MS = 30 * 1000;
export const CODES_PER_HOUR = 5;

/**
 * The signer-session cookie of one signing link: its name is derived from the link (so that two
 * links open in one browser keep their own sessions), its value is a random 256-bit token whose
 * SHA-256 names a signer_sessions row of that link's recipient. A cookie copied under another
 * link's name opens nothing: the row must belong to the recipient of the link it is sent to.
 */
export const sessionCookieName = (linkToken: string) => `signet_signer_${hashToken(linkToken).slice(0, 20)}`;

/** The session token a request carries for this link, or null. */
export function readSessionCookie(headers: Headers, linkToken: string): string | null {
  const name = sessionCookieName(linkToken);
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) {
      const v = part.slice(i + 1).trim();
      return /^[A-Za-z0-9_-]{20,100}$/.test(v) ? v : null;
    }
  }
  return null;
}

/** Whether the browser reached us over https: then the cookie is Secure. */
export function isSecureRequest(req: Request): boolean {
  if (config.publicBaseUrl.startsWith("https:")) return true;
  if (new URL(req.url).protocol === "https:") return true;
  return config.trustProxy && (req.headers.get("x-forwarded-proto") ?? "").split(",")[0]?.trim() === "https";
}

/**
 * Set-Cookie for a new session: HttpOnly (no script reads it), SameSite=Lax (sent when the signer
 * opens the link from their mail again, never on another site's requests), Secure over https, and
 * no Max-Age: it ends with the browser session, the database row ends it sooner (idle 30 minutes).
 */
export function sessionCookie(linkToken: string, value: string, secure: boolean): string {
  return `${sessionCookieName(linkToken)}=${value}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export async function createSignerSession(
  tx: Queryable,
  recipientId: string,
  method: AuthMethod,
  who: { ip?: string | null; userAgent?: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_IDLE_MS);
  await tx.insert(signerSessions).values({
    recipientId,
    tokenHash: hashToken(token),
    method,
    ip: who.ip ?? null,
    userAgent: who.userAgent?.slice(0, 500) ?? null,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The live session this token names for this recipient, its expiry moved forward; or null. */
export async function findSignerSession(db: Queryable, recipientId: string, sessionToken: string | null) {
  if (!sessionToken) return null;
  const [row] = await db
    .select()
    .from(signerSessions)
    .where(
      and(
        eq(signerSessions.tokenHash, hashToken(sessionToken)),
        eq(signerSessions.recipientId, recipientId),
        gt(signerSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  const next = Math.min(now + SESSION_IDLE_MS, row.createdAt.getTime() + SESSION_MAX_MS);
  if (next - row.expiresAt.getTime() >= SLIDE_EVERY_MS) {
    await db
      .update(signerSessions)
      .set({ expiresAt: new Date(next) })
      .where(eq(signerSessions.id, row.id));
    return { ...row, expiresAt: new Date(next) };
  }
  return row;
}

/** "a•••@example.com": enough for the signer to know where the code goes, not the address itself. */
export function emailHint(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${email[0]}•••${email.slice(at)}`;
}

/**
 * What the page may show before the signer gave their code: the method, the sender's organization,
 * where a mailed code goes (masked), and whether the link is locked. Nothing of the document: no
 * title, no sender's name, no fields.
 */
export async function gateInfo(db: Queryable, r: RecipientRow, req: Pick<RequestRow, "orgId">) {
  const [org] = await db.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, req.orgId));
  const now = Date.now();
  const locked = r.authLockedUntil && r.authLockedUntil.getTime() > now ? r.authLockedUntil : null;
  let code: { codeSentAt: string | null; codeExpiresAt: string | null; nextCodeAt: string | null } = {
    codeSentAt: null,
    codeExpiresAt: null,
    nextCodeAt: null,
  };
  if (r.authMethod === "EMAIL_CODE") {
    const recent = await db
      .select()
      .from(signerCodes)
      .where(and(eq(signerCodes.recipientId, r.id), gt(signerCodes.createdAt, new Date(now - 60 * 60 * 1000))))
      .orderBy(desc(signerCodes.createdAt));
    const last = recent[0];
    code = {
      codeSentAt: last?.createdAt.toISOString() ?? null,
      codeExpiresAt: last && !last.usedAt && last.expiresAt.getTime() > now ? last.expiresAt.toISOString() : null,
      nextCodeAt: nextCodeAt(recent, now)?.toISOString() ?? null,
    };
  }
  return {
    method: r.authMethod as AuthMethod,
    organization: org?.name ?? null,
    emailHint: r.authMethod === "EMAIL_CODE" ? emailHint(r.email) : null,
    lockedUntil: locked?.toISOString() ?? null,
    attemptsLeft: locked ? 0 : Math.max(0, MAX_FAILURES - (lockExpired(r, now) ? 0 : r.authFailures)),
    ...code,
  };
}
export type GateInfo = Awaited<ReturnType<typeof gateInfo>>;

/** A lock that has run out: its failures no longer count (they are reset at the next attempt). */
export const lockExpired = (r: Pick<RecipientRow, "authLockedUntil">, now = Date.now()) =>
  !!r.authLockedUntil && r.authLockedUntil.getTime() <= now;

/** When the next code may be mailed, given this hour's codes (newest first); null: now. */
export function nextCodeAt(recent: { createdAt: Date }[], now = Date.now()): Date | null {
  const times: number[] = [];
  if (recent[0]) times.push(recent[0].createdAt.getTime() + CODE_RESEND_MS);
  const hourOpener = recent[CODES_PER_HOUR - 1];
  if (hourOpener) times.push(hourOpener.createdAt.getTime() + 60 * 60 * 1000);
  const at = Math.max(0, ...times);
  return at > now ? new Date(at) : null;
}

/**
 * The signer's endpoints call this once the link is found: a recipient with an authentication
 * method needs a live session of their own, else 401 with what the page needs to ask for the code.
 */
export async function requireSignerSession(db: Queryable, r: RecipientRow, req: RequestRow, sessionToken: string | null) {
  if (r.authMethod === "NONE") return;
  if (await findSignerSession(db, r.id, sessionToken)) return;
  const gate = await gateInfo(db, r, req);
  throw new AppError(
    "SIGNER_AUTHENTICATION_REQUIRED",
    r.authMethod === "ACCESS_CODE"
      ? "Enter the access code you were given to open this document"
      : "Enter the code e-mailed to you to open this document",
    { details: { reason: "AUTHENTICATION_REQUIRED", authentication: gate } },
  );
}
