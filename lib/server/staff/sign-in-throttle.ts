import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { clock } from "../clock";
import { getDb, type Queryable } from "../db";
import { together } from "../db/together";
import { authAttempts } from "../db/schema";
import type { StaffSignInMethod } from "@/lib/schemas/states";

/**
 * Staff sign-in throttling, in the database (so every instance shares it) and written as an auth log:
 * every attempt is a row with its outcome. After 5 wrong passwords in a row (since the last success)
 * for an account, or from one client address, each further attempt must wait 2^(n-5) seconds after
 * the last failure (1 s, 2 s, 4 s, … at most 15 minutes); an attempt made sooner is refused without
 * the password being checked (THROTTLED), and does not lengthen the wait.
 *
 * The attempt is reserved before the password is checked: under a transaction-scoped lock
 * per account and per address, the wait is computed and the attempt written as a FAILURE, and only a
 * right password turns it into a SUCCESS afterwards. A burst of parallel attempts is thus counted one
 * after another, each seeing the ones before it, on every instance (the lock and the rows are in the
 * database); an attempt cut off half-way stays a failure.
 */
export const FREE_FAILURES = 5;
export const MAX_WAIT_SECONDS = 15 * 60;
const WINDOW = sql`now() - interval '24 hours'`;

export type AttemptOutcome = "SUCCESS" | "FAILURE" | "THROTTLED";

export function waitAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_WAIT_SECONDS, 2 ** (failures - FREE_FAILURES));
}

/** Failures in a row (within 24 h) for one column's value, and when the last one was. */
async function streak(db: Queryable, column: typeof authAttempts.email | typeof authAttempts.ip, value: string) {
  const [lastSuccess] = await db
    .select({ at: authAttempts.createdAt })
    .from(authAttempts)
    .where(and(eq(column, value), eq(authAttempts.outcome, "SUCCESS"), gt(authAttempts.createdAt, WINDOW)))
    .orderBy(desc(authAttempts.createdAt))
    .limit(1);
  const since = lastSuccess ? and(gt(authAttempts.createdAt, lastSuccess.at)) : gt(authAttempts.createdAt, WINDOW);
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, last: sql<Date | null>`max(${authAttempts.createdAt})` })
    .from(authAttempts)
    .where(and(eq(column, value), eq(authAttempts.outcome, "FAILURE"), since));
  return { failures: Number(row?.n ?? 0), last: row?.last ? new Date(row.last) : null };
}

/** Seconds this attempt must still wait (0: go ahead and check the password). */
async function secondsToWait(db: Queryable, email: string, ip: string | null): Promise<number> {
  // Read through the shared clock so a test holds the moment instead of racing the machine's speed.
  const now = clock.now().getTime();
  const checks = [() => streak(db, authAttempts.email, email), ...(ip ? [() => streak(db, authAttempts.ip, ip)] : [])];
  let wait = 0;
  for (const { failures, last } of await together(db, ...checks)) {
    // Under FREE_FAILURES nothing waits, whatever the clocks say: the database's clock (which writes the
    // failures' times) may run ahead of this instance's.
    if (!last || waitAfter(failures) === 0) continue;
    const until = last.getTime() + waitAfter(failures) * 1000;
    wait = Math.max(wait, Math.ceil((until - now) / 1000));
  }
  return wait;
}

/**
 * Reserves an attempt for `email` (sign-in, or a staff member's current password being checked)
 * before any password is checked: refused (THROTTLED, logged) while a wait is due, else written as a
 * FAILURE whose id `settleAttempt` turns into a SUCCESS when the password was right.
 */
export async function reserveAttempt(
  email: string,
  ip: string | null,
  userAgent: string | null,
  how: { method: StaffSignInMethod; ssoConnectionId?: string } = { method: "PASSWORD" },
): Promise<{ wait: number; id?: undefined } | { wait: 0; id: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Always in this order (account, then address), so two attempts never wait on each other in a cycle.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${email}`}))`);
    if (ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in-ip:${ip}`}))`);
    const wait = await secondsToWait(tx, email, ip);
    const ua = userAgent?.slice(0, 500) ?? null;
    const by = { method: how.method, ssoConnectionId: how.ssoConnectionId ?? null };
    if (wait > 0) {
      await tx.insert(authAttempts).values({ email, ip, userAgent: ua, outcome: "THROTTLED", ...by });
      return { wait };
    }
    const [row] = await tx
      .insert(authAttempts)
      .values({ email, ip, userAgent: ua, outcome: "FAILURE", ...by })
      .returning({ id: authAttempts.id });
    if (!row) throw new Error("the attempt was not written");
    return { wait: 0, id: row.id };
  });
}

/** The reserved attempt's password was right (SUCCESS), or it failed: a single sign-on failure keeps its reason (a code, no claim). */
export async function settleAttempt(id: string, outcome: Exclude<AttemptOutcome, "THROTTLED">, reason?: string): Promise<void> {
  if (outcome === "FAILURE" && !reason) return; // written so when reserved
  const db = await getDb();
  await db
    .update(authAttempts)
    .set(outcome === "SUCCESS" ? { outcome } : { reason })
    .where(eq(authAttempts.id, id));
}

export class SignInThrottledError extends Error {
  constructor(readonly seconds: number) {
    super(
      `Too many failed sign-ins. Try again in ${seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`}.`,
    );
    this.name = "SignInThrottledError";
  }
}

/** A reservation that turned out not to be a sign-in of its own (a SAML post whose sign-in is logged when it finishes). */
export async function dropAttempt(id: string): Promise<void> {
  const db = await getDb();
  await db.delete(authAttempts).where(eq(authAttempts.id, id));
}
