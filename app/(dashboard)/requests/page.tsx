import { requireStaff } from "@/lib/server/staff/current-staff";
import { RequestsList } from "@/components/requests/requests-list";
import { filtersFromQuery, queryOfFilters } from "@/lib/client/request-filters";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("requests.list.metaTitle") };
}

export default async function RequestsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Signed out: back to this list, with its filters, after signing in.
  const staff = await requireStaff(`/requests${queryOfFilters(filtersFromQuery(await searchParams))}`);
  return <RequestsList me={`staff:${staff.id}`} />;
}
