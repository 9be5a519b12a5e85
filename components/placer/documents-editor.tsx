"use client";
import { useState } from "react";
import { api, plainError } from "@/lib/client/api";
import { uploadForm } from "@/lib/client/upload";
import { Button } from "@/components/ui/button";
import { Alert, ProgressBar } from "@/components/ui/feedback";
import { FileField } from "@/components/ui/form";
import { IconButton } from "@/components/ui/icon-button";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** A document as the editor lists it: its name, a line about it, and how many fields stand on it. */
export interface EditedDocument {
  id: string;
  name: string;
  detail: string;
  fields: number;
}

/**
 * The documents of a draft or a template, in order: renamed (saved when the name is left), moved up or
 * down, removed with their fields, and another added. `base` is the owner's API path
 * (`/signature-requests/{id}` or `/templates/{id}`); `accept` what a new document may be. A draft or a
 * template keeps at least one document, so the last has no remove button.
 */
export function DocumentsEditor({
  base,
  docs,
  accept,
  addLabel,
  onChanged,
  onAdded,
}: {
  base: string;
  docs: readonly EditedDocument[];
  accept: string;
  addLabel: string;
  onChanged: () => Promise<unknown>;
  onAdded?: (documentId: string) => void;
}) {
  const t = useDashboardT();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  const act = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await run();
      await onChanged();
      setSaid(done);
    } catch (e) {
      setError(plainError(e));
    }
  };
  const patch = (id: string, json: { name?: string; order?: number }) =>
    api(`${base}/documents/${id}`, { method: "PATCH", json });

  return (
    <div className="space-y-3">
      {error && <Alert>{error}</Alert>}
      <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {docs.map((d, i) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
            <span className="w-6 shrink-0 text-xs text-slate-600">{t("placer.documents.place", { n: i + 1 })}</span>
            <input
              key={d.name}
              aria-label={t("placer.documents.nameOf", { n: i + 1 })}
              defaultValue={d.name}
              maxLength={200}
              onBlur={(e) => {
                const name = e.currentTarget.value.trim();
                if (!name || name === d.name) {
                  e.currentTarget.value = d.name;
                  return;
                }
                void act(() => patch(d.id, { name }), t("placer.documents.renamed", { name }));
              }}
              onKeyDown={(e) => {
                if (e.key === "Enter") e.currentTarget.blur();
                if (e.key === "Escape") e.currentTarget.value = d.name;
              }}
              className="min-w-40 flex-1 rounded border border-transparent px-1 py-0.5 font-medium text-slate-800 hover:border-slate-300 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500"
            />
            <span className="shrink-0 text-xs text-slate-600">{d.detail}</span>
            <IconButton
              label={t("placer.documents.up", { name: d.name })}
              disabled={i === 0}
              onClick={() => void act(() => patch(d.id, { order: i }), t("placer.documents.moved", { name: d.name, n: i }))}
            >
              ↑
            </IconButton>
            <IconButton
              label={t("placer.documents.down", { name: d.name })}
              disabled={i === docs.length - 1}
              onClick={() =>
                void act(() => patch(d.id, { order: i + 2 }), t("placer.documents.moved", { name: d.name, n: i + 2 }))
              }
            >
              ↓
            </IconButton>
            {docs.length > 1 && (
              <IconButton
                label={
                  d.fields
                    ? t("placer.documents.removeWithFields", { name: d.name, count: d.fields })
                    : t("placer.documents.remove", { name: d.name })
                }
                onClick={() =>
                  void act(
                    () => api(`${base}/documents/${d.id}?removeFields=true`, { method: "DELETE" }),
                    t("placer.documents.removed", { name: d.name }),
                  )
                }
              >
                ×
              </IconButton>
            )}
          </li>
        ))}
      </ol>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          const file = data.get("file");
          if (!(file instanceof File) || file.size === 0) return setError(t("placer.documents.chooseFile"));
          setError(null);
          setProgress(0);
          try {
            const added = await uploadForm<{ id: string; name: string }>(`${base}/documents`, data, setProgress);
            form.reset();
            await onChanged();
            setSaid(t("placer.documents.added", { name: added.name }));
            onAdded?.(added.id);
          } catch (err) {
            setError(plainError(err));
          } finally {
            setProgress(null);
          }
        }}
      >
        <div className="min-w-64 flex-1">
          <FileField label={addLabel} name="file" accept={accept} />
        </div>
        <Button type="submit" disabled={progress !== null}>
          {progress !== null ? t("placer.documents.adding") : t("placer.documents.addSubmit")}
        </Button>
        {progress !== null && (
          <ProgressBar label={t("placer.documents.progress")} now={Math.round(progress * 100)} width={progress * 100} />
        )}
      </form>
      <p role="status" className="sr-only">
        {said}
      </p>
    </div>
  );
}
