import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import SignPage from "@/app/sign/[token]/page";
import { SigningIntlProvider } from "@/components/signing/intl";
import { catalogs } from "@/lib/i18n/catalogs";
import type { Locale } from "@/lib/i18n/locales";

/**
 * What the page /sign/{token} renders, as HTML, in `locale` (as app/sign/layout.tsx gives it the
 * language proxy.ts chose). A test that imports this mocks the client app away
 * (`vi.mock("@/components/signing/signing-app", …)`): it runs in the browser, with Next's fonts.
 */
export async function signingPageHtml(token: string, locale: Locale = "en"): Promise<string> {
  const page = await SignPage({ params: Promise.resolve({ token }) });
  const props = { locale, messages: { signing: catalogs[locale].signing } } as Parameters<typeof SigningIntlProvider>[0];
  return renderToStaticMarkup(createElement(SigningIntlProvider, props, page));
}
