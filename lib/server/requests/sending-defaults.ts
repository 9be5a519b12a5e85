import "server-only";
import { signedInStaff } from "../auth/signed-in-staff";
import { log } from "../log";
import { eq } from "drizzle-orm";
import type { SendingDefaultsDto, UpdateSendingDefaults } from "@/lib/schemas/send-settings";
import type { KeyAuth } from "../auth/authenticate";
import { config } from "../config";
import { getDb, type Queryable } from "../db";
import { organizations } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError } from "../errors";
import { reminderColumns, remindersOf } from "../model/send-settings";

type OrgRow = typeof organizations.$inferSelect;

const toDto = (org: OrgRow): SendingDefaultsDto => ({
  expiryDays: org.defaultExpiryDays,
  reminders: remindersOf({
    reminderFirstAfterDays: org.defaultReminderFirstAfterDays,
    reminderEveryDays: org.defaultReminderEveryDays,
    reminderMax: org.defaultReminderMax,
  }),
  serverExpiryDays: config.expiryDays,
  timezone: org.timezone,
  dateFormat: org.defaultDateFormat,
});

const orgOf = async (db: Queryable, auth: KeyAuth) =>
  oneRow(await db.select().from(organizations).where(eq(organizations.id, auth.orgId)), "the key's organization");

/** GET /settings/sending: any key of the organization reads its defaults (expiry, reminders, time zone, date format). */
export async function getSendingDefaults(auth: KeyAuth): Promise<SendingDefaultsDto> {
  return toDto(await orgOf(await getDb(), auth));
}

/**
 * Whether this caller may change what the whole organization's new drafts take, in both environments: a
 * production key (which already manages every key of the organization), or a dashboard call by a staff member
 * who is an ADMIN of it now (read again from the store, as for copying a signing link). A sandbox key, which
 * anyone trying Signet out holds, may not; nor a member (the dashboard's proxy refuses them first).
 */
async function assertMayChangeDefaults(db: Queryable, auth: KeyAuth) {
  if (auth.staff) {
    if ((await signedInStaff(db, auth))?.role === "ADMIN") return;
  } else if (auth.environment === "PRODUCTION") return;
  throw new AppError(
    "ADMIN_REQUIRED",
    "Only a production API key, or an admin in the dashboard, can change the organization's sending defaults",
  );
}

/** PATCH /settings/sending: only what the body gives; drafts made afterwards take the new defaults. */
export async function updateSendingDefaults(auth: KeyAuth, input: UpdateSendingDefaults): Promise<SendingDefaultsDto> {
  const db = await getDb();
  await assertMayChangeDefaults(db, auth);
  const reminders = input.reminders !== undefined ? reminderColumns(input.reminders) : null;
  const org = oneRow(
    await db
      .update(organizations)
      .set({
        ...(input.expiryDays !== undefined && { defaultExpiryDays: input.expiryDays }),
        ...(reminders && {
          defaultReminderFirstAfterDays: reminders.reminderFirstAfterDays,
          defaultReminderEveryDays: reminders.reminderEveryDays,
          defaultReminderMax: reminders.reminderMax,
        }),
        ...(input.timezone !== undefined && { timezone: input.timezone }),
        ...(input.dateFormat !== undefined && { defaultDateFormat: input.dateFormat }),
      })
      .where(eq(organizations.id, auth.orgId))
      .returning(),
    "the key's organization",
  );
  log().info(
    `sending defaults of organization ${auth.orgId} changed by ${auth.staff ? `staff:${auth.staff.id}` : `api-key:${auth.keyPrefix}`}: ${JSON.stringify(input)}`,
  );
  return toDto(org);
}
