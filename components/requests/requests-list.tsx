"use client";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { REQUEST_STATUSES } from "@/lib/client/constants";
import { plainError } from "@/lib/client/api";
import { useRequestList } from "@/lib/client/requests";
import { filtersFromQuery, queryOfFilters, type RequestSourceFilter } from "@/lib/client/request-filters";
import type { RequestStatus } from "@/lib/client/types";
import { Button, linkButton } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader, Spinner } from "@/components/ui/feedback";
import { Options, SelectField, TextField } from "@/components/ui/form";
import { ApprovalBadge, StatusBadge, useStatusLabel } from "@/components/ui/status-badge";
import { formatDate } from "@/components/ui/format";
import { DataTable } from "@/components/ui/data-table";
import { useDashboardT } from "@/components/layout/dashboard-intl";

type Summary = NonNullable<ReturnType<typeof useRequestList>["data"]>["pages"][number]["items"][number];

/** "Ann ✓ · Bob waiting · Cy later": each recipient with where they are. */
function RecipientStates({ recipients, requestStatus }: { recipients: Summary["recipients"]; requestStatus: Summary["status"] }) {
  const t = useDashboardT();
  if (!recipients.length) return <span>{t("requests.list.noRecipients")}</span>;
  const stateOf = (x: Summary["recipients"][number]) => {
    if (x.role === "CC") return t("requests.list.state.copy", { name: x.name });
    if (x.status === "SIGNED" || x.status === "APPROVED" || (x.role === "VIEWER" && x.status === "VIEWED"))
      return t("requests.list.state.done", { name: x.name });
    if (x.status === "DECLINED") return t("requests.list.state.declined", { name: x.name });
    // A signing group's member whose signature enough others made unneeded.
    if (x.status === "RELEASED") return t("requests.list.state.released", { name: x.name });
    // A draft's recipients wait for nothing yet; an ended request's no longer do.
    if (requestStatus !== "IN_PROGRESS") return x.name;
    if (x.status === "PENDING") return t("requests.list.state.later", { name: x.name });
    return t("requests.list.state.waiting", { name: x.name });
  };
  return (
    <ul className="flex flex-wrap gap-x-1 text-sm">
      {recipients.map((x, i) => (
        <li key={x.id} title={x.email}>
          {stateOf(x)}
          {i < recipients.length - 1 && " ·"}
        </li>
      ))}
    </ul>
  );
}

/** A bound of the "created" range: a date, or none (""); `min`/`max`, the other bound when set. */
function DateFilter({
  min,
  max,
  onChange,
  ...field
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (date: string) => void;
}) {
  return (
    <TextField
      {...field}
      type="date"
      className="w-40"
      min={min || undefined}
      max={max || undefined}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** The words only a screen reader reads (a link's request title). */
const hidden = (chunks: React.ReactNode) => <span className="sr-only">{chunks}</span>;

/**
 * `me`: the signed-in staff member as the audit trail names them (staff:<id>), for "Created by: me".
 * The filters start as the page's URL says, and each change is written back into it (replacing the
 * history entry, not adding one per keystroke), so a search can be bookmarked and Back from a request
 * finds the list as it was.
 */
export function RequestsList({ me }: { me: string }) {
  const params = useSearchParams();
  const [initial] = useState(() => filtersFromQuery(Object.fromEntries(params)));
  const t = useDashboardT();
  const statusLabel = useStatusLabel();
  const [status, setStatus] = useState<RequestStatus | "">(initial.status);
  const [search, setSearch] = useState(initial.q);
  const [mine, setMine] = useState(initial.mine);
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [source, setSource] = useState<RequestSourceFilter>(initial.source);
  // The search goes to the server (title, recipients' names and addresses), once typing pauses.
  const [needle, setNeedle] = useState(initial.q.trim());
  useEffect(() => {
    const t = setTimeout(() => setNeedle(search.trim()), 300);
    return () => clearTimeout(t);
  }, [search]);
  useEffect(() => {
    const next = `${window.location.pathname}${queryOfFilters({ q: needle, status, mine, from, to, source })}`;
    if (next !== `${window.location.pathname}${window.location.search}`) window.history.replaceState(null, "", next);
  }, [needle, status, mine, from, to, source]);
  const q = useRequestList({
    status: status || undefined,
    q: needle || undefined,
    createdBy: mine ? me : undefined,
    createdFrom: from || undefined,
    createdTo: to || undefined,
    source: source || undefined,
  });
  const items = useMemo(() => q.data?.pages.flatMap((p) => p.items) ?? [], [q.data]);

  return (
    <section>
      <PageHeader title={t("requests.list.title")} description={t("requests.list.description")}>
        <Link href="/requests/new" className={linkButton("primary")}>
          {t("requests.list.newRequest")}
        </Link>
      </PageHeader>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SelectField
          id="status-filter"
          label={t("requests.list.status")}
          className="w-48"
          value={status}
          onChange={(e) => setStatus(e.target.value as RequestStatus | "")}
        >
          <option value="">{t("requests.list.allStatuses")}</option>
          <Options items={REQUEST_STATUSES} label={statusLabel} />
        </SelectField>
        <SelectField
          id="creator-filter"
          label={t("requests.list.createdBy")}
          className="w-40"
          value={mine ? "me" : ""}
          onChange={(e) => setMine(e.target.value === "me")}
        >
          <option value="">{t("requests.list.anyone")}</option>
          <option value="me">{t("requests.list.me")}</option>
        </SelectField>
        <SelectField
          id="source-filter"
          label={t("requests.list.source")}
          className="w-44"
          value={source}
          onChange={(e) => setSource(e.target.value as RequestSourceFilter)}
        >
          <option value="">{t("requests.list.anySource")}</option>
          <option value="api">{t("requests.list.sourceApi")}</option>
          <option value="public_link">{t("requests.list.sourcePublicLink")}</option>
        </SelectField>
        <DateFilter id="created-from" label={t("requests.list.createdFrom")} value={from} max={to} onChange={setFrom} />
        <DateFilter id="created-to" label={t("requests.list.createdTo")} value={to} min={from} onChange={setTo} />
        <TextField
          id="search"
          label={t("requests.list.search")}
          type="search"
          className="min-w-56 flex-1 sm:max-w-sm"
          placeholder={t("requests.list.searchPlaceholder")}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>

      {q.isPending ? (
        <div className="rounded-lg border border-slate-200 bg-white p-6">
          <Spinner label={t("requests.list.loading")} />
        </div>
      ) : q.isError ? (
        <Alert title={t("requests.list.loadFailed")}>{plainError(q.error)}</Alert>
      ) : items.length === 0 ? (
        needle || status || mine || from || to || source ? (
          <EmptyState title={t("requests.list.noMatchTitle")}>{t("requests.list.noMatch")}</EmptyState>
        ) : (
          <EmptyState title={t("requests.list.emptyTitle")}>
            {t.rich("requests.list.empty", {
              upload: (chunks) => (
                <Link href="/requests/new" className="font-medium text-indigo-700 underline">
                  {chunks}
                </Link>
              ),
              template: (chunks) => (
                <Link href="/templates" className="font-medium text-indigo-700 underline">
                  {chunks}
                </Link>
              ),
            })}
          </EmptyState>
        )
      ) : (
        <DataTable
          columns={[
            t("requests.list.columns.title"),
            t("requests.list.columns.status"),
            { label: t("requests.list.columns.recipients"), hideBelow: "sm" },
            { label: t("requests.list.columns.created"), hideBelow: "md" },
          ]}
          actions
        >
          {items.map((r) => (
            <tr key={r.id} className="hover:bg-slate-50">
              <td className="px-4 py-3 font-medium text-slate-900">
                <Link href={`/requests/${r.id}`} className="hover:underline">
                  {r.title}
                </Link>
                {r.source === "public_link" && (
                  <span className="ml-2 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-800">
                    {t("requests.list.fromPublicLink")}
                  </span>
                )}
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={r.status} />
                {r.awaitingApproval && <ApprovalBadge />}
                {r.sealError && r.status === "IN_PROGRESS" && (
                  <span className="ml-2 text-xs font-medium text-red-700">{t("requests.list.sealingFailed")}</span>
                )}
                {r.progress.total > 0 && r.status !== "DRAFT" && (
                  <span className="mt-1 block text-xs text-slate-600">
                    {t("requests.list.progress", { done: r.progress.done, total: r.progress.total })}
                  </span>
                )}
              </td>
              <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
                <RecipientStates recipients={r.recipients} requestStatus={r.status} />
              </td>
              <td className="hidden px-4 py-3 text-slate-600 md:table-cell">
                <span className="block">{formatDate(r.createdAt)}</span>
                {r.createdBy && <span className="block text-xs">{t("requests.list.by", { name: r.createdBy.name })}</span>}
                {r.expiresAt && r.status === "IN_PROGRESS" && (
                  <span className="block text-xs">{t("requests.list.expires", { date: formatDate(r.expiresAt) })}</span>
                )}
              </td>
              <td className="px-4 py-3 text-right">
                {r.status === "DRAFT" ? (
                  <Link href={`/requests/${r.id}/edit`} className="font-medium text-indigo-700 hover:underline">
                    {t.rich("requests.list.continueEditing", { title: r.title, hidden })}
                  </Link>
                ) : (
                  <Link href={`/requests/${r.id}`} className="font-medium text-indigo-700 hover:underline">
                    {t.rich("requests.list.view", { title: r.title, hidden })}
                  </Link>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      {q.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? t("requests.list.loadingMore") : t("requests.list.loadMore")}
          </Button>
        </div>
      )}
    </section>
  );
}
