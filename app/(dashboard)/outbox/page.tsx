import { requireStaff } from "@/lib/server/staff/current-staff";
import { Outbox } from "@/components/outbox/outbox";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("outbox.page.metaTitle") };

export default async function OutboxPage() {
  const staff = await requireStaff("/outbox");
  return <Outbox isAdmin={staff.role === "ADMIN"} />;
}
