"use client";
import type { ReactNode } from "react";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { FieldRow, controlClass } from "@/components/ui/form";

/** A number of days (or times): room for three digits. */
const small = `w-20 ${controlClass}`;

/** A reminder schedule as typed: numbers as strings, so a half-typed one is not lost. */
export interface ReminderInputs {
  remind: boolean;
  firstAfterDays: string;
  everyDays: string;
  max: string;
}

/**
 * "Remind the recipients whose turn it is": first after N days, then every M days, at most K times.
 * One request's (the review step) and the organization's defaults (Settings → Sending) alike;
 * `idPrefix` keeps the two forms' ids apart, `error` is shown under the fields.
 */
export function ReminderSchedule({
  idPrefix,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  value: ReminderInputs;
  onChange: (patch: Partial<ReminderInputs>) => void;
  error?: ReactNode;
}) {
  const t = useDashboardT();
  const days = (key: "firstAfterDays" | "everyDays" | "max", label: string, max: number) => (
    <>
      <label htmlFor={`${idPrefix}-${key}`}>{label}</label>
      <input
        id={`${idPrefix}-${key}`}
        type="number"
        min={key === "max" ? 0 : 1}
        max={max}
        className={small}
        value={value[key]}
        onChange={(e) => onChange({ [key]: e.target.value })}
      />
    </>
  );
  return (
    <fieldset>
      <legend className="mb-1 block text-sm font-medium text-slate-700">{t("compose.send.reminders")}</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={value.remind}
          onChange={(e) => onChange({ remind: e.target.checked })}
        />
        {t("compose.send.remind")}
      </label>
      {value.remind && (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          {days("firstAfterDays", t("compose.send.firstAfter"), 365)}
          {days("everyDays", t("compose.send.every"), 365)}
          {days("max", t("compose.send.max"), 10)}
        </div>
      )}
      {error}
    </fieldset>
  );
}

/**
 * After how many days a request expires, the unit after the box. One request's (the review step) and the
 * organization's default (Settings → Sending) alike; `children` go under it (an error).
 */
export function ExpiryDays({
  id,
  label,
  unit,
  value,
  placeholder,
  describedBy,
  onChange,
  children,
}: {
  id: string;
  label: string;
  unit: string;
  value: string;
  placeholder?: string;
  describedBy?: string;
  onChange: (days: string) => void;
  children?: ReactNode;
}) {
  return (
    <FieldRow id={id} label={label}>
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <input
          id={id}
          type="number"
          min={1}
          max={365}
          className={small}
          placeholder={placeholder}
          value={value}
          aria-describedby={describedBy}
          onChange={(e) => onChange(e.target.value)}
        />
        <span>{unit}</span>
      </div>
      {children}
    </FieldRow>
  );
}
