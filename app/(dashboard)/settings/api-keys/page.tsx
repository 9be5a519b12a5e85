import { requireAdmin } from "@/lib/server/staff/current-staff";
import { ApiKeys } from "@/components/settings/api-keys";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.apiKeys.metaTitle") };
}

export default async function ApiKeysPage() {
  await requireAdmin("/settings/api-keys");
  return <ApiKeys />;
}
