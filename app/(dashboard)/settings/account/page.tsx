import { requireStaff } from "@/lib/server/staff/current-staff";
import { listOwnSessions } from "@/lib/server/staff/sessions";
import { Account } from "@/components/settings/account";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.account.metaTitle") };

export default async function AccountPage() {
  const staff = await requireStaff("/settings/account");
  return <Account me={{ name: staff.name, email: staff.email, role: staff.role }} sessions={await listOwnSessions(staff)} />;
}
