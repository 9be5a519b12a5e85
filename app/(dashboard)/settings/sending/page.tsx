import { requireAdmin } from "@/lib/server/staff/current-staff";
import { SendingDefaults } from "@/components/settings/sending-defaults";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.sending.metaTitle") };
}

// Admin only: the defaults apply to every new draft of the organization, in both environments.
export default async function SendingDefaultsPage() {
  await requireAdmin("/settings/sending");
  return <SendingDefaults />;
}
