import type { ReactNode } from "react";
import { dashboardWords } from "@/lib/server/staff/dashboard-words";
import { DashboardIntl } from "@/components/layout/dashboard-intl";

/** The dashboard's messages in this request's language (lib/server/staff/dashboard-words.ts), for the pages below. */
export async function StaffIntl({ children }: { children: ReactNode }) {
  const { locale, messages } = await dashboardWords();
  return (
    <DashboardIntl locale={locale} messages={messages}>
      {children}
    </DashboardIntl>
  );
}
