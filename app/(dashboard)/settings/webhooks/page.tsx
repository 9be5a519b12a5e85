import { requireAdmin } from "@/lib/server/staff/current-staff";
import { Webhooks } from "@/components/settings/webhooks";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.webhooks.metaTitle") };

export default async function WebhooksPage() {
  await requireAdmin("/settings/webhooks");
  return <Webhooks />;
}
