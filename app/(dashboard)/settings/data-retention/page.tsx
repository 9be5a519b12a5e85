import { requireAdmin } from "@/lib/server/staff/current-staff";
import { listPurgeRuns } from "@/lib/server/purge/list-purge-runs";
import { config } from "@/lib/server/config";
import { PurgeRuns } from "@/components/settings/purge-runs";

export const metadata = { title: "Data retention – Signet" };

// Admin only: the sandbox purge's runs (every organization's sandbox data is purged by one job).
export default async function DataRetentionPage() {
  await requireAdmin("/settings/data-retention");
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Data retention</h1>
        <p className="mt-1 text-sm text-slate-600">
          Sandbox signature requests are deleted {config.sandboxRetentionDays} days after they were created, with their documents,
          recipients, events, mails and webhook deliveries; the purge runs every {config.purgeIntervalMinutes} minutes. Production
          data is never purged.
        </p>
      </div>
      <PurgeRuns runs={await listPurgeRuns()} />
    </div>
  );
}
