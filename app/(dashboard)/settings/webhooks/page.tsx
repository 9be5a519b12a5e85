import { requireAdmin } from "@/lib/server/staff/current-staff";
import { Webhooks } from "@/components/settings/webhooks";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.webhooks.metaTitle") };
}

export default async function WebhooksPage() {
  await requireAdmin("/settings/webhooks");
  return <Webhooks />;
}
