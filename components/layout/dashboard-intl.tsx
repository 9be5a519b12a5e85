"use client";

import type { ReactNode } from "react";
import { IntlProvider, useTranslations } from "use-intl";
import { dashboardMessages } from "@/lib/i18n/dashboard";

/**
 * The staff pages' messages (lib/i18n/dashboard), English for now. Wraps the dashboard's layout and the
 * pages outside it that staff see (sign-in, set password, verify); never the signer's pages, which have
 * their own provider and must not carry these bytes.
 */
export function DashboardIntl({ children }: { children: ReactNode }) {
  return (
    // Dates are formatted by lib/dates and components/ui/local-time; UTC only keeps use-intl from guessing a zone.
    <IntlProvider locale="en" messages={dashboardMessages} timeZone="UTC">
      {children}
    </IntlProvider>
  );
}

/** The dashboard namespace's translator in client components: keys are `area.key` (`common.nav.requests`). */
export const useDashboardT = () => useTranslations("dashboard");
