import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull } from "drizzle-orm";
import { getDb, type Queryable } from "../db";
import { recipients, signerCodes } from "../db/schema";
import { AppError } from "../errors";
import { recordEvent, type Actor } from "../audit/record-event";
import { verifyPassword } from "../auth/password";
import { enqueue } from "../jobs/queue";
import { getSecret } from "../secrets";
import { findSigner } from "./find-signer";
import { limitSigner } from "./limit-signer";
import {
  CODE_TTL_MS,
  createSignerSession,
  emailHint,
  findSignerSession,
  gateInfo,
  LOCK_MS,
  lockExpired,
  MAX_FAILURES,
  nextCodeAt,
} from "./signer-session";

type Who = Omit<Actor, "actor">;
type RecipientRow = typeof recipients.$inferSelect;

const actorOf = (r: RecipientRow, who: Who): Actor => ({ actor: `recipient:${r.id}`, ip: who.ip, userAgent: who.userAgent });
/** The audit name of a method: recipient.access_code.* or recipient.email_code.* */
const eventOf = (method: string) => (method === "ACCESS_CODE" ? "access_code" : "email_code");

/**
 * An e-mailed code, derived from a server secret and its row's id: a retried mail job sends the same
 * code, and the code itself is never stored (its keyed hash is).
 */
export async function signerCodeOf(db: Queryable, codeId: string): Promise<string> {
  const secret = await getSecret(db, "signer-code");
  const mac = crypto.createHmac("sha256", secret).update(`code:${codeId}`).digest();
  return String(mac.readUIntBE(0, 6) % 1_000_000).padStart(6, "0");
}

async function codeHash(db: Queryable, recipientId: string, code: string): Promise<string> {
  const secret = await getSecret(db, "signer-code");
  return crypto.createHmac("sha256", secret).update(`hash:${recipientId}:${code}`).digest("hex");
}

const sameHex = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a, "hex"), Buffer.from(b, "hex"));

function lockedError(until: Date) {
  const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  return new AppError(
    "SIGNING_LINK_LOCKED",
    `Too many wrong codes: this link is locked until ${until.toISOString().slice(11, 16)} UTC (${Math.ceil(seconds / 60)} min). Try again then.`,
    {
      headers: { "Retry-After": String(seconds) },
      details: { reason: "LOCKED", lockedUntil: until.toISOString(), retryAfterSeconds: seconds },
    },
  );
}

function needsNoCode() {
  return new AppError("SIGNER_CODE_NOT_NEEDED", "This signing link needs no code", { details: { method: "NONE" } });
}

/** GET …/authentication: what the page shows before (and whether) the signer gave their code. */
export async function authenticationState(token: string, who: Who, session: string | null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  const { r, req } = await findSigner(db, token);
  const verified = r.authMethod === "NONE" ? true : !!(await findSignerSession(db, r.id, session));
  return { ...(await gateInfo(db, r, req)), verified };
}

/**
 * POST …/authentication/code: mails an EMAIL_CODE signer a new 6-digit code (through the mail
 * queue, in the same transaction), valid 10 minutes; older codes stop working. At most one every
 * 30 seconds and five an hour per recipient, none while the link is locked.
 */
export async function sendSignerCode(token: string, who: Who) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    if (r.authMethod === "NONE") throw needsNoCode();
    if (r.authMethod !== "EMAIL_CODE") {
      throw new AppError(
        "SIGNER_CODE_NOT_EMAILED",
        "This link opens with the access code the sender gave you; no code is e-mailed",
        {
          details: { method: r.authMethod },
        },
      );
    }
    const now = Date.now();
    if (r.authLockedUntil && r.authLockedUntil.getTime() > now) throw lockedError(r.authLockedUntil);
    const recent = await tx
      .select({ createdAt: signerCodes.createdAt })
      .from(signerCodes)
      .where(and(eq(signerCodes.recipientId, r.id), gt(signerCodes.createdAt, new Date(now - 60 * 60 * 1000))))
      .orderBy(desc(signerCodes.createdAt));
    const wait = nextCodeAt(recent, now);
    if (wait) {
      const seconds = Math.max(1, Math.ceil((wait.getTime() - now) / 1000));
      throw new AppError("SIGNER_CODE_TOO_SOON", `A new code can be sent in ${seconds} s`, {
        headers: { "Retry-After": String(seconds) },
        details: { reason: "CODE_RATE_LIMITED", nextCodeAt: wait.toISOString(), retryAfterSeconds: seconds },
      });
    }
    const at = new Date(now);
    // A new code ends the ones before it.
    await tx
      .update(signerCodes)
      .set({ expiresAt: at })
      .where(and(eq(signerCodes.recipientId, r.id), isNull(signerCodes.usedAt), gt(signerCodes.expiresAt, at)));
    const id = crypto.randomUUID();
    const expiresAt = new Date(now + CODE_TTL_MS);
    await tx.insert(signerCodes).values({
      id,
      recipientId: r.id,
      codeHash: await codeHash(tx, r.id, await signerCodeOf(tx, id)),
      expiresAt,
      createdAt: at,
    });
    await enqueue(tx, "signer-code", { requestId: req.id, recipientId: r.id, codeId: id }, { maxAttempts: 5 });
    await recordEvent(tx, req.id, "recipient.email_code.sent", actorOf(r, who), {
      email: r.email,
      expiresAt: expiresAt.toISOString(),
    });
    return {
      sentTo: emailHint(r.email),
      expiresAt: expiresAt.toISOString(),
      nextCodeAt: nextCodeAt([{ createdAt: at }, ...recent], now)?.toISOString() ?? null,
    };
  });
}

type Outcome = { ok: true; session: { token: string; expiresAt: Date }; method: string } | { ok: false; error: AppError };

/**
 * POST …/authentication: checks an access code or an e-mailed code. Right: a signer session for
 * this link (the route sets its cookie), the failure count back to 0, an e-mailed code used up.
 * Wrong: counted in the recipient's row; the fifth in a row locks the link for 15 minutes. Every
 * outcome is an audit event (never with the code). The count is committed before the error is
 * answered, so a wrong code is never forgotten.
 */
export async function verifySignerCode(token: string, given: string, who: Who) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  const code = given.trim();
  const outcome: Outcome = await db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    if (r.authMethod === "NONE") throw needsNoCode();
    const now = Date.now();
    if (r.authLockedUntil && r.authLockedUntil.getTime() > now) throw lockedError(r.authLockedUntil);
    // A lock that has run out starts the count again.
    const failures = lockExpired(r, now) ? 0 : r.authFailures;
    const kind = eventOf(r.authMethod);

    let right = false;
    let reason: string | undefined;
    let usedCodeId: string | undefined;
    if (r.authMethod === "ACCESS_CODE") {
      right = !!r.accessCodeHash && (await verifyPassword(code, r.accessCodeHash).catch(() => false));
    } else {
      const [last] = await tx
        .select()
        .from(signerCodes)
        .where(eq(signerCodes.recipientId, r.id))
        .orderBy(desc(signerCodes.createdAt))
        .limit(1);
      if (!last) reason = "no code was sent";
      else if (/^\d{6}$/.test(code) && sameHex(last.codeHash, await codeHash(tx, r.id, code))) {
        if (last.usedAt) reason = "the code was already used";
        else if (last.expiresAt.getTime() <= now) reason = "the code has expired";
        else {
          right = true;
          usedCodeId = last.id;
        }
      }
    }

    if (right) {
      if (usedCodeId)
        await tx
          .update(signerCodes)
          .set({ usedAt: new Date(now) })
          .where(eq(signerCodes.id, usedCodeId));
      await tx.update(recipients).set({ authFailures: 0, authLockedUntil: null }).where(eq(recipients.id, r.id));
      const session = await createSignerSession(tx, r.id, r.authMethod as "ACCESS_CODE" | "EMAIL_CODE", who);
      await recordEvent(tx, req.id, `recipient.${kind}.verified`, actorOf(r, who), {
        email: r.email,
        sessionExpiresAt: session.expiresAt.toISOString(),
      });
      return { ok: true, session, method: r.authMethod };
    }

    const attempt = failures + 1;
    const attemptsLeft = Math.max(0, MAX_FAILURES - attempt);
    await recordEvent(tx, req.id, `recipient.${kind}.failed`, actorOf(r, who), {
      email: r.email,
      attempt,
      attemptsLeft,
      ...(reason && { reason }),
    });
    if (attempt >= MAX_FAILURES) {
      const until = new Date(now + LOCK_MS);
      await tx.update(recipients).set({ authFailures: 0, authLockedUntil: until }).where(eq(recipients.id, r.id));
      await recordEvent(tx, req.id, "recipient.link.locked", actorOf(r, who), {
        email: r.email,
        method: r.authMethod,
        failures: attempt,
        lockedUntil: until.toISOString(),
      });
      return { ok: false, error: lockedError(until) };
    }
    await tx.update(recipients).set({ authFailures: attempt, authLockedUntil: null }).where(eq(recipients.id, r.id));
    const what =
      r.authMethod === "ACCESS_CODE"
        ? "That access code is not right"
        : reason
          ? `That code cannot be used: ${reason}; ask for a new one`
          : "That code is not right";
    return {
      ok: false,
      error: new AppError(
        "SIGNER_CODE_WRONG",
        `${what}. ${attemptsLeft} attempt${attemptsLeft === 1 ? "" : "s"} left before the link locks for 15 minutes`,
        {
          details: { reason: "WRONG_CODE", attemptsLeft },
        },
      ),
    };
  });
  if (!outcome.ok) throw outcome.error;
  return {
    token: outcome.session.token,
    data: { verified: true as const, method: outcome.method, sessionExpiresAt: outcome.session.expiresAt.toISOString() },
  };
}
