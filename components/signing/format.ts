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
