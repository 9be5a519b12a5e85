import type { Metadata } from "next";
import { headers } from "next/headers";
import { isLocale, LOCALE_HEADER } from "@/lib/i18n/locales";
import { dashboardLocale } from "@/lib/server/staff/dashboard-words";
import "./globals.css";

export const metadata: Metadata = {
  title: "Signet",
  description: "Electronic signatures on PDF documents",
};

// `<html lang>` is the page's language: a signing page's is decided per request by proxy.ts and
// handed over in a request header (a layout cannot see the path); every other page is the dashboard's, in
// the staff member's language (lib/server/staff/dashboard-words.ts). Reading the header makes every page
// dynamic, which they all were but the sign-in page.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const decided = (await headers()).get(LOCALE_HEADER);
  return (
    <html lang={isLocale(decided) ? decided : await dashboardLocale()}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
