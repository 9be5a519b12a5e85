import { z } from "zod";
import { zDateFormat, zTimeZone } from "./locale";

// A request's send settings (docs/api.md "Send settings"): the invitation's subject and the sender's
// message, when it expires, automatic reminders, and the Reply-To. Given on create (multipart parts) and on PATCH
// of a DRAFT (JSON); the organization's defaults (expiry, reminders) on /settings/sending.

export const SUBJECT_MAX = 200;
export const MESSAGE_MAX = 5000;
export const EXPIRY_MAX_DAYS = 365;
export const REMINDER_MAX_DAYS = 365;
export const REMINDERS_MAX = 10;

/** One header line: no control characters (C0, DEL, C1) nor line separators, so no header can be started. */
const LINE_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** Plain text of several lines: tabs and line breaks, no other control characters. */
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** An empty subject or message is none: Signet's own subject, no message. */
const noneIfEmpty = (s: string) => (s === "" ? null : s);

export const zEmailSubject = z
  .string({ error: "subject must be a string" })
  .trim()
  .max(SUBJECT_MAX, { error: `subject is at most ${SUBJECT_MAX} characters` })
  .refine((s) => !LINE_CONTROL.test(s), { error: "subject must be one line: no line breaks or control characters" })
  .transform(noneIfEmpty)
  .meta({
    description: `The invitation's and reminders' subject (≤ ${SUBJECT_MAX} characters, one line); empty or null: Signet's own ("Please sign: <title>")`,
  });

export const zEmailMessage = z
  .string({ error: "message must be a string" })
  .trim()
  .max(MESSAGE_MAX, { error: `message is at most ${MESSAGE_MAX} characters` })
  .refine((s) => !TEXT_CONTROL.test(s), {
    error: "message must be plain text: no control characters other than tabs and line breaks",
  })
  // One kind of line break is stored: what the text part and the HTML (<br>) are made from.
  .transform((s) => noneIfEmpty(s.replace(/\r\n?|[\u2028\u2029]/g, "\n")))
  .meta({
    description: `The sender's own words, plain text (≤ ${MESSAGE_MAX} characters, line breaks kept), shown in the invitation and reminders after the greeting, escaped; empty or null: none`,
  });

export const zReplyTo = z
  .email({ error: "replyTo must be a valid e-mail address" })
  .max(320, { error: "replyTo must be a valid e-mail address" })
  .meta({ description: "The Reply-To of the request's mails; null: the staff member who sent it, else none" });

const EXPIRY_DAYS_ERROR = `expiryDays must be a whole number of days from 1 to ${EXPIRY_MAX_DAYS}`;
export const zExpiryDays = z
  .number({ error: EXPIRY_DAYS_ERROR })
  .int({ error: EXPIRY_DAYS_ERROR })
  .min(1, { error: EXPIRY_DAYS_ERROR })
  .max(EXPIRY_MAX_DAYS, { error: EXPIRY_DAYS_ERROR })
  .meta({ description: `Days from sending to expiry (1–${EXPIRY_MAX_DAYS})` });

export const zExpiresAt = z.iso
  .datetime({
    offset: true,
    error: "expiresAt must be an ISO 8601 date and time with its offset, such as 2027-01-31T17:00:00Z",
  })
  .meta({
    description: `When the request expires: in the future, at most ${EXPIRY_MAX_DAYS} days ahead (checked again at send). Instead of expiryDays`,
  });

const days = (name: string) => {
  const error = `reminders.${name} must be a whole number of days from 1 to ${REMINDER_MAX_DAYS}`;
  return z.number({ error }).int({ error }).min(1, { error }).max(REMINDER_MAX_DAYS, { error });
};
const MAX_ERROR = `reminders.max must be a whole number from 0 to ${REMINDERS_MAX}`;
/**
 * The reminder schedule: each recipient whose turn it is is reminded `firstAfterDays` after their invitation, then
 * every `everyDays` after the last reminder, `max` times at most.
 */
export const zReminders = z.strictObject(
  {
    firstAfterDays: days("firstAfterDays").meta({ description: "Days from a recipient's invitation to their first reminder" }),
    everyDays: days("everyDays").meta({ description: "Days from one reminder to the next" }),
    max: z
      .number({ error: MAX_ERROR })
      .int({ error: MAX_ERROR })
      .min(0, { error: MAX_ERROR })
      .max(REMINDERS_MAX, { error: MAX_ERROR })
      .meta({ description: "Reminders per recipient at most (0: none)" }),
  },
  { error: "reminders must be an object { firstAfterDays, everyDays, max }, or null for none" },
);
export type Reminders = z.output<typeof zReminders>;

/** `reminders` as a multipart part: the same object (or null), written as JSON. */
const zRemindersPart = z
  .string()
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.addIssue({
        code: "custom",
        message: 'reminders must be JSON: {"firstAfterDays":2,"everyDays":3,"max":2} or null',
        input: text,
      });
      return z.NEVER;
    }
  })
  .pipe(zReminders.nullable())
  .meta({
    type: "string",
    description:
      'The reminder schedule as JSON: {"firstAfterDays":2,"everyDays":3,"max":2}; null: none. Default: the organization\'s',
  });

/** expiresAt and expiryDays are two ways of one setting: a body gives one of them at most. */
export const oneExpiry = (b: { expiresAt?: unknown; expiryDays?: unknown }) =>
  b.expiresAt === undefined || b.expiryDays === undefined;
export const ONE_EXPIRY = { error: "Give expiresAt or expiryDays, not both", path: ["expiryDays"] };

/** The send settings of a new request, as multipart parts (text; numbers as digits, reminders as JSON). */
export const sendSettingsFormShape = {
  subject: zEmailSubject.optional(),
  message: zEmailMessage.optional(),
  replyTo: zReplyTo.optional(),
  expiresAt: zExpiresAt.optional(),
  // A part is text: digits, then the number's own rules.
  expiryDays: z
    .string({ error: EXPIRY_DAYS_ERROR })
    .regex(/^\d{1,4}$/, { error: EXPIRY_DAYS_ERROR })
    .transform(Number)
    .pipe(zExpiryDays)
    .meta({ description: `Days from sending to expiry (1–${EXPIRY_MAX_DAYS}), as digits` })
    .optional(),
  reminders: zRemindersPart.optional(),
};

/** The send settings a PATCH of a DRAFT takes (JSON); null clears subject, message, replyTo and reminders. */
export const sendSettingsJsonShape = {
  subject: zEmailSubject.nullable().optional(),
  message: zEmailMessage.nullable().optional(),
  replyTo: zReplyTo.nullable().optional(),
  expiresAt: zExpiresAt.optional(),
  expiryDays: zExpiryDays.optional(),
  reminders: zReminders.nullable().optional(),
};

/** A request's send settings as the API returns them. */
export const zSendSettings = z.object({
  subject: z.string().nullable().meta({ description: "The mails' subject; null: Signet's own" }),
  message: z.string().nullable().meta({ description: "The sender's message (plain text); null: none" }),
  replyTo: z.string().nullable().meta({ description: "Reply-To; null: the staff member who sent it, else none" }),
  expiryDays: z.number().int().nullable().meta({
    description: "Days from sending to expiry; null when expiresAt was given (or, on an older draft, the default at send)",
  }),
  expiresAt: z
    .string()
    .nullable()
    .meta({ description: "The expiry asked for as a moment (ISO 8601, UTC); null when counted in days from sending" }),
  reminders: z
    .object({ firstAfterDays: z.number().int(), everyDays: z.number().int(), max: z.number().int() })
    .nullable()
    .meta({ description: "The automatic reminder schedule; null: none" }),
});
export type SendSettingsDto = z.infer<typeof zSendSettings>;

/** The organization's defaults for new drafts. */
export const zSendingDefaults = z.object({
  expiryDays: z
    .number()
    .int()
    .nullable()
    .meta({ description: "Days from sending to expiry a new draft takes; null: the server's (serverExpiryDays)" }),
  reminders: z
    .object({ firstAfterDays: z.number().int(), everyDays: z.number().int(), max: z.number().int() })
    .nullable()
    .meta({ description: "The reminder schedule a new draft takes; null: none" }),
  serverExpiryDays: z.number().int().meta({ description: "The server's default (EXPIRY_DAYS), what expiryDays null means" }),
  timezone: z.string().meta({ description: "The IANA time zone a new draft takes (DATE fields, the deadline, the certificate)" }),
  dateFormat: zDateFormat.meta({ description: "How DATE fields are written on a new draft" }),
});
export type SendingDefaultsDto = z.infer<typeof zSendingDefaults>;

export const zUpdateSendingDefaults = z
  .object({
    expiryDays: zExpiryDays.nullable().optional(),
    reminders: zReminders.nullable().optional(),
    timezone: zTimeZone.optional(),
    dateFormat: zDateFormat.optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { error: "Nothing to change" });
export type UpdateSendingDefaults = z.infer<typeof zUpdateSendingDefaults>;
