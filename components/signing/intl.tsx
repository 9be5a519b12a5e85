"use client";

import { createContext, useCallback, useContext, useState, type ReactNode } from "react";
import { IntlProvider, useLocale, useTranslations } from "use-intl";
import { loadSigningMessages, type SigningMessages } from "@/lib/i18n/load-signing-messages";
import { LOCALE_COOKIE, type Locale } from "@/lib/i18n/locales";

const SwitchContext = createContext<(locale: Locale) => Promise<void>>(async () => {});

/**
 * The signing page's languages: the language the server chose (recipient, request, browser,
 * or the signer's earlier choice: lib/i18n/resolve-locale.ts) and its `signing` messages, and the
 * signer's switch. A switch happens in place, without a reload, so whatever the signer filled in
 * stays (and an embedded page, whose URL works once, keeps working): the other language's messages
 * are fetched, `<html lang>` and the title follow, and the choice is kept in a cookie for the next
 * visit. It changes this page only: mails keep the recipient's language.
 */
export function SigningIntlProvider({
  locale: initialLocale,
  messages: initialMessages,
  children,
}: {
  locale: Locale;
  messages: SigningMessages;
  children: ReactNode;
}) {
  const [{ locale, messages }, setIntl] = useState({ locale: initialLocale, messages: initialMessages });
  const switchLocale = useCallback(async (next: Locale) => {
    const loaded = await loadSigningMessages(next);
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    document.cookie = `${LOCALE_COOKIE}=${next}; path=/sign; max-age=${365 * 24 * 3600}; samesite=lax${secure}`;
    document.documentElement.lang = next;
    document.title = loaded.signing.meta.title;
    setIntl({ locale: next, messages: loaded });
  }, []);
  return (
    <SwitchContext.Provider value={switchLocale}>
      {/* Dates and times are formatted by the page itself (format.ts); UTC only keeps use-intl from guessing one. */}
      <IntlProvider locale={locale} messages={messages} timeZone="UTC">
        {children}
      </IntlProvider>
    </SwitchContext.Provider>
  );
}

/** The signing namespace's translator. */
export const useSigningT = () => useTranslations("signing");
export type SigningT = ReturnType<typeof useSigningT>;
export { useLocale };
/** Changes the page's language (the switcher's one use). */
export const useSwitchLocale = () => useContext(SwitchContext);
