import { requireStaff } from "@/lib/server/staff/current-staff";
import { TemplatesPage } from "@/components/templates/templates-page";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("templates.list.metaTitle") };
}

export default async function Templates() {
  await requireStaff("/templates");
  return <TemplatesPage />;
}
