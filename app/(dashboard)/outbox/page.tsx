import { requireStaff } from "@/lib/server/staff/current-staff";
import { Outbox } from "@/components/outbox/outbox";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("outbox.page.metaTitle") };
}

export default async function OutboxPage() {
  const staff = await requireStaff("/outbox");
  return <Outbox isAdmin={staff.role === "ADMIN"} />;
}
