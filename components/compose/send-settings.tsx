"use client";
import type { ChangeEvent } from "react";
import type { SignatureRequestDto } from "@/lib/client/types";
import { localeNames, locales } from "@/lib/i18n/locales";
import type { DateFormat } from "@/lib/schemas/states";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { FieldRow, Options, inputClass } from "@/components/ui/form";
import { ExpiryDays, ReminderSchedule } from "./reminder-schedule";
import { ZoneAndFormat } from "./zone-and-format";

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
 * The review step's "Message and deadline": the invitation's subject and message, who
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
  /** A text the draft holds as typed: its control's id, its value, its error read with it, its changes. */
  const text = (field: "subject" | "message" | "replyTo", id: string) => ({
    id,
    value: value[field],
    "aria-describedby": described(field),
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [field]: e.target.value }),
  });
  return (
    <section aria-labelledby="send-settings-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="send-settings-heading" className="text-base font-semibold">
        {t("compose.send.heading")}
      </h2>
      <div className="mt-3 space-y-4">
        <FieldRow id="send-subject" label={t("compose.send.subject")}>
          <input
            {...text("subject", "send-subject")}
            className={inputClass}
            maxLength={200}
            placeholder={t("compose.send.subjectPlaceholder", { title: request.title })}
          />
          {err("subject")}
        </FieldRow>
        <FieldRow id="send-message" label={t("compose.send.message")}>
          <textarea
            {...text("message", "send-message")}
            className={`${inputClass} min-h-24`}
            maxLength={5000}
            placeholder={t("compose.send.messagePlaceholder")}
          />
          {err("message")}
        </FieldRow>
        <div className="grid gap-4 sm:grid-cols-2">
          <FieldRow id="send-reply-to" label={t("compose.send.replyTo")}>
            <input
              {...text("replyTo", "send-reply-to")}
              type="email"
              className={inputClass}
              maxLength={320}
              placeholder={t("compose.send.replyToPlaceholder")}
            />
            {err("replyTo")}
          </FieldRow>
          <FieldRow id="send-locale" label={t("compose.send.language")}>
            <select
              id="send-locale"
              className={inputClass}
              value={value.locale}
              onChange={(e) => set({ locale: e.target.value })}
            >
              <option value="">{t("compose.send.languageEach")}</option>
              <Options items={locales} label={(l) => localeNames[l]} />
            </select>
          </FieldRow>
        </div>
        <ZoneAndFormat
          idPrefix="send"
          value={value}
          onChange={set}
          describedBy={(field) => described(field) ?? "send-zone-hint"}
          error={err}
        >
          <p id="send-zone-hint" className="text-xs text-slate-600 sm:col-span-2">
            {t("compose.send.zoneHint")}
          </p>
        </ZoneAndFormat>
        <ExpiryDays
          id="send-expiry"
          label={t("compose.send.expiry")}
          unit={t("compose.send.expiryDays")}
          value={value.expiryDays}
          describedBy={described("expiryDays")}
          onChange={(expiryDays) => set({ expiryDays })}
        >
          {err("expiryDays")}
        </ExpiryDays>
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
