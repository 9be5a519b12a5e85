"use client";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import type { RoleInput, TemplateRole } from "@/lib/client/templates";
import { colorOf } from "@/components/recipients/colors";
import { Button } from "@/components/ui/button";
import { ErrorList, type ListedError } from "@/components/ui/feedback";
import { controlClass } from "@/components/ui/form";

type Kind = TemplateRole["role"];
const KINDS: { value: Kind; label: string }[] = [
  { value: "SIGNER", label: "Signs" },
  { value: "APPROVER", label: "Approves" },
  { value: "VIEWER", label: "Views" },
  { value: "CC", label: "Gets a copy" },
];

interface Row {
  key: string;
  id?: string;
  name: string;
  role: Kind;
  order: number;
}

let n = 0;
const rowsOf = (roles: TemplateRole[]): Row[] =>
  roles.map((r) => ({ key: r.id, id: r.id, name: r.name, role: r.role, order: r.order }));

/**
 * The template's roles ("Client", "Company"), in order: the first is s1. Each has a name, what the
 * recipient in it does and their signing step. Saved whole (PUT /roles); a role that has fields keeps
 * them when renamed or moved, and the API refuses to drop it (its message is shown).
 */
export function RolesEditor({
  roles,
  fieldCount,
  onSave,
  saving,
}: {
  roles: TemplateRole[];
  /** Fields per role id: a role with fields cannot be removed. */
  fieldCount: (roleId: string) => number;
  /** Saves the roles; answers them as they now are (ids of new roles included). */
  onSave: (roles: RoleInput[]) => Promise<{ roles: TemplateRole[] }>;
  saving: boolean;
}) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(roles));
  const [error, setError] = useState<ListedError | null>(null);
  const [saved, setSaved] = useState(false);
  const dirty =
    JSON.stringify(rows.map(({ key: _k, ...r }) => r)) !== JSON.stringify(rowsOf(roles).map(({ key: _k, ...r }) => r));
  const ids = rows.map((r) => r.id ?? r.key);

  const change = (key: string, patch: Partial<Row>) => {
    setSaved(false);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const move = (i: number, by: -1 | 1) => {
    setSaved(false);
    setRows((rs) => {
      const next = rs.slice();
      const [r] = next.splice(i, 1);
      if (r) next.splice(i + by, 0, r);
      return next;
    });
  };

  return (
    <form
      aria-label="Roles"
      className="space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setError(null);
        const blank = rows.findIndex((r) => !r.name.trim());
        if (blank >= 0) return setError({ text: `Role ${blank + 1} needs a name.`, list: [] });
        try {
          const now = await onSave(
            rows.map((r) => ({ ...(r.id && { id: r.id }), name: r.name.trim(), role: r.role, order: r.order })),
          );
          setRows(rowsOf(now.roles));
          setSaved(true);
        } catch (err) {
          setError({
            text: plainError(err),
            list: err instanceof ApiError ? err.errors.map((x) => `${x.field}: ${x.message}`) : [],
          });
        }
      }}
    >
      <p className="text-sm text-slate-600">
        Who the template is for, in order. When the template is used, each role gets one person; fields go to their role&apos;s
        person. Anchors name roles by place: <code>s1</code> is the first.
      </p>
      {error && <ErrorList error={error} />}
      {rows.length === 0 && (
        <p className="text-sm font-medium text-amber-800">No roles yet: add one for each person who takes part.</p>
      )}
      <ol className="space-y-2">
        {rows.map((r, i) => {
          const fields = r.id ? fieldCount(r.id) : 0;
          return (
            <li key={r.key} className="flex flex-wrap items-center gap-2" aria-label={`Role ${i + 1}`}>
              <span
                aria-hidden
                className="h-3 w-3 shrink-0 rounded-full"
                style={{ background: colorOf(ids, r.id ?? r.key).solid }}
              />
              <span className="w-7 text-xs font-semibold text-slate-500">s{i + 1}</span>
              <input
                aria-label={`Role ${i + 1} name`}
                value={r.name}
                maxLength={100}
                onChange={(e) => change(r.key, { name: e.target.value })}
                className={`${controlClass} min-w-0 flex-1`}
                placeholder="Client, Company, Witness…"
              />
              <select
                aria-label={`Role ${i + 1} does`}
                value={r.role}
                onChange={(e) => change(r.key, { role: e.target.value as Kind })}
                className={controlClass}
              >
                {KINDS.map((k) => (
                  <option key={k.value} value={k.value}>
                    {k.label}
                  </option>
                ))}
              </select>
              <label className="flex items-center gap-1 text-xs text-slate-600">
                Step
                <input
                  aria-label={`Role ${i + 1} signing step`}
                  type="number"
                  min={1}
                  max={1000}
                  value={r.order}
                  onChange={(e) => change(r.key, { order: Math.min(1000, Math.max(1, Math.round(Number(e.target.value) || 1))) })}
                  className={`${controlClass} w-16 px-2`}
                />
              </label>
              <span className="flex gap-1">
                <Button variant="ghost" disabled={i === 0} onClick={() => move(i, -1)} aria-label={`Move role ${i + 1} up`}>
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={`Move role ${i + 1} down`}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  disabled={fields > 0}
                  title={fields > 0 ? `It has ${fields} field(s): delete or move them first` : undefined}
                  onClick={() => {
                    setSaved(false);
                    setRows((rs) => rs.filter((x) => x.key !== r.key));
                  }}
                  aria-label={`Remove role ${i + 1}`}
                >
                  Remove
                </Button>
              </span>
              {fields > 0 && <span className="w-full pl-12 text-xs text-slate-500">{fields} field(s)</span>}
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="secondary"
          disabled={rows.length >= 50}
          onClick={() => {
            setSaved(false);
            const place = rows.length + 1;
            setRows((rs) => [...rs, { key: `new-${++n}`, name: "", role: "SIGNER", order: place }]);
          }}
        >
          Add role
        </Button>
        <Button type="submit" disabled={saving || !dirty}>
          {saving ? "Saving…" : "Save roles"}
        </Button>
        <span role="status" className="text-xs text-slate-500">
          {dirty ? "Unsaved changes" : saved ? "Roles saved" : ""}
        </span>
      </div>
    </form>
  );
}
