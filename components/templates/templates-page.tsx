"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { signerRefsOf, useTemplateActions, useTemplates } from "@/lib/client/templates";
import { uploadForm } from "@/lib/client/upload";
import type { CreatedTemplate, TemplateDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader, Spinner } from "@/components/ui/feedback";
import { controlClass, inputClass, TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";
import { BulkSendPanel } from "./bulk-send-panel";

const unavailable = (e: unknown) => e instanceof ApiError && (e.unavailable || e.status === 405);

export function TemplatesPage() {
  const q = useTemplates();
  const items = q.data?.pages.flatMap((p) => p.items) ?? [];
  const { remove } = useTemplateActions();
  const [using, setUsing] = useState<TemplateDto | null>(null);
  const [bulk, setBulk] = useState<TemplateDto | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (q.isError && unavailable(q.error))
    return (
      <section>
        <PageHeader title="Templates" />
        <Alert kind="info" title="Templates are not available on this server yet">
          Start a request from a PDF instead; templates appear here once the server supports them.
        </Alert>
      </section>
    );

  return (
    <section>
      <PageHeader
        title="Templates"
        description="Reusable PDF documents, or DOCX documents whose {{placeholders}} are filled in for each request."
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <UploadTemplate />
        <div className="space-y-4">
          {error && <Alert>{error}</Alert>}
          {using && <UseTemplateForm key={using.id} t={using} onClose={() => setUsing(null)} />}
          {bulk && <BulkSendPanel key={bulk.id} t={bulk} onClose={() => setBulk(null)} />}
          {q.isPending ? (
            <Spinner label="Loading templates" />
          ) : q.isError ? (
            <Alert title="The templates could not be loaded">{plainError(q.error)}</Alert>
          ) : items.length === 0 ? (
            <EmptyState title="No templates yet">Upload a PDF or DOCX with the form.</EmptyState>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {items.map((t) => (
                <li
                  key={t.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                  aria-label={`Template ${t.name}`}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium">{t.name}</p>
                      <p className="text-xs text-slate-500">
                        {t.kind}
                        {t.pageCount ? ` · ${t.pageCount} page${t.pageCount === 1 ? "" : "s"}` : ""} · {t.anchors?.length ?? 0}{" "}
                        anchor{t.anchors?.length === 1 ? "" : "s"} · added {formatDate(t.createdAt)}
                      </p>
                    </div>
                    <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600">{t.kind}</span>
                  </div>
                  {t.placeholders?.length > 0 && (
                    <p className="mt-2 text-xs text-slate-600">
                      Placeholders:{" "}
                      {t.placeholders.map((p) => (
                        <code key={p} className="mr-1 rounded bg-slate-100 px-1">
                          {p}
                        </code>
                      ))}
                    </p>
                  )}
                  <div className="mt-3 flex gap-2">
                    <Button onClick={() => setUsing(t)} aria-label={`Use template ${t.name}`}>
                      Use
                    </Button>
                    <Button variant="secondary" onClick={() => setBulk(t)} aria-label={`Bulk send template ${t.name}`}>
                      Bulk send
                    </Button>
                    <Button
                      variant="danger"
                      aria-label={`Delete template ${t.name}`}
                      onClick={async () => {
                        if (!confirm(`Delete the template “${t.name}”? Requests made from it are kept.`)) return;
                        try {
                          await remove.mutateAsync(t.id);
                        } catch (e) {
                          setError(plainError(e));
                        }
                      }}
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {q.hasNextPage && (
            <Button variant="secondary" onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
              {q.isFetchingNextPage ? "Loading…" : "Load more"}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}

function UploadTemplate() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <form
      className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="upload-template-heading"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = e.currentTarget;
        const data = new FormData(form);
        const file = data.get("file");
        if (!(file instanceof File) || file.size === 0) return setError("Choose a PDF or DOCX file.");
        if (!String(data.get("name") ?? "").trim()) data.set("name", file.name.replace(/\.(pdf|docx)$/i, ""));
        setError(null);
        setDone(null);
        setProgress(0);
        try {
          const t = await uploadForm<CreatedTemplate>("/templates", data, setProgress);
          setDone(`Template “${t.name}” added.`);
          form.reset();
          await qc.invalidateQueries({ queryKey: ["templates"] });
        } catch (err) {
          setError(unavailable(err) ? "Templates are not available on this server yet." : plainError(err));
        } finally {
          setProgress(null);
        }
      }}
    >
      <h2 id="upload-template-heading" className="text-base font-semibold">
        Add a template
      </h2>
      {error && <Alert>{error}</Alert>}
      {done && <Alert kind="success">{done}</Alert>}
      <TextField label="Template name" name="name" maxLength={200} />
      <div>
        <label htmlFor="template-file" className="mb-1 block text-sm font-medium text-slate-700">
          Template file (PDF or DOCX)
        </label>
        <input
          id="template-file"
          name="file"
          type="file"
          accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          className="block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50"
        />
      </div>
      {progress !== null && (
        <div
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded bg-slate-200"
        >
          <div className="h-full bg-indigo-600" style={{ width: `${progress * 100}%` }} />
        </div>
      )}
      <Button type="submit" className="w-full" disabled={progress !== null}>
        Upload template
      </Button>
    </form>
  );
}

/** The form of a template: its placeholders (templateData) and one recipient per signer reference. */
function UseTemplateForm({ t, onClose }: { t: TemplateDto; onClose: () => void }) {
  const router = useRouter();
  const { use } = useTemplateActions();
  const refs = signerRefsOf(t);
  const [count, setCount] = useState(Math.max(refs.length, 1));
  const [error, setError] = useState<{ text: string; list: string[] } | null>(null);
  return (
    <form
      className="space-y-4 rounded-xl border border-indigo-200 bg-white p-5 shadow-sm"
      aria-label={`Use template ${t.name}`}
      onSubmit={async (e) => {
        e.preventDefault();
        const f = new FormData(e.currentTarget);
        const sequential = f.get("sequential") === "yes";
        const recipients = Array.from({ length: count }, (_, i) => ({
          name: String(f.get(`r${i}-name`) ?? "").trim(),
          email: String(f.get(`r${i}-email`) ?? "").trim(),
          order: sequential ? i + 1 : 1,
        }));
        const bad = recipients.findIndex((r) => !r.name || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(r.email));
        if (bad >= 0) return setError({ text: `Signer ${bad + 1} needs a name and a valid e-mail address.`, list: [] });
        const templateData =
          t.kind === "DOCX" ? Object.fromEntries(t.placeholders.map((p) => [p, String(f.get(`ph-${p}`) ?? "")])) : undefined;
        setError(null);
        try {
          const draft = await use.mutateAsync({
            id: t.id,
            input: {
              title: String(f.get("title") ?? "").trim() || t.name,
              recipients,
              ...(templateData ? { templateData } : {}),
            },
          });
          router.push(`/requests/${draft.id}/edit?step=fields&detect=1`);
        } catch (err) {
          const list =
            err instanceof ApiError
              ? [
                  ...err.errors.map((x) => `${x.field}: ${x.message}`),
                  ...((err.details?.missing as string[] | undefined) ?? []).map((m) => `Missing: ${m}`),
                ]
              : [];
          setError({ text: unavailable(err) ? "Using templates is not available on this server yet." : plainError(err), list });
        }
      }}
    >
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">New request from “{t.name}”</h2>
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      {error && (
        <Alert>
          {error.text}
          {error.list.length > 0 && (
            <ul className="mt-1 list-disc pl-4">
              {error.list.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      <TextField label="Request title" name="title" defaultValue={t.name} maxLength={500} />
      {t.kind === "DOCX" && t.placeholders.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-700">Document data</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {t.placeholders.map((p) => (
              <div key={p}>
                <label htmlFor={`ph-${p}`} className="mb-1 block text-xs font-medium text-slate-600">
                  {p}
                </label>
                <textarea id={`ph-${p}`} name={`ph-${p}`} rows={1} className={inputClass} />
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-700">Signers</legend>
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="grid gap-2 sm:grid-cols-[4rem_1fr_1fr]">
            <span className="self-center text-xs font-semibold text-slate-500">s{i + 1}</span>
            <input aria-label={`Signer ${i + 1} name`} name={`r${i}-name`} placeholder="Name" className={inputClass} />
            <input
              aria-label={`Signer ${i + 1} e-mail`}
              name={`r${i}-email`}
              type="email"
              placeholder="E-mail"
              className={inputClass}
            />
          </div>
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => setCount(count + 1)}>
            Add a signer
          </Button>
          {count > Math.max(refs.length, 1) && (
            <Button variant="ghost" onClick={() => setCount(count - 1)}>
              Remove the last signer
            </Button>
          )}
          <label className="ml-auto flex items-center gap-2 text-sm">
            Order
            <select name="sequential" defaultValue="yes" className={controlClass}>
              <option value="yes">One after another (s1 first)</option>
              <option value="no">All at once</option>
            </select>
          </label>
        </div>
      </fieldset>
      <Button type="submit" disabled={use.isPending}>
        {use.isPending ? "Creating the draft…" : "Create draft and place fields"}
      </Button>
    </form>
  );
}
