import { requireAdmin } from "@/lib/server/staff/current-staff";
import { Webhooks } from "@/components/settings/webhooks";

export const metadata = { title: "Webhooks – Signet" };

export default async function WebhooksPage() {
  await requireAdmin("/settings/webhooks");
  return <Webhooks />;
}
