import { requireAdmin } from "@/lib/server/staff/current-staff";
import { ApiKeys } from "@/components/settings/api-keys";

export const metadata = { title: "API keys – Signet" };

export default async function ApiKeysPage() {
  await requireAdmin("/settings/api-keys");
  return <ApiKeys />;
}
