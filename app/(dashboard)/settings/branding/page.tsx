import { requireAdmin } from "@/lib/server/staff/current-staff";
import { getBranding } from "@/lib/server/branding/branding";
import { BrandingSettings } from "@/components/settings/branding";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.branding.metaTitle") };
}

export default async function BrandingPage() {
  const staff = await requireAdmin("/settings/branding");
  return <BrandingSettings branding={await getBranding(staff)} />;
}
