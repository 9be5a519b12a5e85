"use client";
import Link from "next/link";
import { useCallback, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { api, plainError } from "@/lib/client/api";
import { templateKeys, useTemplateEdits, useTemplateRecord, type TemplateRecord } from "@/lib/client/templates";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { QueryFallback } from "@/components/ui/query-fallback";
import { RolesEditor } from "./roles-editor";
import { TemplatePlacerLazy } from "./template-placer-lazy";
import { UseTemplateForm } from "./use-template-form";

/**
 * The template builder (/templates/{id}): its name, its roles, and for a PDF the same placer as for a
 * draft over the template's pages, saving fields as they are placed. A DOCX places its fields by the
 * anchors in its text (filling it moves the text), so it shows its placeholders and anchors instead.
 */
export function TemplateBuilder({ id, justSaved = false }: { id: string; justSaved?: boolean }) {
  const q = useTemplateRecord(id);
  const qc = useQueryClient();
  const edits = useTemplateEdits(id);
  const [using, setUsing] = useState(false);
  // The roles start open while there are none (or for a DOCX, which has nothing else to edit); then as the user left them.
  const [rolesOpen, setRolesOpen] = useState<boolean | null>(null);
  const reload = useCallback(async () => {
    const t = await api<TemplateRecord>(`/templates/${id}`);
    qc.setQueryData(templateKeys.one(id), t);
    return t;
  }, [id, qc]);

  if (q.isPending || q.isError)
    return (
      <QueryFallback
        query={q}
        loading="Loading the template"
        failed="The template could not be loaded"
        missing="This template does not exist, or it was deleted."
      />
    );
  const t = q.data;
  const counts = new Map<string, number>();
  for (const f of t.fields) counts.set(f.roleId, (counts.get(f.roleId) ?? 0) + 1);
  const signing = t.roles.filter((r) => r.role === "SIGNER");
  const rolesSummary = t.roles.length ? t.roles.map((r) => `${r.name} (${counts.get(r.id) ?? 0})`).join(" · ") : "none yet";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-500">
            <Link href="/templates" className="hover:underline">
              Templates
            </Link>{" "}
            /
          </p>
          <NameEditor key={t.name} name={t.name} onSave={(name) => edits.rename.mutateAsync(name)} />
          <p className="mt-1 text-sm text-slate-500">
            {t.kind}
            {t.pageCount ? ` · ${t.pageCount} page${t.pageCount === 1 ? "" : "s"}` : ""} · {t.fields.length} stored field
            {t.fields.length === 1 ? "" : "s"} · {t.anchors.length} anchor{t.anchors.length === 1 ? "" : "s"}
          </p>
        </div>
        <Button onClick={() => setUsing(true)} disabled={using}>
          Use template
        </Button>
      </div>

      {justSaved && (
        <Alert kind="success" title="Saved as a template">
          Its roles are named after the request&apos;s recipients: rename them (“Client”, “Company”) so the template reads well
          for the next people.
        </Alert>
      )}
      {using && <UseTemplateForm t={t} onClose={() => setUsing(false)} />}

      <details
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        open={rolesOpen ?? (t.roles.length === 0 || t.kind === "DOCX")}
        onToggle={(e) => setRolesOpen(e.currentTarget.open)}
      >
        <summary className="cursor-pointer text-sm font-semibold text-slate-700">
          Roles <span className="font-normal text-slate-500">— {rolesSummary}</span>
        </summary>
        <div className="mt-3">
          <RolesEditor
            roles={t.roles}
            fieldCount={(roleId) => counts.get(roleId) ?? 0}
            onSave={async (roles) => {
              const now = await edits.putRoles.mutateAsync(roles);
              // On a PDF with someone to sign, the pages are what comes next: make room for them.
              if (t.kind === "PDF" && now.roles.some((r) => r.role === "SIGNER")) setRolesOpen(false);
              return now;
            }}
            saving={edits.putRoles.isPending}
          />
        </div>
      </details>

      {t.kind === "PDF" ? (
        <>
          {signing.length === 0 && <Alert kind="info">Add a role that signs, then drag fields for it onto the pages.</Alert>}
          <TemplatePlacerLazy t={t} reload={reload} />
        </>
      ) : (
        <DocxSummary t={t} />
      )}
    </div>
  );
}

function NameEditor({ name, onSave }: { name: string; onSave: (name: string) => Promise<unknown> }) {
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
        aria-label="Template name"
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
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-label="Document">
      <p className="text-sm text-slate-700">
        A DOCX is filled with each request&apos;s values, which moves its text, so its fields are placed by the anchors written in
        it, such as <code>{"{{s1|signature|160|50}}"}</code> (s1 is the first role).
      </p>
      <div>
        <h2 className="text-sm font-semibold text-slate-700">Placeholders</h2>
        {t.placeholders.length ? (
          <p className="mt-1 text-sm">
            {t.placeholders.map((p) => (
              <code key={p} className="mr-1 rounded bg-slate-100 px-1">
                {p}
              </code>
            ))}
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-500">None.</p>
        )}
      </div>
      <div>
        <h2 className="text-sm font-semibold text-slate-700">Anchors</h2>
        {t.anchors.length ? (
          <ul className="mt-1 space-y-1 text-sm">
            {t.anchors.map((a, i) => (
              <li key={`${a.anchorKey}-${i}`}>
                <code className="break-all">{a.anchorKey}</code>
                {!a.valid && <span className="text-red-700"> — {a.reason ?? "not a valid anchor"}</span>}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-slate-500">None: drafts from this template get their fields in the placer.</p>
        )}
      </div>
    </section>
  );
}
