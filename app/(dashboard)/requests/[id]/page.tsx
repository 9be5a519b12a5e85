import { notFound } from "next/navigation";
import { requireStaff } from "@/lib/server/staff/current-staff";
import { requestInDashboard } from "@/lib/server/staff/environment";
import { RequestDetail } from "@/components/requests/request-detail";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("requests.detail.metaTitle") };
}

export default async function RequestPage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ sent?: string }>;
}) {
  const { id } = await params;
  const staff = await requireStaff(`/requests/${encodeURIComponent(id)}`);
  // A request of the other environment (or none) is not there for this dashboard: a 404 page.
  if (!(await requestInDashboard(staff, id))) notFound();
  return <RequestDetail id={id} justSent={(await searchParams).sent === "1"} />;
}
