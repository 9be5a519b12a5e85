import "server-only";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { getDb } from "../db";
import { authAttempts } from "../db/schema";

/**
 * Staff sign-in throttling, in the database (so every instance shares it) and written as an auth log:
 * every attempt is a row with its outcome. After 5 wrong passwords in a row (since the last success)
 * for an account, or from one client address, each further attempt must wait 2^(n-5) seconds after
 * the last failure (1 s, 2 s, 4 s, … at most 15 minutes); an attempt made sooner is refused without
 * the password being checked (THROTTLED), and does not lengthen the wait.
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
async function streak(column: typeof authAttempts.email | typeof authAttempts.ip, value: string) {
  const db = await getDb();
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
export async function secondsToWait(email: string, ip: string | null): Promise<number> {
  const now = Date.now();
  const checks = [streak(authAttempts.email, email), ...(ip ? [streak(authAttempts.ip, ip)] : [])];
  let wait = 0;
  for (const { failures, last } of await Promise.all(checks)) {
    if (!last) continue;
    const until = last.getTime() + waitAfter(failures) * 1000;
    wait = Math.max(wait, Math.ceil((until - now) / 1000));
  }
  return wait;
}

export async function recordAttempt(
  email: string,
  ip: string | null,
  userAgent: string | null,
  outcome: AttemptOutcome,
): Promise<void> {
  const db = await getDb();
  await db.insert(authAttempts).values({ email, ip, userAgent: userAgent?.slice(0, 500) ?? null, outcome });
}

export class SignInThrottledError extends Error {
  constructor(readonly seconds: number) {
    super(
      `Too many failed sign-ins. Try again in ${seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`}.`,
    );
    this.name = "SignInThrottledError";
  }
}
