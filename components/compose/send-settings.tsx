"use client";
import type { SignatureRequestDto } from "@/lib/client/types";
import { localeNames, locales } from "@/lib/i18n/locales";
import type { DateFormat } from "@/lib/schemas/states";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { controlClass, inputClass } from "@/components/ui/form";
import { ReminderSchedule } from "./reminder-schedule";
import { DateFormatSelect, TimeZoneSelect } from "./zone-and-format";

type Settings = SignatureRequestDto["sendSettings"];

/** What the review step's form holds: strings as typed, so a half-typed number is not lost. */
export interface SendSettingsDraft {
  subject: string;
  message: string;
  replyTo: string;
  expiryDays: string;
  remind: boolean;
  firstAfterDays: string;
  everyDays: string;
  max: string;
  locale: string;
  timezone: string;
  dateFormat: DateFormat;
}

export function draftOf(request: SignatureRequestDto): SendSettingsDraft {
  const s: Settings = request.sendSettings;
  const days = s.expiryDays ?? (s.expiresAt ? Math.max(1, Math.ceil((Date.parse(s.expiresAt) - Date.now()) / 86_400_000)) : 30);
  return {
    subject: s.subject ?? "",
    message: s.message ?? "",
    replyTo: s.replyTo ?? "",
    expiryDays: String(days),
    remind: !!s.reminders,
    firstAfterDays: String(s.reminders?.firstAfterDays ?? 3),
    everyDays: String(s.reminders?.everyDays ?? 3),
    max: String(s.reminders?.max ?? 3),
    locale: request.locale ?? "",
    timezone: request.timezone,
    dateFormat: request.dateFormat,
  };
}

/** The PATCH body for what changed (PATCH /signature-requests/{id}); null when nothing did. */
export function patchOf(request: SignatureRequestDto, d: SendSettingsDraft): Record<string, unknown> | null {
  const before = draftOf(request);
  const body: Record<string, unknown> = {};
  if (d.subject !== before.subject) body.subject = d.subject.trim() || null;
  if (d.message !== before.message) body.message = d.message.trim() || null;
  if (d.replyTo !== before.replyTo) body.replyTo = d.replyTo.trim() || null;
  if (d.expiryDays !== before.expiryDays || (request.sendSettings.expiryDays === null && request.sendSettings.expiresAt === null))
    body.expiryDays = Number(d.expiryDays);
  const remindersChanged =
    d.remind !== before.remind ||
    (d.remind && (d.firstAfterDays !== before.firstAfterDays || d.everyDays !== before.everyDays || d.max !== before.max));
  if (remindersChanged)
    body.reminders = d.remind
      ? { firstAfterDays: Number(d.firstAfterDays), everyDays: Number(d.everyDays), max: Number(d.max) }
      : null;
  if (d.locale !== before.locale) body.locale = d.locale || null;
  if (d.timezone !== before.timezone) body.timezone = d.timezone;
  if (d.dateFormat !== before.dateFormat) body.dateFormat = d.dateFormat;
  return Object.keys(body).length ? body : null;
}

/**
 * The review step's "Message and deadline" (issue 24, part 1): the invitation's subject and message, who
 * replies go to, when the request expires, automatic reminders, the document's language, and the time zone and
 * date format of its DATE fields, deadline and certificate (a new draft has the organization's). Sent with
 * PATCH just before Send; the API's refusals come back naming the field (`errors`).
 */
export function SendSettingsForm({
  request,
  value,
  onChange,
  errors,
}: {
  request: SignatureRequestDto;
  value: SendSettingsDraft;
  onChange: (d: SendSettingsDraft) => void;
  errors: Record<string, string>;
}) {
  const t = useDashboardT();
  const set = (patch: Partial<SendSettingsDraft>) => onChange({ ...value, ...patch });
  const err = (field: string) =>
    errors[field] ? (
      <p id={`send-${field}-error`} className="mt-1 text-xs text-red-700">
        {errors[field]}
      </p>
    ) : null;
  const described = (field: string) => (errors[field] ? `send-${field}-error` : undefined);
  const label = "mb-1 block text-sm font-medium text-slate-700";
  const small = `w-20 ${controlClass}`;
  return (
    <section aria-labelledby="send-settings-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="send-settings-heading" className="text-base font-semibold">
        {t("compose.send.heading")}
      </h2>
      <div className="mt-3 space-y-4">
        <div>
          <label htmlFor="send-subject" className={label}>
            {t("compose.send.subject")}
          </label>
          <input
            id="send-subject"
            className={inputClass}
            maxLength={200}
            placeholder={t("compose.send.subjectPlaceholder", { title: request.title })}
            value={value.subject}
            aria-describedby={described("subject")}
            onChange={(e) => set({ subject: e.target.value })}
          />
          {err("subject")}
        </div>
        <div>
          <label htmlFor="send-message" className={label}>
            {t("compose.send.message")}
          </label>
          <textarea
            id="send-message"
            className={`${inputClass} min-h-24`}
            maxLength={5000}
            placeholder={t("compose.send.messagePlaceholder")}
            value={value.message}
            aria-describedby={described("message")}
            onChange={(e) => set({ message: e.target.value })}
          />
          {err("message")}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="send-reply-to" className={label}>
              {t("compose.send.replyTo")}
            </label>
            <input
              id="send-reply-to"
              type="email"
              className={inputClass}
              maxLength={320}
              placeholder={t("compose.send.replyToPlaceholder")}
              value={value.replyTo}
              aria-describedby={described("replyTo")}
              onChange={(e) => set({ replyTo: e.target.value })}
            />
            {err("replyTo")}
          </div>
          <div>
            <label htmlFor="send-locale" className={label}>
              {t("compose.send.language")}
            </label>
            <select
              id="send-locale"
              className={inputClass}
              value={value.locale}
              onChange={(e) => set({ locale: e.target.value })}
            >
              <option value="">{t("compose.send.languageEach")}</option>
              {locales.map((l) => (
                <option key={l} value={l}>
                  {localeNames[l]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor="send-timezone" className={label}>
              {t("compose.send.timezone")}
            </label>
            <TimeZoneSelect
              id="send-timezone"
              value={value.timezone}
              describedBy={described("timezone") ?? "send-zone-hint"}
              onChange={(timezone) => set({ timezone })}
            />
            {err("timezone")}
          </div>
          <div>
            <label htmlFor="send-date-format" className={label}>
              {t("compose.send.dateFormat")}
            </label>
            <DateFormatSelect
              id="send-date-format"
              value={value.dateFormat}
              timeZone={value.timezone}
              describedBy={described("dateFormat") ?? "send-zone-hint"}
              onChange={(dateFormat) => set({ dateFormat })}
            />
            {err("dateFormat")}
          </div>
          <p id="send-zone-hint" className="text-xs text-slate-600 sm:col-span-2">
            {t("compose.send.zoneHint")}
          </p>
        </div>
        <div>
          <label htmlFor="send-expiry" className={label}>
            {t("compose.send.expiry")}
          </label>
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <input
              id="send-expiry"
              type="number"
              min={1}
              max={365}
              className={small}
              value={value.expiryDays}
              aria-describedby={described("expiryDays")}
              onChange={(e) => set({ expiryDays: e.target.value })}
            />
            <span>{t("compose.send.expiryDays")}</span>
          </div>
          {err("expiryDays")}
        </div>
        <ReminderSchedule
          idPrefix="send"
          value={value}
          onChange={set}
          error={err("reminders") ?? err("reminders.firstAfterDays") ?? err("reminders.everyDays") ?? err("reminders.max")}
        />
      </div>
    </section>
  );
}
