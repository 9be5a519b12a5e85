"use client";
import { useEffect, useRef, useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import type { RoleInput, TemplateRole } from "@/lib/client/templates";
import { colorOf } from "@/components/recipients/colors";
import { Button } from "@/components/ui/button";
import { ErrorList, type ListedError } from "@/components/ui/feedback";
import { controlClass } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { stepNumbers } from "@/lib/schemas/steps";
import { MAX_GROUP_REQUIRED } from "@/lib/schemas/fields";

type Kind = TemplateRole["role"];
/** What a role's recipient does, with its message in templates.roles.kinds. */
const KINDS: { value: Kind; label: "signs" | "approves" | "views" | "getsCopy" }[] = [
  { value: "SIGNER", label: "signs" },
  { value: "APPROVER", label: "approves" },
  { value: "VIEWER", label: "views" },
  { value: "CC", label: "getsCopy" },
];

interface Row {
  key: string;
  id?: string;
  name: string;
  role: Kind;
  order: number;
  canDelegate: boolean;
  /** A signing group: the role takes several people when the template is used, `required` of whom sign. */
  group: { required: number } | null;
}

let n = 0;
const rowsOf = (roles: TemplateRole[]): Row[] =>
  roles.map((r) => ({
    key: r.id,
    id: r.id,
    name: r.name,
    role: r.role,
    order: r.order,
    canDelegate: r.canDelegate,
    group: r.group ? { required: r.group.required } : null,
  }));
/** Only a SIGNER role can be a signing group. */
const groupOf = (r: Row) => (r.role === "SIGNER" ? r.group : null);

/** A pause in typing this long saves the roles. */
const SAVE_AFTER_MS = 600;
/** What is saved of the rows (names as sent, trimmed): equal to the saved roles' when nothing waits to be saved. */
const comparable = (rows: Row[]) =>
  JSON.stringify(rows.map((r) => [r.id ?? null, r.name.trim(), r.role, r.order, r.canDelegate, groupOf(r)?.required ?? null]));

/**
 * The template's roles ("Client", "Company"), in order: the first is s1. Each has a name, what the
 * recipient in it does and their signing step. Saved whole (PUT /roles) as they are edited, after a
 * short pause, so fields can be placed for a role as soon as it is named; a role without a name waits
 * for one. A role that has fields keeps them when renamed or moved, and the API refuses to drop it (its
 * message is shown).
 */
export function RolesEditor({
  roles,
  fieldCount,
  onSave,
}: {
  roles: TemplateRole[];
  /** Fields per role id: a role with fields cannot be removed. */
  fieldCount: (roleId: string) => number;
  /** Saves the roles; answers them as they now are (ids of new roles included). */
  onSave: (roles: RoleInput[]) => Promise<{ roles: TemplateRole[] }>;
}) {
  const tr = useDashboardT();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(roles));
  const [error, setError] = useState<ListedError | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = comparable(rows) !== comparable(rowsOf(roles));
  const blank = rows.findIndex((r) => !r.name.trim());
  const ids = rows.map((r) => r.id ?? r.key);
  // The order typed here only ranks the roles: where it leaves a gap, the step it is shown as elsewhere is said.
  const stepOf = stepNumbers(rows.map((r) => r.order));

  // One save at a time; what changed meanwhile is saved after it (the effect runs again when it ends).
  const inFlight = useRef(false);
  const save = async (sent: Row[]) => {
    inFlight.current = true;
    setSaving(true);
    setError(null);
    try {
      const now = await onSave(
        sent.map((r) => ({
          ...(r.id && { id: r.id }),
          name: r.name.trim(),
          role: r.role,
          order: r.order,
          canDelegate: r.canDelegate,
          group: groupOf(r),
        })),
      );
      // New roles get their ids; what was typed since the save began stays as typed.
      const idOf = new Map(sent.map((r, i) => [r.key, r.id ?? now.roles[i]?.id]));
      setRows((rs) => rs.map((r) => (r.id ? r : { ...r, id: idOf.get(r.key) })));
      setSaved(true);
    } catch (err) {
      setSaved(false);
      setError({
        text: plainError(err),
        list: err instanceof ApiError ? err.errors.map((x) => `${x.field}: ${x.message}`) : [],
      });
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    if (!dirty || blank >= 0 || saving || error) return;
    const timer = setTimeout(() => {
      if (!inFlight.current) void saveRef.current(rows);
    }, SAVE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [rows, dirty, blank, saving, error]);

  const change = (key: string, patch: Partial<Row>) => {
    setSaved(false);
    setError(null);
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  };
  const move = (i: number, by: -1 | 1) => {
    setSaved(false);
    setError(null);
    setRows((rs) => {
      const next = rs.slice();
      const [r] = next.splice(i, 1);
      if (r) next.splice(i + by, 0, r);
      return next;
    });
  };

  return (
    <form
      aria-label={tr("templates.roles.label")}
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (dirty && blank < 0 && !inFlight.current) void save(rows);
      }}
    >
      <p className="text-sm text-slate-600">{tr.rich("templates.roles.intro", { code: (chunks) => <code>{chunks}</code> })}</p>
      {error && <ErrorList error={error} />}
      {rows.length === 0 && <p className="text-sm font-medium text-amber-800">{tr("templates.roles.none")}</p>}
      <ol className="space-y-2">
        {rows.map((r, i) => {
          const fields = r.id ? fieldCount(r.id) : 0;
          return (
            <li key={r.key} className="flex flex-wrap items-center gap-2" aria-label={tr("templates.roles.role", { n: i + 1 })}>
              <span
                aria-hidden
                className="h-3 w-3 shrink-0 rounded-full"
                style={{ background: colorOf(ids, r.id ?? r.key).solid }}
              />
              <span className="w-7 text-xs font-semibold text-slate-500">s{i + 1}</span>
              <input
                aria-label={tr("templates.roles.name", { n: i + 1 })}
                value={r.name}
                maxLength={100}
                onChange={(e) => change(r.key, { name: e.target.value })}
                className={`${controlClass} min-w-0 flex-1`}
                placeholder={tr("templates.roles.namePlaceholder")}
              />
              <select
                aria-label={tr("templates.roles.does", { n: i + 1 })}
                value={r.role}
                onChange={(e) => change(r.key, { role: e.target.value as Kind })}
                className={controlClass}
              >
                {KINDS.map((k) => (
                  <option key={k.value} value={k.value}>
                    {tr(`templates.roles.kinds.${k.label}`)}
                  </option>
                ))}
              </select>
              <label className="flex items-center gap-1 text-xs text-slate-600">
                {tr("templates.roles.step")}
                <input
                  aria-label={tr("templates.roles.stepLabel", { n: i + 1 })}
                  type="number"
                  min={1}
                  max={1000}
                  value={r.order}
                  onChange={(e) => change(r.key, { order: Math.min(1000, Math.max(1, Math.round(Number(e.target.value) || 1))) })}
                  className={`${controlClass} w-16 px-2`}
                />
                {stepOf(r.order) !== r.order && <span>{tr("templates.roles.shownAs", { step: stepOf(r.order) })}</span>}
              </label>
              {r.role === "SIGNER" || r.role === "APPROVER" ? (
                <label className="flex items-center gap-1 text-xs text-slate-600">
                  <input
                    type="checkbox"
                    checked={r.canDelegate}
                    onChange={(e) => change(r.key, { canDelegate: e.target.checked })}
                    aria-label={tr("templates.roles.canDelegateLabel", { n: i + 1 })}
                  />
                  {tr("templates.roles.canDelegate")}
                </label>
              ) : null}
              {r.role === "SIGNER" && <GroupOption n={i + 1} group={r.group} onChange={(group) => change(r.key, { group })} />}
              <span className="flex gap-1">
                <Button
                  variant="ghost"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={tr("templates.roles.moveUp", { n: i + 1 })}
                >
                  ↑
                </Button>
                <Button
                  variant="ghost"
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={tr("templates.roles.moveDown", { n: i + 1 })}
                >
                  ↓
                </Button>
                <Button
                  variant="ghost"
                  disabled={fields > 0}
                  title={fields > 0 ? tr("templates.roles.hasFields", { count: fields }) : undefined}
                  onClick={() => {
                    setSaved(false);
                    setError(null);
                    setRows((rs) => rs.filter((x) => x.key !== r.key));
                  }}
                  aria-label={tr("templates.roles.removeLabel", { n: i + 1 })}
                >
                  {tr("templates.roles.remove")}
                </Button>
              </span>
              {fields > 0 && (
                <span className="w-full pl-12 text-xs text-slate-500">{tr("templates.roles.fieldCount", { count: fields })}</span>
              )}
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
            setError(null);
            const place = rows.length + 1;
            setRows((rs) => [
              ...rs,
              { key: `new-${++n}`, name: "", role: "SIGNER", order: place, canDelegate: false, group: null },
            ]);
          }}
        >
          {tr("templates.roles.add")}
        </Button>
        <span role="status" className="text-xs text-slate-600" data-testid="roles-status">
          {saving
            ? tr("templates.roles.saving")
            : error
              ? ""
              : dirty && blank >= 0
                ? tr("templates.roles.nameRequired", { n: blank + 1 })
                : dirty
                  ? tr("templates.roles.saving")
                  : saved
                    ? tr("templates.roles.saved")
                    : tr("templates.roles.autosave")}
        </span>
      </div>
    </form>
  );
}

/**
 * "Signing group: [n] of several sign": the role is filled by several people when the template is used
 * (a group), n of whom must sign; unticked, one person.
 */
function GroupOption({
  n,
  group,
  onChange,
}: {
  n: number;
  group: { required: number } | null;
  onChange: (group: { required: number } | null) => void;
}) {
  const tr = useDashboardT();
  return (
    <span className="flex items-center gap-1 text-xs text-slate-600">
      <label className="flex items-center gap-1">
        <input
          type="checkbox"
          checked={group !== null}
          onChange={(e) => onChange(e.target.checked ? { required: group?.required ?? 1 } : null)}
          aria-label={tr("templates.roles.groupLabel", { n })}
        />
        {tr("templates.roles.group")}
      </label>
      {group && (
        <label className="flex items-center gap-1">
          <select
            aria-label={tr("templates.roles.groupRequiredLabel", { n })}
            value={group.required}
            onChange={(e) => onChange({ required: Number(e.target.value) })}
            className={`${controlClass} px-2 py-1`}
          >
            {Array.from({ length: MAX_GROUP_REQUIRED }, (_, i) => i + 1).map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
          {tr("templates.roles.groupOfSeveral")}
        </label>
      )}
    </span>
  );
}
