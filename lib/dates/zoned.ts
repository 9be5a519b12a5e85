// Dates and times in a request's time zone: the value of a DATE field and the times on the
// certificate of completion. Intl only, no server module: the server, the PDF engine's worker threads
// and the browser call the same functions, so what the page shows is what the seal draws.
import type { DateFormat } from "../schemas/states";

/** A date and a 24-hour time, to the second, in two digits each. */
const TO_THE_SECOND: Intl.DateTimeFormatOptions = {
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
};

/**
 * One formatter per language and zone: making one costs far more than using it, and a certificate formats
 * hundreds of times. "en-US" is the clock read by `wallClock`; another language writes a certificate's times.
 */
const clocks = new Map<string, Intl.DateTimeFormat>();
function clockIn(timeZone: string, locale = "en-US"): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let f = clocks.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone, ...TO_THE_SECOND });
    if (clocks.size >= 200) clocks.clear();
    clocks.set(key, f);
  }
  return f;
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC at that instant (Asia/Tokyo: 540; America/New_York in winter: −300). */
  offsetMinutes: number;
}

/** What a clock on the wall in `timeZone` showed at `instant`, to the second. Throws a RangeError for an unknown zone. */
export function wallClock(instant: Date, timeZone: string): WallClock {
  const n: Record<string, number> = {};
  for (const p of clockIn(timeZone).formatToParts(instant)) if (p.type !== "literal") n[p.type] = Number(p.value);
  const w = { year: n.year!, month: n.month!, day: n.day!, hour: n.hour! % 24, minute: n.minute!, second: n.second! };
  const seconds = Math.floor(instant.getTime() / 1000) * 1000;
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return { ...w, offsetMinutes: Math.round((asUtc - seconds) / 60_000) };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");
const ymd = (w: Pick<WallClock, "year" | "month" | "day">) => `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
const hms = (w: Pick<WallClock, "hour" | "minute" | "second">) => `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;

/** "+09:00", "-05:00", "+05:45". */
export const formatOffset = (minutes: number) =>
  `${minutes < 0 ? "-" : "+"}${pad(Math.trunc(minutes / 60))}:${pad(minutes % 60)}`;

/** The `Intl` locale of the long date ("D MMMM YYYY"): English writes the day first, as the format's name says. */
const longDateLocale = (locale: string) => (locale === "en" ? "en-GB" : locale);

/**
 * The value of a DATE field signed at `instant`: that day in the request's zone, written in its format.
 * "D MMMM YYYY" is the day, the month's name and the year in `locale` (the signer's language): "1 April 2025",
 * "1. April 2025", "1 de abril de 2025", "1 kwietnia 2025". The numeric formats do not depend on the language.
 */
export function formatDateValue(instant: Date, o: { timeZone: string; dateFormat: DateFormat; locale: string }): string {
  if (o.dateFormat === "D MMMM YYYY")
    return new Intl.DateTimeFormat(longDateLocale(o.locale), {
      timeZone: o.timeZone,
      day: "numeric",
      month: "long",
      year: "numeric",
    }).format(instant);
  const w = wallClock(instant, o.timeZone);
  const [y, m, d] = [pad(w.year, 4), pad(w.month), pad(w.day)];
  switch (o.dateFormat) {
    case "DD.MM.YYYY":
      return `${d}.${m}.${y}`;
    case "DD/MM/YYYY":
      return `${d}/${m}/${y}`;
    case "MM/DD/YYYY":
      return `${m}/${d}/${y}`;
    default:
      return `${y}-${m}-${d}`;
  }
}

/** Whether `timeZone` is UTC itself (UTC, Etc/UTC, GMT, Zulu…), rather than a place that is at +00:00 now and then. */
const isUtc = (timeZone: string) => clockIn(timeZone).resolvedOptions().timeZone === "UTC";

/**
 * A moment on the certificate, to the second: the wall clock in the request's zone with its offset, then the
 * UTC instant, "2026-11-26 08:30:05 +09:00 (2026-11-25 23:30:05 UTC)"; in UTC itself, "2026-11-25 23:30:05 UTC".
 * `locale` (the certificate's language) orders the local date and time as that language writes them
 * ("26.11.2026, 08:30:05 +09:00 (2026-11-25 23:30:05 UTC)"); English, the default, keeps ISO 8601's order. The
 * UTC part is ISO 8601 in every language, so the record reads the same everywhere. A request's `dateFormat`
 * other than YYYY-MM-DD writes the local day (and, in UTC itself, the day) that way instead: "26.11.2026 08:30:05".
 */
export function formatEventTime(
  instant: Date | string,
  o: { timeZone: string; locale?: string; dateFormat?: DateFormat },
): string {
  const at = typeof instant === "string" ? new Date(instant) : instant;
  const u = wallClock(at, "UTC");
  // A request's own date format other than ISO: its days are written that way, the time after.
  const chosen = o.dateFormat && o.dateFormat !== "YYYY-MM-DD" ? o.dateFormat : null;
  const inFormat = (w: WallClock, timeZone: string) =>
    `${formatDateValue(at, { timeZone, dateFormat: chosen!, locale: o.locale ?? "en" })} ${hms(w)}`;
  const utc = `${ymd(u)} ${hms(u)} UTC`;
  if (isUtc(o.timeZone)) return chosen ? `${inFormat(u, "UTC")} UTC` : utc;
  const w = wallClock(at, o.timeZone);
  const local = chosen
    ? inFormat(w, o.timeZone)
    : !o.locale || o.locale === "en"
      ? `${ymd(w)} ${hms(w)}`
      : clockIn(o.timeZone, o.locale).format(at);
  return `${local} ${formatOffset(w.offsetMinutes)} (${utc})`;
}

/**
 * A deadline as a mail says it ("Please sign by …"): the day in the request's zone and format, the
 * 24-hour time there, and the zone's name, "26.12.2026 17:00 (Europe/Berlin)". The zone is named because the
 * reader may live in another.
 */
export function formatDeadline(instant: Date, o: { timeZone: string; dateFormat: DateFormat; locale: string }): string {
  const w = wallClock(instant, o.timeZone);
  return `${formatDateValue(instant, o)} ${pad(w.hour)}:${pad(w.minute)} (${o.timeZone})`;
}
