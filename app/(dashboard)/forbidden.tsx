import Link from "next/link";
import { Alert } from "@/components/ui/feedback";
import { linkButton } from "@/components/ui/button";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

// What a MEMBER sees (with a 403) on an admin-only page: requireAdmin() calls forbidden().
export default async function DashboardForbidden() {
  const t = await dashboardTr();
  return (
    <div className="mx-auto max-w-xl space-y-4 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">{t("common.forbidden.title")}</h1>
      <Alert kind="warning" title={t("common.forbidden.alertTitle")}>
        {t("common.forbidden.text")}
      </Alert>
      <Link href="/requests" className={linkButton("secondary")}>
        {t("common.forbidden.back")}
      </Link>
    </div>
  );
}
