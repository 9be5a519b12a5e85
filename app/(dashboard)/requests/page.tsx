import { requireStaff } from "@/lib/server/staff/current-staff";
import { RequestsList } from "@/components/requests/requests-list";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("requests.list.metaTitle") };

export default async function RequestsPage() {
  await requireStaff("/requests");
  return <RequestsList />;
}
