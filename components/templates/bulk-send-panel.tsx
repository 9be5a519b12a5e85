"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import { api, ApiError, plainError } from "@/lib/client/api";
import type { TemplateDto } from "@/lib/client/types";
import type { BulkRowError, BulkSendDryRunDto, BulkSendDto, BulkSendStartedDto } from "@/lib/schemas/bulk";
import { MAX_BULK_ROWS } from "@/lib/schemas/bulk";
import { Button } from "@/components/ui/button";
import { Alert, ErrorList, ProgressBar, type ListedError } from "@/components/ui/feedback";
import { FileField } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";

type T = ReturnType<typeof useDashboardT>;

const bulkPath = (id: string, dryRun: boolean) => `/templates/${id}/bulk-send${dryRun ? "?dryRun=true" : ""}`;

function formOf(file: File) {
  const f = new FormData();
  f.append("file", file);
  return f;
}

/** A CSV checked (dry run) before anything is sent, then sent, then followed row by row until done. */
export function BulkSendPanel({ t, onClose }: { t: TemplateDto; onClose: () => void }) {
  const tr = useDashboardT();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<BulkSendDryRunDto | null>(null);
  const [started, setStarted] = useState<BulkSendStartedDto | null>(null);
  const [busy, setBusy] = useState<"check" | "send" | null>(null);
  const [error, setError] = useState<ListedError | null>(null);
  // One key per chosen file: a second click (or a retried request) cannot start a second bulk send.
  const idemKey = useRef<string | null>(null);

  const fail = (e: unknown) => {
    const list =
      e instanceof ApiError
        ? [
            ...e.errors.map((x) => `${x.field}: ${x.message}`),
            ...rowErrors((e.details?.rows as BulkRowError[] | undefined) ?? [], tr),
          ]
        : [];
    setError({ text: plainError(e), list });
  };

  const check = async () => {
    if (!file) return setError({ text: tr("templates.bulk.fileRequired"), list: [] });
    setBusy("check");
    setError(null);
    setPreview(null);
    try {
      setPreview(await api<BulkSendDryRunDto>(bulkPath(t.id, true), { method: "POST", body: formOf(file) }));
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  const send = async () => {
    if (!file) return;
    setBusy("send");
    setError(null);
    try {
      idemKey.current ??= crypto.randomUUID();
      setStarted(
        await api<BulkSendStartedDto>(bulkPath(t.id, false), {
          method: "POST",
          body: formOf(file),
          headers: { "idempotency-key": idemKey.current },
        }),
      );
    } catch (e) {
      fail(e);
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      className="space-y-4 rounded-xl border border-indigo-200 bg-white p-5 shadow-sm"
      aria-label={tr("templates.bulk.label", { name: t.name })}
    >
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">{tr("templates.bulk.title", { name: t.name })}</h2>
        <Button variant="ghost" onClick={onClose}>
          {tr("templates.bulk.close")}
        </Button>
      </div>
      {!started && (
        <>
          <p className="text-sm text-slate-600">
            {tr("templates.bulk.intro", { max: MAX_BULK_ROWS })}{" "}
            {expectedColumns(t).map((c) => (
              <code key={c} className="mr-1 rounded bg-slate-100 px-1 text-xs">
                {c}
              </code>
            ))}
            {tr.rich("templates.bulk.optional", {
              column: "title",
              code: (chunks) => <code className="rounded bg-slate-100 px-1 text-xs">{chunks}</code>,
            })}
          </p>
          <FileField
            id={`bulk-file-${t.id}`}
            label={tr("templates.bulk.file")}
            accept=".csv,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setPreview(null);
              setError(null);
              idemKey.current = null;
            }}
          />
          <Button variant="secondary" onClick={check} disabled={!file || busy !== null}>
            {busy === "check" ? tr("templates.bulk.checking") : tr("templates.bulk.check")}
          </Button>
        </>
      )}
      {error && <ErrorList error={error} most={50} />}
      {preview && !started && <Preview p={preview} busy={busy === "send"} onSend={send} />}
      {started && <Progress id={started.id} />}
    </section>
  );
}

/**
 * The columns the template asks for: `<role>.name` and `<role>.email` for each role (a role still called
 * by its place reads sN; sN.name is accepted for any role), then a DOCX's placeholders.
 */
function expectedColumns(t: TemplateDto): string[] {
  return [...t.roles.flatMap((r) => [`${r.name}.name`, `${r.name}.email`]), ...t.placeholders];
}

/** The address of a row's first recipient, whatever its role's column is called. */
const firstEmail = (data: Record<string, string>) =>
  Object.entries(data).find(([k]) => k.toLowerCase().endsWith(".email"))?.[1] ?? "";

const rowErrors = (errors: BulkRowError[], tr: T) =>
  errors.map((e) => tr("templates.bulk.rowError", { row: e.row, errors: e.errors.map((x) => x.message).join("; ") }));

/** A table of the file's rows, each row's number first; `headers`, the other columns' header cells. */
function RowsTable({ label, headers, children }: { label: string; headers: React.ReactNode; children: React.ReactNode }) {
  const tr = useDashboardT();
  return (
    <table aria-label={label} className="min-w-full text-left text-xs">
      <thead>
        <tr className="border-b border-slate-200 text-slate-500">
          <th className="px-2 py-1">{tr("templates.bulk.row")}</th>
          {headers}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

function Preview({ p, busy, onSend }: { p: BulkSendDryRunDto; busy: boolean; onSend: () => void }) {
  const tr = useDashboardT();
  const columns = [...p.columns.required, ...p.columns.optional.filter((c) => p.preview.some((r) => c in r.data))];
  return (
    <div className="space-y-3">
      <p role="status" aria-label={tr("templates.bulk.checkResult")} className="text-sm font-medium">
        {tr("templates.bulk.checkSummary", { total: p.total, valid: p.valid, invalid: p.invalid })}
      </p>
      <div className="overflow-x-auto">
        <RowsTable
          label={tr("templates.bulk.rowsPreview")}
          headers={
            <>
              {columns.map((c) => (
                <th key={c} className="px-2 py-1 font-mono">
                  {c}
                </th>
              ))}
              <th className="px-2 py-1">{tr("templates.bulk.checkColumn")}</th>
            </>
          }
        >
          {p.preview.map((r) => (
            <tr key={r.row} className={`border-b border-slate-100 ${r.valid ? "" : "bg-red-50"}`}>
              <td className="px-2 py-1">{r.row}</td>
              {columns.map((c) => (
                <td key={c} className="max-w-[14rem] truncate px-2 py-1">
                  {r.data[c] ?? ""}
                </td>
              ))}
              <td className="px-2 py-1">{r.valid ? tr("templates.bulk.ok") : tr("templates.bulk.error")}</td>
            </tr>
          ))}
        </RowsTable>
        {p.total > p.preview.length && (
          <p className="mt-1 text-xs text-slate-500">
            {tr("templates.bulk.firstRows", { shown: p.preview.length, total: p.total })}
          </p>
        )}
      </div>
      {p.errors.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-red-700">{tr("templates.bulk.notSent")}</h3>
          <ul aria-label={tr("templates.bulk.rowErrors")} className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-red-700">
            {rowErrors(p.errors, tr).map((x) => (
              <li key={x}>{x}</li>
            ))}
          </ul>
        </div>
      )}
      <Button onClick={onSend} disabled={busy || p.valid === 0}>
        {busy ? tr("templates.bulk.starting") : tr("templates.bulk.send", { count: p.valid })}
      </Button>
    </div>
  );
}

function Progress({ id }: { id: string }) {
  const tr = useDashboardT();
  const q = useQuery({
    queryKey: ["bulk-sends", id],
    queryFn: () => api<BulkSendDto>(`/bulk-sends/${id}`),
    refetchInterval: (query) => (query.state.data?.status === "DONE" ? false : 1000),
  });
  const b = q.data;
  if (!b)
    return q.isError ? (
      <Alert>{plainError(q.error)}</Alert>
    ) : (
      <p className="text-sm text-slate-500">{tr("templates.bulk.starting")}</p>
    );
  const doneRows = b.sent + b.failed;
  const pct = b.total ? Math.round((doneRows / b.total) * 100) : 100;
  return (
    <div className="space-y-3">
      <ProgressBar label={tr("templates.bulk.progress")} now={pct} className="h-3 overflow-hidden rounded bg-slate-200" />
      <p role="status" aria-label={tr("templates.bulk.status")} className="text-sm font-medium">
        {tr(b.status === "DONE" ? "templates.bulk.done" : "templates.bulk.sending", {
          sent: b.sent,
          failed: b.failed,
          pending: b.pending,
          total: b.total,
        })}
      </p>
      <div className="max-h-96 overflow-y-auto">
        <RowsTable
          label={tr("templates.bulk.outcomes")}
          headers={
            <>
              <th className="px-2 py-1">{tr("templates.bulk.signer")}</th>
              <th className="px-2 py-1">{tr("templates.bulk.outcome")}</th>
            </>
          }
        >
          {b.rows.map((r) => (
            <tr key={r.row} className="border-b border-slate-100" data-status={r.status}>
              <td className="px-2 py-1">{r.row}</td>
              <td className="px-2 py-1">{firstEmail(r.data)}</td>
              <td className="px-2 py-1">
                {r.status === "SENT" && r.requestId ? (
                  <Link className="text-indigo-700 underline" href={`/requests/${r.requestId}`}>
                    {tr("templates.bulk.sent")}
                  </Link>
                ) : r.status === "FAILED" ? (
                  <span className="text-red-700">{tr("templates.bulk.failed", { error: r.error ?? "" })}</span>
                ) : (
                  <span className="text-slate-500">{tr("templates.bulk.pending")}</span>
                )}
              </td>
            </tr>
          ))}
        </RowsTable>
      </div>
    </div>
  );
}
