import type { Locale } from "@/lib/i18n/locales";

// Dates, times and lists in the page's language, by the browser's Intl (no catalog needed).

/** The calendar day of an ISO time, as the server records it (UTC), in the page's language: "3. Juni 2025". */
export const formatDay = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));

/** Hours and minutes of an ISO time on the signer's own clock. */
export const formatTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

/** "Ann", "Ann and Bob", "Ann, Bob and Cy" (English without the serial comma, as before). */
export const formatNames = (names: string[], locale: Locale) =>
  new Intl.ListFormat(locale === "en" ? "en-GB" : locale, { type: "conjunction" }).format(names);

/** A file's size in the page's language: "840 kB", "1.2 MB". */
export function formatSize(bytes: number, locale: Locale) {
  const mb = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: "unit",
    unit: mb ? "megabyte" : "kilobyte",
    maximumFractionDigits: mb ? 1 : 0,
  }).format(mb ? bytes / 1024 / 1024 : Math.max(1, Math.round(bytes / 1024)));
}
