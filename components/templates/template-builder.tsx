"use client";
import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, plainError } from "@/lib/client/api";
import { templateKeys, useTemplateEdits, useTemplateRecord, type TemplateRecord } from "@/lib/client/templates";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { QueryFallback } from "@/components/ui/query-fallback";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { RolesEditor } from "./roles-editor";
import { TemplatePlacerLazy } from "./template-placer-lazy";
import { UseTemplateForm } from "./use-template-form";

/**
 * The template builder (/templates/{id}): its name, its roles, and for a PDF the same placer as for a
 * draft over the template's pages, saving fields as they are placed. A DOCX places its fields by the
 * anchors in its text (filling it moves the text), so it shows its placeholders and anchors instead.
 */
export function TemplateBuilder({ id, justSaved = false }: { id: string; justSaved?: boolean }) {
  const tr = useDashboardT();
  const q = useTemplateRecord(id);
  const qc = useQueryClient();
  const edits = useTemplateEdits(id);
  const [using, setUsing] = useState(false);
  // The roles start open while there are none (or for a DOCX, which has nothing else to edit); then as the
  // user left them. Saved as they are edited, they never fold away while being typed.
  const [rolesOpen, setRolesOpen] = useState<boolean | null>(null);
  const reload = useCallback(async () => {
    const t = await api<TemplateRecord>(`/templates/${id}`);
    qc.setQueryData(templateKeys.one(id), t);
    return t;
  }, [id, qc]);

  if (q.isPending || q.isError) return <QueryFallback query={q} messages="templates.builder" />;
  const t = q.data;
  const counts = new Map<string, number>();
  for (const f of t.fields) counts.set(f.roleId, (counts.get(f.roleId) ?? 0) + 1);
  const signing = t.roles.filter((r) => r.role === "SIGNER");
  const rolesSummary = t.roles.length
    ? t.roles.map((r) => `${r.name} (${counts.get(r.id) ?? 0})`).join(" · ")
    : tr("templates.builder.noRoles");

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <Breadcrumb href="/templates" label={tr("templates.builder.breadcrumb")} />
          <NameEditor key={t.name} name={t.name} onSave={(name) => edits.rename.mutateAsync(name)} />
          <p className="mt-1 text-sm text-slate-500">
            {t.kind}
            {t.pageCount ? ` · ${tr("templates.counts.pages", { count: t.pageCount })}` : ""} ·{" "}
            {tr("templates.counts.storedFields", { count: t.fields.length })} ·{" "}
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
        open={rolesOpen ?? (t.roles.length === 0 || t.kind === "DOCX")}
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

      {t.kind === "PDF" ? (
        <>
          {signing.length === 0 && <Alert kind="info">{tr("templates.builder.addSigningRole")}</Alert>}
          <TemplatePlacerLazy t={t} reload={reload} />
        </>
      ) : (
        <DocxSummary t={t} />
      )}
    </div>
  );
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

function DocxSummary({ t }: { t: TemplateRecord }) {
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
        {t.placeholders.length ? (
          <p className="mt-1 text-sm">
            {t.placeholders.map((p) => (
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
        {t.anchors.length ? (
          <ul className="mt-1 space-y-1 text-sm">
            {t.anchors.map((a, i) => (
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
