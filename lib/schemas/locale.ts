import { z } from "zod";
import { locales, type Locale } from "../i18n/locales";
import { DATE_FORMATS } from "./states";

// A request's and a recipient's language, time zone and date format (docs/api.md "Languages,
// time zones and dates").

export { DATE_FORMATS };

const LOCALE_ERROR = `locale must be a language tag of one of ${locales.join(", ")} (a region is dropped: de-CH is de)`;

/**
 * A language as the API takes it: a BCP 47 tag whose language Signet speaks, whatever its case and region, stored
 * as the language alone ("de-CH", "DE" → "de"; "pt-BR" → "pt"): every catalog is one per language.
 */
export const zLocale = z
  .string({ error: LOCALE_ERROR })
  .trim()
  .max(35, { error: LOCALE_ERROR })
  .transform((tag, ctx): Locale => {
    let language: string | undefined;
    try {
      language = new Intl.Locale(Intl.getCanonicalLocales(tag)[0] ?? "").language;
    } catch {
      language = undefined;
    }
    const found = locales.find((l) => l === language);
    if (!found) {
      ctx.addIssue({ code: "custom", message: LOCALE_ERROR, input: tag });
      return z.NEVER;
    }
    return found;
  })
  .meta({
    type: "string",
    description: `The language: ${locales.join(", ")}; a BCP 47 tag is reduced to its language ("de-CH" → "de")`,
    examples: ["de"],
  });

/** The zone's name as the runtime spells it when it differs from `name` only in case ("asia/tokyo"), else `name`; null when unknown. */
export function knownTimeZone(name: string): string | null {
  // A UTC offset ("+09:00") is not a zone: it has no rules, and newer runtimes would accept it.
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
}

const TIME_ZONE_ERROR = 'timezone must be an IANA time zone name, such as "Europe/Berlin", "Asia/Tokyo" or "UTC"';

/** An IANA time zone the runtime knows ("Asia/Tokyo", "America/Argentina/Buenos_Aires", "UTC"); not an offset. */
export const zTimeZone = z
  .string({ error: TIME_ZONE_ERROR })
  .trim()
  .max(64, { error: TIME_ZONE_ERROR })
  .transform((name, ctx) => {
    const zone = knownTimeZone(name);
    if (!zone) {
      ctx.addIssue({ code: "custom", message: TIME_ZONE_ERROR, input: name });
      return z.NEVER;
    }
    return zone;
  })
  .meta({ type: "string", description: "IANA time zone name", examples: ["Asia/Tokyo"] });

export const zDateFormat = z.enum(DATE_FORMATS, { error: `dateFormat must be one of ${DATE_FORMATS.join(", ")}` });

/** What a request takes of these, on create and on `templates/{id}/use` (each optional). */
export const requestLocaleShape = {
  locale: zLocale.optional(),
  timezone: zTimeZone.optional(),
  dateFormat: zDateFormat.optional(),
};

/** A recipient's: its language, or null (on a PATCH: back to the request's). */
export const recipientLocaleShape = { locale: zLocale.nullable().optional() };
