import { requireStaff } from "@/lib/server/staff/current-staff";
import { Outbox } from "@/components/outbox/outbox";

export const metadata = { title: "Outbox – Signet" };

export default async function OutboxPage() {
  const staff = await requireStaff("/outbox");
  return <Outbox isAdmin={staff.role === "ADMIN"} />;
}
