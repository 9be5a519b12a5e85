import { requireAdmin } from "@/lib/server/staff/current-staff";
import { listStaff } from "@/lib/server/staff/list-staff";
import { Team } from "@/components/settings/team";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.team.metaTitle") };

export default async function TeamPage() {
  const staff = await requireAdmin("/settings/team");
  return <Team me={staff.id} members={await listStaff(staff)} mailViaSmtp={!!process.env.SMTP_URL} />;
}
