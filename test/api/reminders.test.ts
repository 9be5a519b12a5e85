import { afterEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/server/db";
import { jobs } from "@/lib/server/db/schema";
import { clock } from "@/lib/server/clock";
import { runDueJobs } from "@/lib/server/worker/worker";
import { sweepReminders } from "@/lib/server/requests/remind-due";
import { call, makeOrg } from "../support/api";
import { draftWithSigners, sendDraft, type DraftSigner } from "../support/drafts";
import { tokenOf } from "../support/signing";
import { outboxMailsOf } from "../support/outbox-mail";
import { firstOf } from "../support/expect-helpers";

// Automatic reminders with a moved clock: they go at the schedule (first after firstAfterDays
// from the recipient's invitation, then every everyDays, max at most), to the recipients whose turn it is only, once
// however many instances sweep, and never after completion or cancel.

const SR = "/api/v1/enterprise/signature-requests";
const DAY = 86_400_000;

afterEach(() => {
  vi.restoreAllMocks();
});

/** The request's clock, `days` after `t0`. */
const setDay = (t0: number, days: number) => vi.spyOn(clock, "now").mockImplementation(() => new Date(t0 + days * DAY));

/** The recipients reminded so far, one entry per reminder (audit), checked against the queued reminder jobs. */
async function remindedOf(key: string, id: string): Promise<string[]> {
  const events = (await call("GET", `${SR}/${id}/audit`, { key })).body.data.items as {
    type: string;
    actor: string;
    data: { recipientId?: string };
  }[];
  const reminded = events.filter((e) => e.type === "recipient.reminded");
  for (const e of reminded) expect(e.actor).toBe("system");
  const db = await getDb();
  const queued = (await db.select().from(jobs).where(eq(jobs.type, "invitation"))).filter(
    (j) => j.payload.requestId === id && j.payload.reminder === true,
  );
  expect(queued.map((j) => j.payload.recipientId).sort()).toEqual(reminded.map((e) => e.data.recipientId).sort());
  return reminded.map((e) => e.data.recipientId!);
}

async function signAs(recipientId: string, name: string) {
  const token = await tokenOf(recipientId);
  const view = await call("GET", `/api/sign/${token}`);
  const values = (view.body.data.fields as { id: string }[]).map((f) => ({ fieldId: f.id, typed: name }));
  const r = await call("POST", `/api/sign/${token}/sign`, { json: { consent: true, values } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { completed: boolean };
}

async function withReminders<const S extends readonly DraftSigner[]>(key: string, signers: S, reminders: unknown) {
  const d = await draftWithSigners(key, signers, "Reminded contract");
  const r = await call("PATCH", `${SR}/${d.id}`, { key, json: { reminders, expiryDays: 30 } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return d;
}

describe("automatic reminders", () => {
  it("go at the schedule to whoever's turn it is, once across instances, and stop at max and at completion", async () => {
    const t0 = Date.now();
    setDay(t0, 0);
    const key = (await makeOrg()).sandboxKey;
    const {
      id,
      recipientIds: [first, second],
    } = await withReminders(
      key,
      [
        { email: "remind.first@example.com", name: "Rita First", order: 1 },
        { email: "remind.second@example.com", name: "Rob Second", order: 2 },
      ],
      { firstAfterDays: 2, everyDays: 3, max: 2 },
    );
    await sendDraft(key, id);
    await runDueJobs(); // the first signer's invitation: sent at day 0

    const at = async (day: number) => {
      setDay(t0, day);
      await sweepReminders();
      return remindedOf(key, id);
    };
    expect(await at(1)).toEqual([]);
    expect(await at(2)).toEqual([first]);
    // The same moment again, and two instances at once: nothing more.
    await Promise.all([sweepReminders(), sweepReminders()]);
    expect(await remindedOf(key, id)).toEqual([first]);

    // The reminder mail: a reminder, to the first signer only.
    await runDueJobs();
    const reminder = firstOf(await outboxMailsOf(id, "reminder"), "the reminder");
    expect(reminder.to).toContain("remind.first@example.com");
    expect(reminder.headers.subject).toBe("[Sandbox] Reminder: please sign: Reminded contract");
    expect(reminder.text).toMatch(/Please sign by /);

    expect(await at(3)).toEqual([first]);
    expect(await at(4.99)).toEqual([first]);
    // Day 5: three days after the first reminder. Two instances sweep at the same moment: one reminder.
    setDay(t0, 5);
    const [a, b] = await Promise.all([sweepReminders(), sweepReminders()]);
    expect(a.reminded + b.reminded).toBeGreaterThanOrEqual(1);
    expect(await remindedOf(key, id)).toEqual([first, first]);
    // max 2: no third.
    expect(await at(7.99)).toEqual([first, first]);
    expect(await at(8)).toEqual([first, first]);
    const dto = (await call("GET", `${SR}/${id}`, { key })).body.data;
    expect(dto.recipients.map((r: { remindersSent: number }) => r.remindersSent)).toEqual([2, 0]);
    expect(firstOf(dto.recipients, "recipients").lastRemindedAt).toBe(new Date(t0 + 5 * DAY).toISOString());

    // The first signs at day 8: the second's turn starts then, and their reminders count from it.
    setDay(t0, 8);
    await runDueJobs();
    await signAs(first, "Rita First");
    await runDueJobs(); // the second signer's invitation, at day 8
    expect(await at(9)).toEqual([first, first]);
    expect(await at(10)).toEqual([first, first, second]);

    // The second signs before their queued reminder goes out: it is not sent.
    expect((await signAs(second, "Rob Second")).completed).toBe(true);
    await runDueJobs(); // the reminder job (skipped), the seal
    await runDueJobs(); // completion mails
    expect((await outboxMailsOf(id, "reminder")).map((m) => m.to)).toEqual([
      expect.stringContaining("remind.first@example.com"),
      expect.stringContaining("remind.first@example.com"),
    ]);
    expect((await call("GET", `${SR}/${id}`, { key })).body.data.status).toBe("COMPLETED");
    // After completion: none, however late.
    expect(await at(13)).toEqual([first, first, second]);
    expect(await at(40)).toEqual([first, first, second]);
  });

  it("none for a cancelled request, nor a signed recipient; a reminder queued before a cancel is not mailed", async () => {
    const t0 = Date.now();
    setDay(t0, 0);
    const key = (await makeOrg()).sandboxKey;
    const {
      id,
      recipientIds: [done, waiting],
    } = await withReminders(
      key,
      [
        { email: "parallel.done@example.com", name: "Dana Done", order: 1 },
        { email: "parallel.waiting@example.com", name: "Will Waiting", order: 1 },
      ],
      { firstAfterDays: 1, everyDays: 1, max: 3 },
    );
    await sendDraft(key, id);
    await runDueJobs();
    await signAs(done, "Dana Done");

    setDay(t0, 1);
    await sweepReminders();
    expect(await remindedOf(key, id)).toEqual([waiting]);

    const cancelled = await call("POST", `${SR}/${id}/cancel`, { key, json: { reason: "no longer needed" } });
    expect(cancelled.status).toBe(200);
    await runDueJobs();
    expect(await outboxMailsOf(id, "reminder")).toEqual([]);
    for (const day of [2, 3, 10]) {
      setDay(t0, day);
      await sweepReminders();
    }
    expect(await remindedOf(key, id)).toEqual([waiting]);
  });

  it("none without a schedule, nor for an EMBEDDED recipient, nor past the request's expiry", async () => {
    const t0 = Date.now();
    setDay(t0, 0);
    const key = (await makeOrg()).sandboxKey;
    const plain = await draftWithSigners(key, [{ email: "no.schedule@example.com", name: "Nora None" }]);
    await sendDraft(key, plain.id);
    const embedded = await withReminders(key, [{ email: "embedded.r@example.com", name: "Emma Bedded", order: 1 }], {
      firstAfterDays: 1,
      everyDays: 1,
      max: 5,
    });
    const r = await call("PATCH", `${SR}/${embedded.id}/recipients/${embedded.recipientIds[0]}`, {
      key,
      json: { delivery: "EMBEDDED" },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await sendDraft(key, embedded.id);
    const short = await withReminders(key, [{ email: "short.lived@example.com", name: "Sid Short", order: 1 }], {
      firstAfterDays: 3,
      everyDays: 1,
      max: 5,
    });
    await call("PATCH", `${SR}/${short.id}`, { key, json: { expiryDays: 2 } });
    await sendDraft(key, short.id);
    await runDueJobs();

    setDay(t0, 4);
    await sweepReminders();
    expect(await remindedOf(key, plain.id)).toEqual([]);
    expect(await remindedOf(key, embedded.id)).toEqual([]);
    expect(await remindedOf(key, short.id)).toEqual([]);
  });
});
