import { requireStaff } from "@/lib/server/staff/current-staff";
import { TemplateBuilder } from "@/components/templates/template-builder";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("templates.builder.metaTitle") };
}

export default async function TemplatePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ saved?: string }>;
}) {
  const { id } = await params;
  const { saved } = await searchParams;
  await requireStaff(`/templates/${encodeURIComponent(id)}`);
  // The template is read through the proxy with the key of the staff member's environment: one of the
  // other environment (or none) answers 404, which the builder shows as "does not exist".
  return <TemplateBuilder id={id} justSaved={saved === "1"} />;
}
