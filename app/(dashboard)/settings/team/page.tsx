import { requireAdmin } from "@/lib/server/staff/current-staff";
import { listStaff } from "@/lib/server/staff/list-staff";
import { Team } from "@/components/settings/team";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.team.metaTitle") };
}

export default async function TeamPage() {
  const staff = await requireAdmin("/settings/team");
  return <Team me={staff.id} members={await listStaff(staff)} mailViaSmtp={!!process.env.SMTP_URL} />;
}
