import "server-only";
import { EXPIRY_MAX_DAYS, type Reminders, type SendSettingsDto } from "@/lib/schemas/send-settings";
import { config } from "../config";
import type { organizations, signatureRequests } from "../db/schema";
import { AppError } from "../errors";
import { iso } from "../api-keys/dto";

// A request's send settings: how the API's values become columns and columns the DTO, and the
// rules that depend on the time (an expiry in the future, within a year).

const DAY_MS = 86_400_000;

/** The send settings as the API takes them (lib/schemas/send-settings.ts), each optional. */
export interface SendSettingsInput {
  subject?: string | null;
  message?: string | null;
  replyTo?: string | null;
  expiresAt?: string;
  expiryDays?: number;
  reminders?: Reminders | null;
}

type RequestRow = typeof signatureRequests.$inferSelect;
type OrgRow = typeof organizations.$inferSelect;

/** The columns of the reminder schedule (all three, or all null). */
export const reminderColumns = (r: Reminders | null) => ({
  reminderFirstAfterDays: r?.firstAfterDays ?? null,
  reminderEveryDays: r?.everyDays ?? null,
  reminderMax: r?.max ?? null,
});

/**
 * An expiry given as a moment: in the future and at most EXPIRY_MAX_DAYS ahead of `now`; else 400 naming
 * `expiresAt` (a rule of time, so not in the schema, which has no clock).
 */
export function judgeExpiresAt(value: string, now: Date): Date {
  const at = new Date(value);
  let message: string | null = null;
  if (at.getTime() <= now.getTime()) message = "expiresAt must be in the future";
  else if (at.getTime() > now.getTime() + EXPIRY_MAX_DAYS * DAY_MS)
    message = `expiresAt must be at most ${EXPIRY_MAX_DAYS} days ahead`;
  if (message) throw new AppError("VALIDATION_FAILED", message, { errors: [{ field: "expiresAt", message }] });
  return at;
}

/**
 * The columns a change of send settings writes: only what is given. An expiry given one way clears the other
 * (expiresAt on a DRAFT is the moment asked for; see the expiryDays column).
 */
export function sendSettingsChanges(input: SendSettingsInput, now: Date) {
  return {
    ...(input.subject !== undefined && { emailSubject: input.subject }),
    ...(input.message !== undefined && { emailMessage: input.message }),
    ...(input.replyTo !== undefined && { replyTo: input.replyTo }),
    ...(input.expiresAt !== undefined && { expiresAt: judgeExpiresAt(input.expiresAt, now), expiryDays: null }),
    ...(input.expiryDays !== undefined && { expiresAt: null, expiryDays: input.expiryDays }),
    ...(input.reminders !== undefined && reminderColumns(input.reminders)),
  };
}

/** What a new draft takes from its organization when its creator names nothing: the expiry and the reminders. */
export function orgSendDefaults(
  org: Pick<OrgRow, "defaultExpiryDays" | "defaultReminderFirstAfterDays" | "defaultReminderEveryDays" | "defaultReminderMax">,
) {
  return {
    expiryDays: org.defaultExpiryDays ?? config.expiryDays,
    reminders: remindersOf({
      reminderFirstAfterDays: org.defaultReminderFirstAfterDays,
      reminderEveryDays: org.defaultReminderEveryDays,
      reminderMax: org.defaultReminderMax,
    }),
  };
}

export const remindersOf = (r: {
  reminderFirstAfterDays: number | null;
  reminderEveryDays: number | null;
  reminderMax: number | null;
}): Reminders | null =>
  r.reminderFirstAfterDays !== null && r.reminderEveryDays !== null && r.reminderMax !== null
    ? { firstAfterDays: r.reminderFirstAfterDays, everyDays: r.reminderEveryDays, max: r.reminderMax }
    : null;

export function toSendSettingsDto(r: RequestRow): SendSettingsDto {
  return {
    subject: r.emailSubject,
    message: r.emailMessage,
    replyTo: r.replyTo,
    expiryDays: r.expiryDays,
    // The moment asked for: on a request counted in days, expiresAt is the one sending computed (the request's own).
    expiresAt: r.expiryDays === null ? iso(r.expiresAt) : null,
    reminders: remindersOf(r),
  };
}

/**
 * When a request sent at `now` expires: the moment asked for, else `expiryDays` (the organization's default, else
 * EXPIRY_DAYS, for a draft made before requests had send settings) after sending. A moment that has passed is a 422: the sender
 * sets another (PATCH) and sends again.
 */
export function expiryAtSend(req: RequestRow, org: Pick<OrgRow, "defaultExpiryDays">, now: Date): Date {
  if (req.expiryDays === null && req.expiresAt) {
    if (req.expiresAt.getTime() <= now.getTime()) {
      throw new AppError(
        "EXPIRY_PASSED",
        `The request's expiresAt (${req.expiresAt.toISOString()}) has passed: set a later expiresAt, or expiryDays, before sending`,
        { details: { expiresAt: req.expiresAt.toISOString() } },
      );
    }
    return req.expiresAt;
  }
  const days = req.expiryDays ?? org.defaultExpiryDays ?? config.expiryDays;
  return new Date(now.getTime() + days * DAY_MS);
}
