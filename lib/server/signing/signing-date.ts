import "server-only";
import { resolveLocale } from "@/lib/i18n/resolve-locale";
import type { Locale } from "@/lib/i18n/locales";
import { formatDateValue } from "@/lib/dates/zoned";
import type { DateFormat } from "@/lib/schemas/states";

/**
 * The language a signer's values are written and read in on the server (a DATE field's month name, a NUMBER
 * given other than in its stored form): the recipient's locale, else the request's, else English. Not the
 * browser's: what is sealed must not depend on which browser signed (the page reads a NUMBER in its own
 * language and sends the stored form).
 */
export const signerLocale = (r: { locale: string | null }, req: { locale: string | null }): Locale =>
  resolveLocale({ recipient: r.locale, request: req.locale });

/** What a DATE field of this signer says when signed at `at`: the day in the request's zone, in its format. */
export function signingDate(
  r: { locale: string | null },
  req: { locale: string | null; timezone: string; dateFormat: DateFormat },
  at: Date,
) {
  const locale = signerLocale(r, req);
  return {
    value: formatDateValue(at, { timeZone: req.timezone, dateFormat: req.dateFormat, locale }),
    /** The same day as YYYY-MM-DD: what a rule on a DATE field compares. */
    day: formatDateValue(at, { timeZone: req.timezone, dateFormat: "YYYY-MM-DD", locale }),
    timezone: req.timezone,
    dateFormat: req.dateFormat,
    locale,
  };
}
