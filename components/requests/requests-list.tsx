"use client";
import Link from "next/link";
import { useMemo, useState } from "react";
import { REQUEST_STATUSES } from "@/lib/client/constants";
import { plainError } from "@/lib/client/api";
import { useRequestList } from "@/lib/client/requests";
import type { RequestStatus } from "@/lib/client/types";
import { Button, linkButton } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader, Spinner } from "@/components/ui/feedback";
import { inputClass } from "@/components/ui/form";
import { StatusBadge, statusLabel } from "@/components/ui/status-badge";
import { formatDate } from "@/components/ui/format";
import { DataTable } from "@/components/ui/data-table";

export function RequestsList() {
  const [status, setStatus] = useState<RequestStatus | "">("");
  const [search, setSearch] = useState("");
  const q = useRequestList(status || undefined);
  const all = useMemo(() => q.data?.pages.flatMap((p) => p.items) ?? [], [q.data]);
  const needle = search.trim().toLowerCase();
  const items = needle ? all.filter((r) => r.title.toLowerCase().includes(needle)) : all;

  return (
    <section>
      <PageHeader title="Signature requests" description="Everything sent for signature, newest first.">
        <Link href="/requests/new" className={linkButton("primary")}>
          New request
        </Link>
      </PageHeader>

      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="w-48">
          <label htmlFor="status-filter" className="mb-1 block text-sm font-medium text-slate-700">
            Status
          </label>
          <select
            id="status-filter"
            className={inputClass}
            value={status}
            onChange={(e) => setStatus(e.target.value as RequestStatus | "")}
          >
            <option value="">All statuses</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-56 flex-1 sm:max-w-sm">
          <label htmlFor="search" className="mb-1 block text-sm font-medium text-slate-700">
            Search by title
          </label>
          <input
            id="search"
            type="search"
            className={inputClass}
            placeholder="e.g. Lease agreement"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>

      {q.isPending ? (
        <div className="rounded-lg border border-slate-200 bg-white p-6">
          <Spinner label="Loading requests" />
        </div>
      ) : q.isError ? (
        <Alert title="The requests could not be loaded">{plainError(q.error)}</Alert>
      ) : items.length === 0 ? (
        needle || status ? (
          <EmptyState title="No requests match">
            {needle && q.hasNextPage
              ? "Only the requests loaded so far were searched; load more to search further."
              : "Try another status or search."}
          </EmptyState>
        ) : (
          <EmptyState title="No signature requests yet">
            <Link href="/requests/new" className="font-medium text-indigo-700 underline">
              Upload a PDF
            </Link>{" "}
            or start from a{" "}
            <Link href="/templates" className="font-medium text-indigo-700 underline">
              template
            </Link>
            .
          </EmptyState>
        )
      ) : (
        <DataTable
          columns={[
            "Title",
            "Status",
            { label: "Recipients", hideBelow: "sm" },
            { label: "Pages", hideBelow: "md" },
            { label: "Created", hideBelow: "md" },
          ]}
          actions
        >
          {items.map((r) => (
            <tr key={r.id} className="hover:bg-slate-50">
              <td className="px-4 py-3 font-medium text-slate-900">
                <Link href={`/requests/${r.id}`} className="hover:underline">
                  {r.title}
                </Link>
              </td>
              <td className="px-4 py-3">
                <StatusBadge status={r.status} />
                {r.sealError && r.status === "IN_PROGRESS" && (
                  <span className="ml-2 text-xs font-medium text-red-700">Sealing failed</span>
                )}
              </td>
              <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">{r.recipientCount}</td>
              <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{r.document.pageCount}</td>
              <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{formatDate(r.createdAt)}</td>
              <td className="px-4 py-3 text-right">
                {r.status === "DRAFT" ? (
                  <Link href={`/requests/${r.id}/edit`} className="font-medium text-indigo-700 hover:underline">
                    Continue editing<span className="sr-only"> {r.title}</span>
                  </Link>
                ) : (
                  <Link href={`/requests/${r.id}`} className="font-medium text-indigo-700 hover:underline">
                    View<span className="sr-only"> {r.title}</span>
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
            {q.isFetchingNextPage ? "Loading…" : "Load more"}
          </Button>
        </div>
      )}
    </section>
  );
}
