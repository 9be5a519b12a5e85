import { notFound } from "next/navigation";
import { requireStaff } from "@/lib/server/staff/current-staff";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";
import { requestInDashboard } from "@/lib/server/staff/environment";
import { ComposeFlow, type ComposeStep } from "@/components/compose/compose-flow";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("compose.meta.editTitle") };
}

const STEPS: ComposeStep[] = ["recipients", "fields", "review"];

export default async function EditRequestPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ step?: string; detect?: string }>;
}) {
  const { id } = await params;
  const sp = await searchParams;
  const staff = await requireStaff(`/requests/${encodeURIComponent(id)}/edit`);
  // A request of the other environment (or none) is not there for this dashboard: a 404 page.
  if (!(await requestInDashboard(staff, id))) notFound();
  const step = STEPS.includes(sp.step as ComposeStep) ? (sp.step as ComposeStep) : "recipients";
  return <ComposeFlow key={`${id}:${step}`} id={id} step={step} detect={sp.detect === "1"} />;
}
