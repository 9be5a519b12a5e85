import { requireAdmin } from "@/lib/server/staff/current-staff";
import { listPurgeRuns } from "@/lib/server/purge/list-purge-runs";
import { config } from "@/lib/server/config";
import { PurgeRuns } from "@/components/settings/purge-runs";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.retention.metaTitle") };
}

// Admin only: the sandbox purge's runs (every organization's sandbox data is purged by one job).
export default async function DataRetentionPage() {
  const t = await dashboardTr();
  await requireAdmin("/settings/data-retention");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">{t("settings.retention.title")}</h1>
        <p className="mt-1 text-sm text-slate-600">
          {t("settings.retention.description", {
            days: config.sandboxRetentionDays,
            minutes: config.purgeIntervalMinutes,
          })}
        </p>
      </div>
      <PurgeRuns runs={await listPurgeRuns()} />
    </div>
  );
}
