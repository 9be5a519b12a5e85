import "server-only";
import { log } from "../log";
import { eq } from "drizzle-orm";
import { zNewPassword } from "@/lib/schemas/staff";
import { hashPassword, verifyPassword } from "../auth/password";
import { getDb } from "../db";
import { staffUsers } from "../db/schema";
import { AppError, validationError } from "../errors";
import { revokeAllStaffSessions, type StaffIdentity } from "./sessions";
import { reserveAttempt, settleAttempt, SignInThrottledError } from "./sign-in-throttle";

/**
 * A staff member changes their own password: the current one, then the new one twice. Their other
 * browsers are signed out; this one stays signed in. Wrong current passwords count as failed sign-ins
 * of the account (sign-in-throttle.ts: five free, then a doubling wait), so a browser left signed in
 * cannot be used to guess it faster than the sign-in page could.
 */
export async function changeOwnPassword(
  staff: StaffIdentity,
  body: { current: unknown; password: unknown; repeat: unknown },
): Promise<{ otherSessionsEnded: number }> {
  const parsed = zNewPassword.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error, "body");
  const db = await getDb();
  const [me] = await db.select().from(staffUsers).where(eq(staffUsers.id, staff.id));
  if (!me || me.deactivatedAt) throw new AppError("SIGN_IN_REQUIRED", "Sign in again");
  // Throttled and logged like sign-in, on the same account's count (reserved before the check).
  const attempt = await reserveAttempt(me.email, null, "change-password");
  if (attempt.id === undefined) throw new AppError("RATE_LIMITED", new SignInThrottledError(attempt.wait).message);
  if (typeof body.current !== "string" || !me.passwordHash || !(await verifyPassword(body.current, me.passwordHash))) {
    throw new AppError("PASSWORD_INCORRECT", "The current password is not right", {
      errors: [{ field: "current", message: "The current password is not right" }],
    });
  }
  await settleAttempt(attempt.id, "SUCCESS");
  const passwordHash = await hashPassword(parsed.data.password);
  const ended = await db.transaction(async (tx) => {
    await tx.update(staffUsers).set({ passwordHash }).where(eq(staffUsers.id, staff.id));
    return revokeAllStaffSessions(tx, staff.id, staff.sessionId);
  });
  log().info(`staff: ${staff.email} changed their password (${ended} other session(s) ended)`);
  return { otherSessionsEnded: ended };
}
