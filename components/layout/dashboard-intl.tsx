"use client";

import type { ReactNode } from "react";
import { IntlProvider, useTranslations } from "use-intl";
import type { DashboardMessages } from "@/lib/i18n/dashboard";
import type { Locale } from "@/lib/i18n/locales";
import { setErrorWords } from "@/lib/client/error-words";

/**
 * The staff pages' messages (lib/i18n/dashboard) in the staff member's language, handed over by the server
 * (app/staff-intl.tsx: one catalog, never all eight). Wraps the dashboard's layout and the pages
 * outside it that staff see (sign-in, set password, verify); never the signer's pages, which have their own
 * provider and must not carry these bytes.
 */
export function DashboardIntl({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: DashboardMessages;
  children: ReactNode;
}) {
  // plainError (lib/client/api.ts) words what the API refuses in this language.
  setErrorWords(locale, messages);
  return (
    // Dates are formatted by lib/dates and components/ui/local-time; UTC only keeps use-intl from guessing a zone.
    <IntlProvider locale={locale} messages={messages} timeZone="UTC">
      {children}
    </IntlProvider>
  );
}

/** The dashboard namespace's translator in client components: keys are `area.key` (`common.nav.requests`). */
export const useDashboardT = () => useTranslations("dashboard");
