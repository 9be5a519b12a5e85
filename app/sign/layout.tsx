import type { Metadata } from "next";
import { SigningIntlProvider } from "@/components/signing/intl";
import { catalogs } from "@/lib/i18n/catalogs";
import { pageLocale } from "@/lib/server/i18n/page-locale";

// Public: the link's token is the only credential. The page sends no Referer (the token is in its
// path) and asks not to be indexed.
export async function generateMetadata(): Promise<Metadata> {
  return {
    title: catalogs[await pageLocale()].signing.meta.title,
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}

/**
 * Every signing page (/sign/{token}, /sign/embed/{token}, their not-found screens) in the language
 * proxy.ts chose for it (lib/i18n/resolve-locale.ts); the browser gets that language's `signing`
 * messages only, and the signer may switch (components/signing/intl.tsx).
 */
export default async function SigningLayout({ children }: { children: React.ReactNode }) {
  const locale = await pageLocale();
  return (
    <SigningIntlProvider locale={locale} messages={{ signing: catalogs[locale].signing }}>
      {children}
    </SigningIntlProvider>
  );
}
