import { requireStaff } from "@/lib/server/staff/current-staff";
import { listOwnSessions } from "@/lib/server/staff/sessions";
import { readOwnProfile } from "@/lib/server/staff/change-own-profile";
import { Account } from "@/components/settings/account";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.account.metaTitle") };
}

export default async function AccountPage() {
  const staff = await requireStaff("/settings/account");
  const profile = await readOwnProfile(staff);
  return (
    <Account
      me={{ name: profile.name, email: staff.email, role: staff.role, locale: profile.locale, hasPassword: profile.hasPassword }}
      sessions={await listOwnSessions(staff)}
    />
  );
}
