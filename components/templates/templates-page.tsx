"use client";
import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { api, ApiError, plainError } from "@/lib/client/api";
import { kindsOf, useTemplateActions, useTemplates } from "@/lib/client/templates";
import { uploadForm } from "@/lib/client/upload";
import type { CreatedTemplate, TemplateDto } from "@/lib/client/types";
import { Button, linkButton } from "@/components/ui/button";
import { Alert, EmptyState, FormBeside, PageHeader, ProgressBar, Spinner } from "@/components/ui/feedback";
import { FileField, FormCard, TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { BulkSendPanel } from "./bulk-send-panel";
import { ShareLinkPanel } from "./share-link-panel";
import { UseTemplateForm } from "./use-template-form";

const unavailable = (e: unknown) => e instanceof ApiError && (e.unavailable || e.status === 405);

export function TemplatesPage() {
  const tr = useDashboardT();
  const q = useTemplates();
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const { remove } = useTemplateActions();
  const [using, setUsing] = useState<TemplateDto | null>(null);
  const [bulk, setBulk] = useState<TemplateDto | null>(null);
  const [sharing, setSharing] = useState<TemplateDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (q.isError && unavailable(q.error))
    return (
      <section>
        <PageHeader title={tr("templates.list.title")} />
        <Alert kind="info" title={tr("templates.list.unavailableTitle")}>
          {tr("templates.list.unavailable")}
        </Alert>
      </section>
    );

  return (
    <section>
      <PageHeader title={tr("templates.list.title")} description={tr("templates.list.description")} />
      <FormBeside form={<UploadTemplate />}>
        {error && <Alert>{error}</Alert>}
        {using && <UseTemplateForm key={using.id} t={using} onClose={() => setUsing(null)} />}
        {bulk && <BulkSendPanel key={bulk.id} t={bulk} onClose={() => setBulk(null)} />}
        {sharing && <ShareLinkPanel key={sharing.id} t={sharing} onClose={() => setSharing(null)} />}
        {q.isPending ? (
          <Spinner label={tr("templates.list.loading")} />
        ) : q.isError ? (
          <Alert title={tr("templates.list.loadFailed")}>{plainError(q.error)}</Alert>
        ) : items.length === 0 ? (
          <EmptyState title={tr("templates.list.emptyTitle")}>{tr("templates.list.empty")}</EmptyState>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {items.map((t) => (
              <li
                key={t.id}
                className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                aria-label={tr("templates.list.label", { name: t.name })}
              >
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    <Link href={`/templates/${t.id}`} className="block truncate font-medium hover:underline">
                      {t.name}
                    </Link>
                    <p className="text-xs text-slate-500">
                      {t.documents.length > 1
                        ? tr("templates.counts.documents", { count: t.documents.length })
                        : t.pageCount
                          ? tr("templates.counts.pages", { count: t.pageCount })
                          : t.kind}{" "}
                      · {tr("templates.counts.anchors", { count: t.anchors?.length ?? 0 })} ·{" "}
                      {tr("templates.list.added", { date: formatDate(t.createdAt) })}
                    </p>
                  </div>
                  <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600">{kindsOf(t)}</span>
                </div>
                {t.placeholders?.length > 0 && (
                  <p className="mt-2 text-xs text-slate-600">
                    {tr("templates.list.placeholders")}{" "}
                    {t.placeholders.map((p) => (
                      <code key={p} className="mr-1 rounded bg-slate-100 px-1">
                        {p}
                      </code>
                    ))}
                  </p>
                )}
                {t.roles.length > 0 && (
                  <p className="mt-2 truncate text-xs text-slate-600">
                    {tr("templates.list.roles", { roles: t.roles.map((r) => r.name).join(", "), count: t.fieldCount })}
                  </p>
                )}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button onClick={() => setUsing(t)} aria-label={tr("templates.list.useLabel", { name: t.name })}>
                    {tr("templates.list.use")}
                  </Button>
                  <Link
                    href={`/templates/${t.id}`}
                    className={linkButton("secondary")}
                    aria-label={tr("templates.list.editLabel", { name: t.name })}
                  >
                    {tr("templates.list.edit")}
                  </Link>
                  <Button
                    variant="secondary"
                    onClick={() => setBulk(t)}
                    aria-label={tr("templates.list.bulkSendLabel", { name: t.name })}
                  >
                    {tr("templates.list.bulkSend")}
                  </Button>
                  <Button
                    variant="secondary"
                    onClick={() => setSharing(t)}
                    aria-label={tr("templates.list.shareLabel", { name: t.name })}
                  >
                    {tr("templates.list.share")}
                  </Button>
                  <Button
                    variant="danger"
                    aria-label={tr("templates.list.deleteLabel", { name: t.name })}
                    onClick={async () => {
                      if (!confirm(tr("templates.list.confirmDelete", { name: t.name }))) return;
                      try {
                        await remove.mutateAsync(t.id);
                      } catch (e) {
                        setError(plainError(e));
                      }
                    }}
                  >
                    {tr("templates.list.delete")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {q.hasNextPage && (
          <Button variant="secondary" onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
            {q.isFetchingNextPage ? tr("templates.list.loadingMore") : tr("templates.list.loadMore")}
          </Button>
        )}
      </FormBeside>
    </section>
  );
}

/**
 * The upload form. An uploaded template opens in its builder at once, with one role ("Signer 1") when the
 * file named none, so the first field can be placed with one more click.
 */
function UploadTemplate() {
  const tr = useDashboardT();
  const qc = useQueryClient();
  const router = useRouter();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <FormCard
      title={tr("templates.upload.title")}
      className="h-fit p-5"
      onData={async (data, form) => {
        // Several files make one template of several documents, in the order chosen.
        const [file] = data.getAll("file").filter((f): f is File => f instanceof File && f.size > 0);
        if (!file) return setError(tr("templates.upload.fileRequired"));
        if (!String(data.get("name") ?? "").trim()) data.set("name", file.name.replace(/\.(pdf|docx)$/i, ""));
        setError(null);
        setDone(null);
        setProgress(0);
        try {
          const t = await uploadForm<CreatedTemplate>("/templates", data, setProgress);
          setDone(tr("templates.upload.added", { name: t.name }));
          form.reset();
          if (t.roles.length === 0) {
            // Not needed to open the builder: should it fail, the builder asks for a role itself.
            await api(`/templates/${t.id}/roles`, {
              method: "PUT",
              json: { roles: [{ name: tr("templates.upload.firstRole"), role: "SIGNER", order: 1 }] },
            }).catch(() => undefined);
          }
          await qc.invalidateQueries({ queryKey: ["templates"] });
          router.push(`/templates/${t.id}`);
        } catch (err) {
          setError(unavailable(err) ? tr("templates.upload.unavailable") : plainError(err));
        } finally {
          setProgress(null);
        }
      }}
    >
      {error && <Alert>{error}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <TextField label={tr("templates.upload.name")} name="name" maxLength={200} />
      <FileField
        id="template-file"
        label={tr("templates.upload.file")}
        name="file"
        multiple
        aria-describedby="template-file-hint"
        accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
      />
      <p id="template-file-hint" className="-mt-2 text-xs text-slate-500">
        {tr("templates.upload.fileHint")}
      </p>
      {progress !== null && (
        <ProgressBar
          label={tr("templates.upload.progress")}
          now={Math.round(progress * 100)}
          width={progress * 100}
          fill="bg-indigo-600"
        />
      )}
      <Button type="submit" className="w-full" disabled={progress !== null}>
        {tr("templates.upload.submit")}
      </Button>
    </FormCard>
  );
}
