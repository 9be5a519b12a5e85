import { requireAdmin } from "@/lib/server/staff/current-staff";
import { ApiKeys } from "@/components/settings/api-keys";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.apiKeys.metaTitle") };

export default async function ApiKeysPage() {
  await requireAdmin("/settings/api-keys");
  return <ApiKeys />;
}
