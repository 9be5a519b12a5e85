import "server-only";
import { cache } from "react";
import { headers } from "next/headers";
import { createTranslator } from "use-intl/core";
import { acceptedLocales } from "@/lib/i18n/resolve-locale";
import { defaultLocale, toLocale, type Locale } from "@/lib/i18n/locales";
import { dashboardCatalogs } from "@/lib/i18n/dashboard/catalogs";
import type { DashboardMessages } from "@/lib/i18n/dashboard";
import type { AppError } from "../errors";
import { currentStaff } from "./current-staff";

/**
 * The language of the dashboard for this request: the signed-in staff member's own choice (their account
 * page; the same language their mails are in), else the browser's (Accept-Language) among the eight, else
 * English. Once per request (React's cache).
 */
export const dashboardLocale = cache(async (): Promise<Locale> => {
  const staff = await currentStaff().catch(() => null);
  const chosen = toLocale(staff?.locale ?? null);
  if (chosen) return chosen;
  return acceptedLocales((await headers()).get("accept-language"))[0] ?? defaultLocale;
});

/** The dashboard's words in this request's language: the translator for server code, and the catalog for the browser's. */
export const dashboardWords = cache(async () => {
  const locale = await dashboardLocale();
  const messages: DashboardMessages = dashboardCatalogs[locale];
  return { locale, messages, t: createTranslator({ locale, messages, namespace: "dashboard" }) };
});

/** The translator for a page, a layout, metadata or a server action: keys are `area.key` (`common.nav.requests`). */
export async function dashboardTr() {
  return (await dashboardWords()).t;
}

/**
 * A refusal as the dashboard says it: in English the API's own sentence (it names the case), in another language
 * the sentence for its code (lib/i18n/dashboard/<locale>/error-codes.json).
 */
export async function refusalText(e: AppError): Promise<string> {
  const { locale, t } = await dashboardWords();
  return locale === "en" ? e.message : t(`errorCodes.${e.code}`);
}
