"use client";
import { signOut } from "next-auth/react";
import { loadPage } from "@/lib/client/load-page";
import { useDashboardT } from "@/components/layout/dashboard-intl";

export function SignOutButton() {
  const t = useDashboardT();
  return (
    <button
      type="button"
      className="rounded-md px-2 py-1 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
      onClick={async () => {
        await signOut({ redirect: false });
        loadPage("/login");
      }}
    >
      {t("auth.signOut")}
    </button>
  );
}
