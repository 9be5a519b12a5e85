import { describe, expect, it } from "vitest";
import { storeBefore } from "../support/migrations";
import { organizations, recipients, signatureRequests } from "@/lib/server/db/schema";
import { toRecipientDto, toRequestHeader } from "@/lib/server/model/request-dto";
import { expiryAtSend } from "@/lib/server/model/send-settings";
import { config } from "@/lib/server/config";

// Migration 0014 on a store made before it: organizations, requests and recipients of the time read
// back without send settings (no subject, message, Reply-To, reminders; no organization defaults), a request sent
// then keeps its expiry, and a draft of then expires EXPIRY_DAYS after it is sent, as before.

describe("migration 0014_send_settings", () => {
  it("reads rows made before it as having no send settings", async () => {
    const { client, db, q, migrateRest } = await storeBefore("0014_send_settings");
    const [org] = await q<{ id: string }>(`insert into organizations (name) values ('Old') returning id`);
    const [draft] = await q<{ id: string }>(
      `insert into signature_requests (org_id, environment, title) values ($1, 'SANDBOX', 'Old draft') returning id`,
      [org!.id],
    );
    const [sent] = await q<{ id: string }>(
      `insert into signature_requests (org_id, environment, title, status, sent_at, expires_at)
       values ($1, 'SANDBOX', 'Old sent', 'IN_PROGRESS', now(), now() + interval '30 days') returning id`,
      [org!.id],
    );
    await q(
      `insert into recipients (request_id, email, name, status, sent_at) values ($1, 'old@example.com', 'Old Signer', 'SENT', now())`,
      [sent!.id],
    );

    await migrateRest();

    const [o] = await db.select().from(organizations);
    expect(o).toMatchObject({
      defaultExpiryDays: null,
      defaultReminderFirstAfterDays: null,
      defaultReminderEveryDays: null,
      defaultReminderMax: null,
    });
    const rows = await db.select().from(signatureRequests);
    const oldDraft = rows.find((r) => r.id === draft!.id)!;
    const oldSent = rows.find((r) => r.id === sent!.id)!;
    const none = { subject: null, message: null, replyTo: null, expiryDays: null, expiresAt: null, reminders: null };
    expect(toRequestHeader(oldDraft).sendSettings).toEqual(none);
    // A request sent then: its expiry is the one sending set (shown as a moment), with no reminders.
    expect(toRequestHeader(oldSent).sendSettings).toEqual({ ...none, expiresAt: oldSent.expiresAt!.toISOString() });
    expect(oldSent).toMatchObject({ senderName: null, senderEmail: null, reminderMax: null });
    const now = new Date();
    expect(expiryAtSend(oldDraft, o!, now).getTime() - now.getTime()).toBe(config.expiryDays * 86_400_000);
    const [rec] = await db.select().from(recipients);
    expect(rec).toMatchObject({ remindersSent: 0, lastRemindedAt: null });
    expect(toRecipientDto(rec!)).toMatchObject({ remindersSent: 0, lastRemindedAt: null });

    // A reminder schedule is all three settings or none: the database refuses a part of one.
    await expect(q(`update signature_requests set reminder_max = 2 where id = $1`, [draft!.id])).rejects.toThrow(
      /signature_requests_reminders_check/,
    );
    await expect(q(`update organizations set default_reminder_every_days = 2 where id = $1`, [org!.id])).rejects.toThrow(
      /organizations_default_reminders_check/,
    );
    await client.close();
  });
});
