import { requireAdmin } from "@/lib/server/staff/current-staff";
import { SendingDefaults } from "@/components/settings/sending-defaults";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.sending.metaTitle") };

// Admin only: the defaults apply to every new draft of the organization, in both environments.
export default async function SendingDefaultsPage() {
  await requireAdmin("/settings/sending");
  return <SendingDefaults />;
}
