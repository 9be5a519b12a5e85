"use client";
import type { PurgeRunDto } from "@/lib/schemas/purge";
import { EmptyState } from "@/components/ui/feedback";
import { formatDate } from "@/components/ui/format";
import { DataTable } from "@/components/ui/data-table";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** How a run ended, for the "When" column. */
function outcome(run: PurgeRunDto, t: ReturnType<typeof useDashboardT>) {
  if (run.error)
    return (
      <span className="text-red-700" title={run.error}>
        {t("settings.purgeRuns.failed")}
      </span>
    );
  if (!run.finishedAt) return <span className="text-amber-700">{t("settings.purgeRuns.running")}</span>;
  return null;
}

/**
 * The last runs of the sandbox purge (a server component: the admin settings page passes
 * `listPurgeRuns()`): when, which requests (created before the cutoff), how many were deleted.
 */
export function PurgeRuns({ runs }: { runs: PurgeRunDto[] }) {
  const t = useDashboardT();
  return (
    <section aria-labelledby="purge-runs-heading" className="space-y-3">
      <div>
        <h2 id="purge-runs-heading" className="text-base font-semibold">
          {t("settings.purgeRuns.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("settings.purgeRuns.text")}</p>
      </div>
      {runs.length === 0 ? (
        <EmptyState title={t("settings.purgeRuns.emptyTitle")} />
      ) : (
        <DataTable
          columns={[
            t("settings.purgeRuns.columns.when"),
            t("settings.purgeRuns.columns.createdBefore"),
            { label: t("settings.purgeRuns.columns.requests"), align: "right" },
            { label: t("settings.purgeRuns.columns.blobs"), align: "right" },
          ]}
          testId="purge-runs"
        >
          {runs.map((run) => (
            <tr key={run.id}>
              <td className="px-4 py-3 text-slate-700">
                {formatDate(run.startedAt)} {outcome(run, t)}
              </td>
              <td className="px-4 py-3 text-slate-600">{formatDate(run.cutoff)}</td>
              <td
                className="px-4 py-3 text-right tabular-nums"
                title={Object.entries(run.counts)
                  .map(([table, n]) => `${table}: ${n}`)
                  .join(", ")}
              >
                {run.requests}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{run.blobs}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
