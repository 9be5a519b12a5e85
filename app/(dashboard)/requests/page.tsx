import { requireStaff } from "@/lib/server/staff/current-staff";
import { RequestsList } from "@/components/requests/requests-list";

export const metadata = { title: "Requests – Signet" };

export default async function RequestsPage() {
  await requireStaff("/requests");
  return <RequestsList />;
}
