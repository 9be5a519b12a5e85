import "server-only";
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import { clock } from "../clock";
import { getDb } from "../db";
import { recipients, signatureRequests } from "../db/schema";
import { recordEvent, systemActor } from "../audit/record-event";
import { enqueue } from "../jobs/queue";

/** How many reminders one sweep claims at most; the next sweep (a minute later) goes on. */
const BATCH = 200;

/**
 * The recipient's turn is on and they have not finished it: a SIGNER or APPROVER invited (SENT) or who opened it
 * (VIEWED), a VIEWER invited and not yet viewing. Mailed recipients only: an EMBEDDED one is never mailed.
 */
const awaitingThem: SQL = and(
  eq(recipients.delivery, "EMAIL"),
  or(
    and(inArray(recipients.role, ["SIGNER", "APPROVER"]), inArray(recipients.status, ["SENT", "VIEWED"])),
    and(eq(recipients.role, "VIEWER"), eq(recipients.status, "SENT")),
  ),
)!;

const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

/**
 * The request still wants answers at `now`: IN_PROGRESS (never after completion, decline, cancel or expiry) and
 * not past its expiresAt, even if the expiry sweep has not run yet.
 */
const stillOpen = (now: Date): SQL =>
  and(
    eq(signatureRequests.status, "IN_PROGRESS"),
    or(sql`${signatureRequests.expiresAt} is null`, sql`${signatureRequests.expiresAt} > ${at(now)}`),
  )!;

/** When a recipient's next reminder is due: firstAfterDays after their invitation, then everyDays after the last reminder. */
const nextDue = sql`case when ${recipients.remindersSent} = 0 or ${recipients.lastRemindedAt} is null
  then ${recipients.sentAt} + make_interval(days => ${signatureRequests.reminderFirstAfterDays})
  else ${recipients.lastRemindedAt} + make_interval(days => ${signatureRequests.reminderEveryDays}) end`;

/**
 * Automatic reminders, run by every instance's worker once a minute: each recipient whose turn it is in a
 * request with a reminder schedule gets a reminder when it is due, `max` at most. Each is claimed in its own
 * transaction by a conditional UPDATE (the count read must still be the count), which queues the reminder mail (the
 * invitation job, as a reminder) and records `recipient.reminded`: two instances sweeping at the same moment send
 * one. A reminder counts from the previous one, so a sweep that comes late (the server was down) sends one, not a
 * burst. Times are the request clock's (lib/server/clock.ts), so a test can move them.
 */
export async function sweepReminders(): Promise<{ reminded: number }> {
  const now = clock.now();
  const db = await getDb();
  const due = await db
    .select({
      recipientId: recipients.id,
      requestId: recipients.requestId,
      email: recipients.email,
      remindersSent: recipients.remindersSent,
      max: signatureRequests.reminderMax,
    })
    .from(recipients)
    .innerJoin(signatureRequests, eq(signatureRequests.id, recipients.requestId))
    .where(
      and(
        stillOpen(now),
        isNotNull(signatureRequests.reminderMax),
        awaitingThem,
        isNotNull(recipients.sentAt),
        sql`${recipients.remindersSent} < ${signatureRequests.reminderMax}`,
        sql`${nextDue} <= ${at(now)}`,
      ),
    )
    .orderBy(asc(nextDue))
    .limit(BATCH);

  let reminded = 0;
  for (const d of due) {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(recipients)
        .set({ remindersSent: sql`${recipients.remindersSent} + 1`, lastRemindedAt: now })
        .where(
          and(
            eq(recipients.id, d.recipientId),
            // Nobody claimed it since it was read: the count is still the one the due time was computed from.
            eq(recipients.remindersSent, d.remindersSent),
            awaitingThem,
            sql`exists (select 1 from ${signatureRequests} where ${signatureRequests.id} = ${recipients.requestId}
              and ${stillOpen(now)} and ${signatureRequests.reminderMax} > ${d.remindersSent})`,
          ),
        )
        .returning({ id: recipients.id, remindersSent: recipients.remindersSent });
      if (!row) return false;
      await enqueue(tx, "invitation", { requestId: d.requestId, recipientId: d.recipientId, reminder: true });
      await recordEvent(
        tx,
        d.requestId,
        "recipient.reminded",
        systemActor,
        { recipientId: d.recipientId, email: d.email, reminder: row.remindersSent, max: d.max, automatic: true },
        { at: now },
      );
      return true;
    });
    if (claimed) reminded++;
  }
  return { reminded };
}
