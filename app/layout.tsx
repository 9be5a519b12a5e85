import type { Metadata } from "next";
import { pageLocale } from "@/lib/server/i18n/page-locale";
import "./globals.css";

export const metadata: Metadata = {
  title: "Signet",
  description: "Electronic signatures on PDF documents",
};

// `<html lang>` is the page's language: a signing page's is decided per request by proxy.ts and
// handed over in a request header (a layout cannot see the path); every other page is English.
// Reading the header makes every page dynamic, which they all were but the sign-in page.
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang={await pageLocale()}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
