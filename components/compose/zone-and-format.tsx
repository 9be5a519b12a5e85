"use client";
import { useMemo, useState, useSyncExternalStore, type ReactNode } from "react";
import { formatDateValue } from "@/lib/dates/zoned";
import { DATE_FORMATS, type DateFormat } from "@/lib/schemas/states";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { FieldRow, inputClass } from "@/components/ui/form";

/** Every IANA zone the browser knows, UTC included (some runtimes leave it out of the list). */
function allZones(): string[] {
  const listed = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return listed.includes("UTC") ? listed : ["UTC", ...listed];
}

const noSubscription = () => () => {};

/** A value only the browser knows: null on the server and while hydrating, so both render the same. */
const useBrowserValue = <T,>(read: () => T): T | null => useSyncExternalStore(noSubscription, read, () => null);

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || null;
/** Today's date (UTC), as a string so that the snapshot stays the same between renders. */
const todayIso = () => new Date().toISOString().slice(0, 10);

/**
 * A time zone: a filter box over the list of IANA zones, and the list, with the sender's own (browser) zone
 * first. The chosen zone stays in the list whatever the filter, so the control always shows what is set.
 */
export function TimeZoneSelect({
  id,
  value,
  onChange,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  describedBy?: string;
}) {
  const t = useDashboardT();
  const browser = useBrowserValue(browserZone);
  const zones = useMemo(() => allZones(), []);
  const [filter, setFilter] = useState("");
  const words = filter.trim().toLowerCase().replaceAll(" ", "_");
  const shown = zones.filter((z) => z !== browser && (z === value || !words || z.toLowerCase().includes(words)));
  // A zone the list does not name (an alias such as Asia/Calcutta, kept as given) is still shown as set.
  const extra = value && value !== browser && !zones.includes(value) ? [value] : [];
  return (
    <div className="space-y-2">
      <input
        id={`${id}-filter`}
        type="search"
        className={inputClass}
        aria-label={t("compose.zone.filter")}
        placeholder={t("compose.zone.filterPlaceholder")}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <select
        id={id}
        className={inputClass}
        value={value}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      >
        {browser && (
          <optgroup label={t("compose.zone.yours")}>
            <option value={browser}>{browser.replaceAll("_", " ")}</option>
          </optgroup>
        )}
        <optgroup label={t("compose.zone.all", { count: shown.length + extra.length })}>
          {[...extra, ...shown].map((z) => (
            <option key={z} value={z}>
              {z.replaceAll("_", " ")}
            </option>
          ))}
        </optgroup>
      </select>
    </div>
  );
}

/** A date format, each shown with today's date written that way. */
export function DateFormatSelect({
  id,
  value,
  onChange,
  timeZone,
  describedBy,
}: {
  id: string;
  value: DateFormat;
  onChange: (format: DateFormat) => void;
  timeZone: string;
  describedBy?: string;
}) {
  const t = useDashboardT();
  // Today in the browser: the server's clock would render another example than the browser's.
  const day = useBrowserValue(todayIso);
  const today = day ? new Date(`${day}T12:00:00Z`) : null;
  const example = (f: DateFormat) => {
    if (!today) return f;
    try {
      return t("compose.zone.formatExample", {
        format: f,
        example: formatDateValue(today, { timeZone, dateFormat: f, locale: "en" }),
      });
    } catch {
      return f;
    }
  };
  return (
    <select
      id={id}
      className={inputClass}
      value={value}
      aria-describedby={describedBy}
      onChange={(e) => onChange(e.target.value as DateFormat)}
    >
      {DATE_FORMATS.map((f) => (
        <option key={f} value={f}>
          {example(f)}
        </option>
      ))}
    </select>
  );
}

type ZoneField = "timezone" | "dateFormat";

/**
 * The time zone and the date format a request's dates are written in, side by side under their labels:
 * one request's (the review step) and the organization's defaults (Settings → Sending) alike. `idPrefix`
 * keeps the two forms' ids apart; `describedBy` and `error` give what each control is read with and what
 * shows under it; `children` (a hint) go under both.
 */
export function ZoneAndFormat({
  idPrefix,
  value,
  onChange,
  describedBy,
  error,
  children,
}: {
  idPrefix: string;
  value: { timezone: string; dateFormat: DateFormat };
  onChange: (patch: { timezone: string } | { dateFormat: DateFormat }) => void;
  describedBy?: (field: ZoneField) => string | undefined;
  error?: (field: ZoneField) => ReactNode;
  children?: ReactNode;
}) {
  const t = useDashboardT();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FieldRow id={`${idPrefix}-timezone`} label={t("compose.send.timezone")}>
        <TimeZoneSelect
          id={`${idPrefix}-timezone`}
          value={value.timezone}
          describedBy={describedBy?.("timezone")}
          onChange={(timezone) => onChange({ timezone })}
        />
        {error?.("timezone")}
      </FieldRow>
      <FieldRow id={`${idPrefix}-date-format`} label={t("compose.send.dateFormat")}>
        <DateFormatSelect
          id={`${idPrefix}-date-format`}
          value={value.dateFormat}
          timeZone={value.timezone}
          describedBy={describedBy?.("dateFormat")}
          onChange={(dateFormat) => onChange({ dateFormat })}
        />
        {error?.("dateFormat")}
      </FieldRow>
      {children}
    </div>
  );
}
