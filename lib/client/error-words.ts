import { createTranslator } from "use-intl/core";
import type { DashboardMessages } from "@/lib/i18n/dashboard";
import type { Locale } from "@/lib/i18n/locales";
import englishErrors from "@/lib/i18n/dashboard/errors.json";

type Words = Pick<DashboardMessages["dashboard"], "errors" | "errorCodes">;

/** What plainError (./api.ts) says things with: a translator over the page's error words, and their language. */
export interface ErrorWords {
  locale: Locale;
  t: (key: string, values?: Record<string, string | number>) => string;
  /** The code's sentence in this language, or null when English (the API's own sentence says more) or unknown. */
  coded: (code: string | null) => string | null;
}

function wordsOf(locale: Locale, words: Words | { errors: Words["errors"] }): ErrorWords {
  const t = createTranslator({ locale, messages: words as Words });
  const codes = "errorCodes" in words ? (words.errorCodes as Record<string, string>) : null;
  return {
    locale,
    t: (key, values) => t(`errors.${key}` as never, values as never),
    coded: (code) =>
      locale !== "en" && code !== null && codes !== null && Object.hasOwn(codes, code) ? t(`errorCodes.${code}` as never) : null,
  };
}

const english = wordsOf("en", { errors: englishErrors });
let current: ErrorWords = english;

/**
 * The dashboard's provider (components/layout/dashboard-intl.tsx) hands over the page's language here, in the
 * browser only: the dashboard shows one language per page load, and a module shared by every request on the
 * server must not hold one person's. Without it (the server's render, a page outside the dashboard) the words
 * are English.
 */
export function setErrorWords(locale: Locale, messages: DashboardMessages): void {
  if (typeof window === "undefined" || current.locale === locale) return;
  current = locale === "en" ? english : wordsOf(locale, messages.dashboard);
}

export const errorWords = (): ErrorWords => current;
