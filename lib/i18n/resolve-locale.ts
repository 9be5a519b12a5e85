import { defaultLocale, toLocale, type Locale } from "./locales";

/**
 * The languages of an Accept-Language header, best first: "fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5" →
 * ["fr", "en"]. Entries with q=0 are refused, "*" names no language, unsupported ones are skipped;
 * equal weights keep the header's order.
 */
export function acceptedLocales(header: string | null | undefined): Locale[] {
  if (!header) return [];
  const ranked = header
    .split(",")
    .slice(0, 32) // a header is a client's input: a bounded look
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : Number(q);
      return { locale: toLocale(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e): e is { locale: Locale; weight: number; index: number } => e.locale !== null && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return [...new Set(ranked.map((e) => e.locale))];
}

export interface LocaleSources {
  /** The signer's own choice on the page (the switcher's cookie): wins for the page only. */
  chosen?: string | null;
  /**
   * The language the signer's page was last shown in, as the page reported it (recipients.page_locale):
   * for their mails, first. (The page itself passes `chosen` instead.)
   */
  shown?: string | null;
  /** The recipient's stored `locale` (API, dashboard). */
  recipient?: string | null;
  /** The request's stored `locale`. */
  request?: string | null;
  /** The browser's Accept-Language header: for the page only (a mail has no browser). */
  acceptLanguage?: string | null;
}

/**
 * The language to speak, first that is supported of: the signer's own choice on the page, the
 * recipient's `locale`, the request's `locale`, the browser's Accept-Language, English. A mail passes
 * no `chosen` and no `acceptLanguage`: it follows the language the signer's page was shown in (`shown`),
 * then the recipient, then the request.
 */
export function resolveLocale({ chosen, shown, recipient, request, acceptLanguage }: LocaleSources): Locale {
  return (
    toLocale(chosen) ??
    toLocale(shown) ??
    toLocale(recipient) ??
    toLocale(request) ??
    acceptedLocales(acceptLanguage)[0] ??
    defaultLocale
  );
}
