"use client";
import { useState } from "react";
import { plainError } from "@/lib/client/api";
import { uploadForm } from "@/lib/client/upload";
import type { TemplateDocument, TemplateRecord, useTemplateEdits } from "@/lib/client/templates";
import { Button } from "@/components/ui/button";
import { Alert, ProgressBar } from "@/components/ui/feedback";
import { FileField } from "@/components/ui/form";
import { IconButton } from "@/components/ui/icon-button";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** What a document tab and list row say of a template document: its kind and pages, or its placeholders. */
export function useDocumentDetail() {
  const tr = useDashboardT();
  return (d: TemplateDocument, fields: number) =>
    `${
      d.kind === "PDF"
        ? tr("templates.documents.kindPages", { kind: d.kind, count: d.pageCount ?? 0 })
        : tr("templates.documents.kindDocx", { count: d.placeholders.length })
    } · ${tr("templates.documents.fields", { count: fields })}`;
}

/**
 * A template's documents in order: moved up or down, removed (with their fields), and another added (a PDF
 * or a DOCX). A template keeps at least one document, so the last has no remove button.
 */
export function TemplateDocumentsEditor({
  t,
  edits,
  onAdded,
}: {
  t: TemplateRecord;
  edits: ReturnType<typeof useTemplateEdits>;
  onAdded: (documentId: string) => void;
}) {
  const tr = useDashboardT();
  const detail = useDocumentDetail();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState("");
  const docs = t.documents;
  const fieldsOn = (id: string) => t.fields.filter((f) => f.documentId === id).length;
  const act = async (run: () => Promise<unknown>, done: string) => {
    setError(null);
    try {
      await run();
      setSaid(done);
    } catch (e) {
      setError(plainError(e));
    }
  };

  return (
    <div className="space-y-3">
      {error && <Alert>{error}</Alert>}
      <ol className="divide-y divide-slate-200 rounded-md border border-slate-200">
        {docs.map((d, i) => {
          const n = fieldsOn(d.id);
          return (
            <li key={d.id} className="flex items-center gap-2 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1 truncate font-medium text-slate-800">
                {tr("placer.documents.tab", { n: i + 1, name: d.name })}
              </span>
              <span className="shrink-0 text-xs text-slate-500">{detail(d, n)}</span>
              <IconButton
                label={tr("templates.documents.up", { name: d.name })}
                disabled={i === 0}
                onClick={() =>
                  void act(
                    () => edits.moveDocument.mutateAsync({ documentId: d.id, order: i }),
                    tr("templates.documents.moved", { name: d.name, n: i }),
                  )
                }
              >
                ↑
              </IconButton>
              <IconButton
                label={tr("templates.documents.down", { name: d.name })}
                disabled={i === docs.length - 1}
                onClick={() =>
                  void act(
                    () => edits.moveDocument.mutateAsync({ documentId: d.id, order: i + 2 }),
                    tr("templates.documents.moved", { name: d.name, n: i + 2 }),
                  )
                }
              >
                ↓
              </IconButton>
              {docs.length > 1 && (
                <IconButton
                  label={
                    n
                      ? tr("templates.documents.removeWithFields", { name: d.name, count: n })
                      : tr("templates.documents.remove", { name: d.name })
                  }
                  onClick={() =>
                    void act(() => edits.removeDocument.mutateAsync(d.id), tr("templates.documents.removed", { name: d.name }))
                  }
                >
                  ×
                </IconButton>
              )}
            </li>
          );
        })}
      </ol>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          const form = e.currentTarget;
          const data = new FormData(form);
          const file = data.get("file");
          if (!(file instanceof File) || file.size === 0) return setError(tr("templates.documents.chooseFile"));
          setError(null);
          setProgress(0);
          try {
            const added = await uploadForm<TemplateDocument>(`/templates/${t.id}/documents`, data, setProgress);
            form.reset();
            await edits.refresh();
            setSaid(tr("templates.documents.added", { name: added.name }));
            onAdded(added.id);
          } catch (err) {
            setError(plainError(err));
          } finally {
            setProgress(null);
          }
        }}
      >
        <div className="min-w-64 flex-1">
          <FileField
            label={tr("templates.documents.add")}
            name="file"
            accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
          />
        </div>
        <Button type="submit" disabled={progress !== null}>
          {progress !== null ? tr("templates.documents.adding") : tr("templates.documents.addSubmit")}
        </Button>
        {progress !== null && (
          <ProgressBar label={tr("templates.upload.progress")} now={Math.round(progress * 100)} width={progress * 100} />
        )}
      </form>
      <p role="status" className="sr-only">
        {said}
      </p>
    </div>
  );
}
