import { requireAdmin } from "@/lib/server/staff/current-staff";
import { ApiKeys } from "@/components/settings/api-keys";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";
import { dashboardEnvironment } from "@/lib/server/staff/environment";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.apiKeys.metaTitle") };
}

export default async function ApiKeysPage() {
  const staff = await requireAdmin("/settings/api-keys");
  return <ApiKeys environment={await dashboardEnvironment(staff)} />;
}
