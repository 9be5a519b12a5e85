import "server-only";
import { headers } from "next/headers";
import { defaultLocale, isLocale, LOCALE_HEADER, type Locale } from "@/lib/i18n/locales";

/**
 * The language of the page being rendered: what proxy.ts decided for a signing page (recipient,
 * request, the signer's choice, the browser), else English (the dashboard, sign-in, and any page
 * the proxy does not see). Read by the root layout for `<html lang>` and by the signing layout.
 */
export async function pageLocale(): Promise<Locale> {
  const value = (await headers()).get(LOCALE_HEADER);
  return isLocale(value) ? value : defaultLocale;
}
