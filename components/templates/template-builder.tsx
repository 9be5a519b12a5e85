"use client";
import { useCallback, useState } from "react";
import { plainError } from "@/lib/client/api";
import { kindsOf, useTemplateEdits, useTemplateRecord, type TemplateDocument, type TemplateRecord } from "@/lib/client/templates";
import { DocumentPanel, DocumentTabs } from "@/components/placer/document-tabs";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { QueryFallback } from "@/components/ui/query-fallback";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { RolesEditor } from "./roles-editor";
import { TemplatePlacerLazy } from "./template-placer-lazy";
import { DocumentsEditor } from "@/components/placer/documents-editor";
import { UseTemplateForm } from "./use-template-form";

/**
 * The template builder (/templates/{id}): its name, its roles, its documents, and for a PDF document the
 * same placer as for a draft over its pages, saving fields as they are placed. A DOCX document places its
 * fields by the anchors in its text (filling it moves the text), so it shows its placeholders and anchors
 * instead. A template of several documents shows one at a time, chosen in tabs.
 */
export function TemplateBuilder({ id, justSaved = false }: { id: string; justSaved?: boolean }) {
  const tr = useDashboardT();
  const q = useTemplateRecord(id);
  const edits = useTemplateEdits(id);
  const [using, setUsing] = useState(false);
  // The roles start open while there are none (or for a DOCX, which has nothing else to edit); then as the
  // user left them. Saved as they are edited, they never fold away while being typed.
  const [rolesOpen, setRolesOpen] = useState<boolean | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const detail = useDocumentDetail();
  // Read again, any read under way cancelled: an answer from before a save must not land after it.
  const { refetch } = q;
  const reload = useCallback(async (): Promise<TemplateRecord> => {
    const r = await refetch();
    if (!r.data) throw r.error ?? new Error(tr("templates.builder.loadFailed"));
    return r.data;
  }, [refetch, tr]);

  if (q.isPending || q.isError) return <QueryFallback query={q} messages="templates.builder" />;
  const t = q.data;
  // Fields by role and by document (ids never collide).
  const counts = new Map<string, number>();
  for (const f of t.fields) for (const k of [f.roleId, f.documentId]) counts.set(k, (counts.get(k) ?? 0) + 1);
  const signing = t.roles.filter((r) => r.role === "SIGNER");
  const rolesSummary = t.roles.length
    ? t.roles.map((r) => `${r.name} (${counts.get(r.id) ?? 0})`).join(" · ")
    : tr("templates.builder.noRoles");
  const doc = t.documents.find((d) => d.id === chosen) ?? t.documents[0]!;
  const several = t.documents.length > 1;
  const shown =
    doc.kind === "PDF" ? (
      <>
        {signing.length === 0 && <Alert kind="info">{tr("templates.builder.addSigningRole")}</Alert>}
        {/* One placer per document: its fields, its pages, its undo history. */}
        <TemplatePlacerLazy key={doc.id} t={t} doc={doc} reload={reload} />
      </>
    ) : (
      <DocxSummary doc={doc} />
    );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <Breadcrumb href="/templates" label={tr("templates.builder.breadcrumb")} />
          <NameEditor key={t.name} name={t.name} onSave={(name) => edits.rename.mutateAsync(name)} />
          <p className="mt-1 text-sm text-slate-500">
            {kindsOf(t)} ·{" "}
            {several
              ? tr("templates.counts.documents", { count: t.documents.length })
              : t.pageCount
                ? tr("templates.counts.pages", { count: t.pageCount })
                : tr("templates.counts.documents", { count: 1 })}{" "}
            · {tr("templates.counts.storedFields", { count: t.fields.length })} ·{" "}
            {tr("templates.counts.anchors", { count: t.anchors.length })}
          </p>
        </div>
        <Button
          onClick={() => {
            setUsing(true);
            // The placer saves fields without touching this record: read it again, so the dialog knows them.
            void q.refetch();
          }}
          disabled={using}
        >
          {tr("templates.builder.useTemplate")}
        </Button>
      </div>

      {justSaved && (
        <Alert kind="success" title={tr("templates.builder.savedTitle")}>
          {tr("templates.builder.saved")}
        </Alert>
      )}
      {using && <UseTemplateForm t={t} onClose={() => setUsing(false)} />}

      <details
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        open={rolesOpen ?? (t.roles.length === 0 || t.documents.every((d) => d.kind === "DOCX"))}
        onToggle={(e) => setRolesOpen(e.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-semibold text-slate-700">
          {tr("templates.builder.roles")} <span className="font-normal text-slate-500">— {rolesSummary}</span>
        </summary>
        <div className="mt-3">
          <RolesEditor
            roles={t.roles}
            fieldCount={(roleId) => counts.get(roleId) ?? 0}
            onSave={(roles) => edits.putRoles.mutateAsync(roles)}
          />
        </div>
      </details>

      <details className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <summary className="cursor-pointer text-sm font-semibold text-slate-700">
          {tr("templates.documents.title")}{" "}
          <span className="font-normal text-slate-500">— {t.documents.map((d) => d.name).join(" · ")}</span>
        </summary>
        <div className="mt-3">
          <DocumentsEditor
            base={`/templates/${t.id}`}
            docs={t.documents.map((d) => ({
              id: d.id,
              name: d.name,
              detail: detail(d, counts.get(d.id) ?? 0),
              fields: counts.get(d.id) ?? 0,
            }))}
            accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            addLabel={tr("templates.documents.add")}
            onChanged={edits.refresh}
            onAdded={setChosen}
          />
        </div>
      </details>

      {several ? (
        <div>
          <DocumentTabs
            label={tr("templates.documents.tabs")}
            docs={t.documents.map((d) => ({ id: d.id, name: d.name, detail: detail(d, counts.get(d.id) ?? 0) }))}
            current={doc.id}
            onChoose={setChosen}
          />
          <DocumentPanel current={doc.id}>{shown}</DocumentPanel>
        </div>
      ) : (
        shown
      )}
    </div>
  );
}

/** What a document tab and list row say of a template document: its kind and pages, or its placeholders. */
function useDocumentDetail() {
  const tr = useDashboardT();
  return (d: TemplateDocument, fields: number) =>
    `${
      d.kind === "PDF"
        ? tr("templates.documents.kindPages", { kind: d.kind, count: d.pageCount ?? 0 })
        : tr("templates.documents.kindDocx", { count: d.placeholders.length })
    } · ${tr("templates.documents.fields", { count: fields })}`;
}

function NameEditor({ name, onSave }: { name: string; onSave: (name: string) => Promise<unknown> }) {
  const tr = useDashboardT();
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const next = value.trim();
    if (next === name) return;
    if (!next) {
      setValue(name);
      return;
    }
    setError(null);
    try {
      await onSave(next);
    } catch (e) {
      setError(plainError(e));
    }
  };
  return (
    <div>
      <input
        aria-label={tr("templates.builder.name")}
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === "Enter") (e.currentTarget as HTMLInputElement).blur();
          if (e.key === "Escape") setValue(name);
        }}
        className="-ml-[5px] w-full max-w-xl rounded-md border border-transparent bg-transparent px-1 py-0.5 text-2xl font-semibold tracking-tight hover:border-slate-300 focus:border-indigo-500 focus:bg-white focus:outline-none focus:ring-1 focus:ring-indigo-500"
      />
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
    </div>
  );
}

function DocxSummary({ doc }: { doc: TemplateDocument }) {
  const tr = useDashboardT();
  return (
    <section
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-label={tr("templates.docx.label")}
    >
      <p className="text-sm text-slate-700">
        {tr.rich("templates.docx.intro", {
          example: "{{s1|signature|160|50}}",
          code: (chunks) => <code>{chunks}</code>,
        })}
      </p>
      <div>
        <h2 className="text-sm font-semibold text-slate-700">{tr("templates.docx.placeholders")}</h2>
        {doc.placeholders.length ? (
          <p className="mt-1 text-sm">
            {doc.placeholders.map((p) => (
              <code key={p} className="mr-1 rounded bg-slate-100 px-1">
                {p}
              </code>
            ))}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-500">{tr("templates.docx.noPlaceholders")}</p>
        )}
      </div>
      <div>
        <h2 className="text-sm font-semibold text-slate-700">{tr("templates.docx.anchors")}</h2>
        {doc.anchors.length ? (
          <ul className="mt-1 space-y-1 text-sm">
            {doc.anchors.map((a, i) => (
              <li key={`${a.anchorKey}-${i}`}>
                <code className="break-all">{a.anchorKey}</code>
                {!a.valid && <span className="text-red-700"> — {a.reason ?? tr("templates.docx.invalidAnchor")}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500">{tr("templates.docx.noAnchors")}</p>
        )}
      </div>
    </section>
  );
}
