"use client";
import Link from "next/link";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * The links for integrators and operators, at the foot of the sign-in page and the dashboard.
 * The API reference and health are API routes, not pages: plain links, so the browser loads them
 * itself (a client-side <Link> first asks them for a React payload, and on a loaded machine the
 * page could stay where it was).
 */
export function SiteFooter() {
  const t = useDashboardT();
  return (
    <footer className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-4 gap-y-1 px-4 py-6 text-xs text-slate-500">
      <span>Signet</span>
      <Link className="hover:text-slate-800 hover:underline" href="/verify">
        {t("common.footer.verify")}
      </Link>
      <a className="hover:text-slate-800 hover:underline" href="/api/v1/openapi.json">
        {t("common.footer.apiReference")}
      </a>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- an API route (route.ts), not a page */}
      <a className="hover:text-slate-800 hover:underline" href="/api/health">
        {t("common.footer.health")}
      </a>
    </footer>
  );
}
