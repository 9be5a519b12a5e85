import { requireStaff } from "@/lib/server/staff/current-staff";
import { TemplatesPage } from "@/components/templates/templates-page";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("templates.list.metaTitle") };

export default async function Templates() {
  await requireStaff("/templates");
  return <TemplatesPage />;
}
