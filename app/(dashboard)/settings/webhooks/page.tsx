import { requireStaff } from "@/lib/server/staff/current-staff";
import { Webhooks } from "@/components/settings/webhooks";

export const metadata = { title: "Webhooks – Signet" };

export default async function WebhooksPage() {
  await requireStaff("/settings/webhooks");
  return <Webhooks />;
}
