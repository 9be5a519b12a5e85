import type { Metadata } from "next";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";
import { VerifyApp } from "./verify-app";

// Public: anyone holding a PDF may check it; no sign-in, nothing stored.
export async function generateMetadata(): Promise<Metadata> {
  const t = await dashboardTr();
  return {
    title: t("verify.page.metaTitle"),
    description: t("verify.page.metaDescription"),
  };
}
// Rendered per request, so that Next.js puts this response's CSP nonce on its scripts (scripts/server.mjs).
export const dynamic = "force-dynamic";

// GET /verify – upload a PDF and see whether this service sealed it, and whether it is unchanged
export default async function VerifyPage() {
  const t = await dashboardTr();
  return (
    <main className="mx-auto max-w-2xl px-4 py-10">
      <p className="text-sm font-semibold tracking-wide text-indigo-600">Signet</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900">{t("verify.page.title")}</h1>
      <p className="mt-2 text-sm text-slate-600">{t("verify.page.intro")}</p>
      <VerifyApp />
      <p className="mt-10 text-center text-xs text-slate-600">{t("verify.page.footer")}</p>
    </main>
  );
}
