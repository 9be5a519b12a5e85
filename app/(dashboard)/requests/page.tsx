import { requireStaff } from "@/lib/server/staff/current-staff";
import { RequestsList } from "@/components/requests/requests-list";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("requests.list.metaTitle") };

export default async function RequestsPage() {
  const staff = await requireStaff("/requests");
  return <RequestsList me={`staff:${staff.id}`} />;
}
