import { requireAdmin } from "@/lib/server/staff/current-staff";
import { getBranding } from "@/lib/server/branding/branding";
import { BrandingSettings } from "@/components/settings/branding";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.branding.metaTitle") };

export default async function BrandingPage() {
  const staff = await requireAdmin("/settings/branding");
  return <BrandingSettings branding={await getBranding(staff)} />;
}
