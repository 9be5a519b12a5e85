import type { Metadata } from "next";
import { SigningIntlProvider } from "@/components/signing/intl";
import { catalogs } from "@/lib/i18n/catalogs";
import { pageLocale } from "@/lib/server/i18n/page-locale";

// Public: a template's public link (/p/{slug}). Like the signing pages: no Referer (the slug is the
// link), not indexed, in the visitor's language (proxy.ts: their choice, else their browser's).
export async function generateMetadata(): Promise<Metadata> {
  return {
    title: catalogs[await pageLocale()].signing.meta.title,
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

export default async function PublicLinkLayout({ children }: { children: React.ReactNode }) {
  const locale = await pageLocale();
  return (
    <SigningIntlProvider locale={locale} messages={{ signing: catalogs[locale].signing }}>
      {children}
    </SigningIntlProvider>
  );
}
