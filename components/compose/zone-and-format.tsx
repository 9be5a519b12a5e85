"use client";
import { useMemo, useState, useSyncExternalStore } from "react";
import { formatDateValue } from "@/lib/dates/zoned";
import { DATE_FORMATS, type DateFormat } from "@/lib/schemas/states";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { inputClass } from "@/components/ui/form";

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
