// The languages Signet speaks to signers: one catalog each in lib/i18n/messages/. Safe
// for the browser, the server and the tests alike (no server module, no React).

export const locales = ["en", "de", "fr", "es", "it", "pt", "nl", "pl"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Each language's own name for itself: what the signer's language switcher lists. */
export const localeNames: Record<Locale, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  pt: "Português",
  nl: "Nederlands",
  pl: "Polski",
};

/** The cookie where a signer's own choice of language is kept (the page's language only: mails keep the recipient's). */
export const LOCALE_COOKIE = "signet_lang";
/**
 * The request header through which proxy.ts hands a signing page's language to the root layout (for
 * `<html lang>`) and to the signing layout. Set on /sign/… only; absent elsewhere, the page is English.
 */
export const LOCALE_HEADER = "x-signet-locale";

export const isLocale = (v: unknown): v is Locale => typeof v === "string" && (locales as readonly string[]).includes(v);

/**
 * The supported language of a BCP 47 tag, or null: "de", "de-AT", "DE_ch" → "de"; "pt-BR" → "pt";
 * "sv" → null. Only the primary language subtag counts (every catalog is one per language).
 */
export function toLocale(tag: string | null | undefined): Locale | null {
  if (!tag) return null;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLocale(primary) ? primary : null;
}
