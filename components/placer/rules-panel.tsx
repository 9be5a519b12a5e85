"use client";
import { useState } from "react";
import { entriesOf, isRule, opsFor, VALUE_OPS, type Conditions, type Rule, type RuleOp } from "@/lib/forms/conditions";
import { evaluateForm, type Held } from "@/lib/forms/form-state";
import { formProblems } from "@/lib/forms/form-problems";
import { formulaRef, parseFormula } from "@/lib/forms/formula";
import type { FieldInput } from "@/lib/client/types";
import type { PlacedField } from "@/lib/client/use-field-store";
import { useDraft } from "@/lib/client/use-draft";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { useFieldLabel } from "./labels";

/**
 * "Show when…": the selected field's conditions, as rules on the other fields (lib/forms/conditions.ts),
 * all or any of them; with what the server would refuse (the same words, lib/forms/form-problems.ts) and
 * "Try the rules": values typed for the fields the rules read, and whether the field is then shown.
 * Nested groups (possible through the API) are shown, kept, and not edited here.
 */
export function RulesPanel({
  f,
  fields,
  signers,
  turnOf,
  onChange,
}: {
  f: PlacedField;
  /** Every field of the draft or template, this one included. */
  fields: PlacedField[];
  signers: { id: string; name: string }[];
  turnOf: (recipientId: string) => number;
  onChange: (patch: Partial<FieldInput>, delay: number) => void;
}) {
  const t = useDashboardT();
  const fieldLabel = useFieldLabel();
  const conditions = (f.conditions ?? null) as Conditions | null;
  const { every, entries } = conditions ? entriesOf(conditions) : { every: true, entries: [] };
  const rules = entries.filter(isRule);
  const nested = entries.length - rules.length;
  // The fields a rule may read: saved ones (a rule names an id), this signer's or an earlier signer's.
  const readable = fields.filter((o) => o.id && o.key !== f.key && turnOf(o.recipientId) <= turnOf(f.recipientId));
  const signerOf = new Map(signers.map((s) => [s.id, s.name]));
  const nameOf = (o: PlacedField) =>
    `${o.label || o.name || fieldLabel(o.type)}${o.recipientId !== f.recipientId ? ` (${signerOf.get(o.recipientId) ?? ""})` : ""}`;
  const byId = new Map(fields.flatMap((o) => (o.id ? [[o.id, o] as const] : [])));

  const save = (nextRules: Rule[], nextEvery = every) => {
    const kept = entries.filter((e) => !isRule(e));
    const all = [...nextRules, ...kept];
    onChange({ conditions: all.length ? (nextEvery ? { all } : { any: all }) : null }, 0);
  };
  const setRule = (i: number, rule: Rule) => save(rules.map((r, j) => (j === i ? rule : r)));
  const firstValue = (read: PlacedField | undefined, op: RuleOp): Rule["value"] => {
    if (!VALUE_OPS.has(op)) return undefined;
    if (read?.type === "CHECKBOX") return true;
    if (read?.type === "RADIO" || read?.type === "DROPDOWN") return read.options?.[0] ?? read.option ?? "";
    if (read?.type === "NUMBER" || read?.type === "FORMULA") return 0;
    if (read?.type === "DATE") return new Date().toISOString().slice(0, 10);
    return "";
  };
  const ruleFor = (read: PlacedField, op?: RuleOp): Rule => {
    const ops = opsFor(read.type);
    const chosen = op && ops.includes(op) ? op : ops[0]!;
    const value = firstValue(read, chosen);
    return { fieldId: read.id!, op: chosen, ...(value !== undefined && { value }) };
  };

  // What the server would say of these rules, in the same words (it judges again when they are saved).
  const problems = formProblems(formFieldsOf(fields), turnOf, new Set(f.id ? [f.id] : []), (id) => signerOf.get(id));

  return (
    <fieldset className="space-y-2 rounded-md border border-slate-200 p-2" data-testid="rules-panel">
      <legend className="px-1 text-xs font-semibold text-slate-700">{t("placer.rules.heading")}</legend>
      {!f.id ? (
        <p className="text-xs text-slate-600">{t("placer.rules.notSaved")}</p>
      ) : (
        <>
          <label className="block text-xs text-slate-700" htmlFor="prop-rules-mode">
            {t("placer.rules.mode")}
          </label>
          <select
            id="prop-rules-mode"
            className={inputClass}
            value={rules.length || nested ? (every ? "all" : "any") : "always"}
            onChange={(e) => {
              const v = e.target.value;
              if (v === "always") return onChange({ conditions: null }, 0);
              const [first] = readable;
              const start = rules.length ? rules : first ? [ruleFor(first)] : [];
              if (start.length || nested) save(start, v === "all");
            }}
          >
            <option value="always">{t("placer.rules.always")}</option>
            <option value="all" disabled={!readable.length && !rules.length}>
              {t("placer.rules.all")}
            </option>
            <option value="any" disabled={!readable.length && !rules.length}>
              {t("placer.rules.any")}
            </option>
          </select>
          {!readable.length && !rules.length ? <p className="text-xs text-slate-600">{t("placer.rules.nothingToRead")}</p> : null}
          <ol className="space-y-2">
            {rules.map((rule, i) => {
              const read = byId.get(rule.fieldId);
              return (
                <li key={i} className="space-y-1 rounded border border-slate-200 bg-slate-50 p-1.5" data-testid="rule">
                  <label className="sr-only" htmlFor={`rule-${i}-field`}>
                    {t("placer.rules.field", { n: i + 1 })}
                  </label>
                  <select
                    id={`rule-${i}-field`}
                    className={inputClass}
                    value={rule.fieldId}
                    onChange={(e) => {
                      const next = byId.get(e.target.value);
                      if (next) setRule(i, ruleFor(next, rule.op));
                    }}
                  >
                    {read ? null : <option value={rule.fieldId}>{t("placer.rules.missing")}</option>}
                    {readable.map((o) => (
                      <option key={o.id} value={o.id!}>
                        {nameOf(o)}
                      </option>
                    ))}
                  </select>
                  <div className="flex gap-1">
                    <label className="sr-only" htmlFor={`rule-${i}-op`}>
                      {t("placer.rules.op", { n: i + 1 })}
                    </label>
                    <select
                      id={`rule-${i}-op`}
                      className={inputClass}
                      value={rule.op}
                      onChange={(e) => {
                        const op = e.target.value as RuleOp;
                        const value = VALUE_OPS.has(op) ? (rule.value ?? firstValue(read, op)) : undefined;
                        setRule(i, { fieldId: rule.fieldId, op, ...(value !== undefined && { value }) });
                      }}
                    >
                      {opsFor(read?.type ?? "").map((op) => (
                        <option key={op} value={op}>
                          {t(`placer.rules.ops.${op}`)}
                        </option>
                      ))}
                    </select>
                    <Button
                      variant="secondary"
                      onClick={() => save(rules.filter((_, j) => j !== i))}
                      aria-label={t("placer.rules.remove", { n: i + 1 })}
                    >
                      ×
                    </Button>
                  </div>
                  {VALUE_OPS.has(rule.op) ? (
                    <RuleValueInput i={i} rule={rule} read={read} onValue={(value) => setRule(i, { ...rule, value })} />
                  ) : null}
                </li>
              );
            })}
          </ol>
          {nested ? <p className="text-xs text-slate-600">{t("placer.rules.nested", { count: nested })}</p> : null}
          {rules.length && readable.length ? (
            <Button variant="secondary" className="w-full" onClick={() => save([...rules, ruleFor(readable[0]!)])}>
              {t("placer.rules.add")}
            </Button>
          ) : null}
          {problems.length ? (
            <ul className="space-y-1 text-xs text-red-700" role="alert">
              {problems.map((p, i) => (
                <li key={i}>{p.message}</li>
              ))}
            </ul>
          ) : null}
          {rules.length ? <TryRules f={f} fields={fields} rules={rules} byId={byId} nameOf={nameOf} /> : null}
        </>
      )}
    </fieldset>
  );
}

/** The placed fields the form's rules read: the saved ones (a rule names a field by its id). */
function formFieldsOf(fields: PlacedField[]) {
  return fields.flatMap((o) =>
    o.id
      ? [
          {
            ...o,
            id: o.id,
            name: o.name ?? null,
            assigneeId: o.recipientId,
            conditions: (o.conditions ?? null) as Conditions | null,
          },
        ]
      : [],
  );
}

/** A rule's value: a choice for a checkbox, a radio group or a dropdown; text (or a number, a day) otherwise. */
function RuleValueInput({
  i,
  rule,
  read,
  onValue,
}: {
  i: number;
  rule: Rule;
  read: PlacedField | undefined;
  onValue: (v: string | number | boolean) => void;
}) {
  const t = useDashboardT();
  const [v, setV] = useDraft(String(rule.value ?? ""));
  const id = `rule-${i}-value`;
  const label = (
    <label className="sr-only" htmlFor={id}>
      {t("placer.rules.value", { n: i + 1 })}
    </label>
  );
  const choices =
    read?.type === "CHECKBOX"
      ? [
          ["true", t("placer.rules.ticked")],
          ["false", t("placer.rules.unticked")],
        ]
      : read?.type === "RADIO" || read?.type === "DROPDOWN"
        ? (read.options ?? (read.option ? [read.option] : [])).map((o) => [o, o])
        : null;
  if (choices)
    return (
      <>
        {label}
        <select
          id={id}
          className={inputClass}
          value={String(rule.value ?? "")}
          onChange={(e) => onValue(read?.type === "CHECKBOX" ? e.target.value === "true" : e.target.value)}
        >
          {choices.map(([value, words]) => (
            <option key={value} value={value}>
              {words}
            </option>
          ))}
        </select>
      </>
    );
  const numeric = read?.type === "NUMBER" || read?.type === "FORMULA";
  const commit = () => {
    if (v === String(rule.value ?? "")) return;
    if (numeric && v.trim() !== "" && Number.isFinite(Number(v))) onValue(Number(v));
    else onValue(v);
  };
  return (
    <>
      {label}
      <input
        id={id}
        className={inputClass}
        type={read?.type === "DATE" ? "date" : "text"}
        inputMode={numeric ? "decimal" : undefined}
        value={v}
        onChange={(e) => setV(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === "Enter" && commit()}
      />
    </>
  );
}

/** "Try the rules": a value for each field the rules read, and whether this field is then shown. */
function TryRules({
  f,
  fields,
  rules,
  byId,
  nameOf,
}: {
  f: PlacedField;
  fields: PlacedField[];
  rules: Rule[];
  byId: Map<string, PlacedField>;
  nameOf: (o: PlacedField) => string;
}) {
  const t = useDashboardT();
  const [tried, setTried] = useState<Record<string, Held>>({});
  const read = [...new Set(rules.map((r) => r.fieldId))].flatMap((id) => {
    const o = byId.get(id);
    return o ? [o] : [];
  });
  const state = evaluateForm(formFieldsOf(fields), (id) => tried[id]);
  const shown = f.id ? state.shown(f.id) : true;
  return (
    <details className="rounded border border-slate-200 p-1.5 text-xs">
      <summary className="cursor-pointer font-medium text-slate-700">{t("placer.rules.try")}</summary>
      <div className="mt-1 space-y-1">
        {read.map((o) => {
          const id = `try-${o.id}`;
          const tick = o.type === "CHECKBOX" || o.type === "RADIO" || o.type === "SIGNATURE" || o.type === "INITIAL";
          return (
            <div key={o.id} className="flex items-center gap-2">
              {tick ? (
                <input
                  id={id}
                  type="checkbox"
                  checked={!!(tried[o.id!]?.checked || tried[o.id!]?.filled)}
                  onChange={(e) => setTried((p) => ({ ...p, [o.id!]: { checked: e.target.checked, filled: e.target.checked } }))}
                />
              ) : null}
              <label htmlFor={id} className="text-slate-700">
                {nameOf(o)}
              </label>
              {tick ? null : (
                <input
                  id={id}
                  className={`${inputClass} py-0.5`}
                  type={o.type === "DATE" ? "date" : "text"}
                  value={tried[o.id!]?.text ?? tried[o.id!]?.day ?? ""}
                  onChange={(e) =>
                    setTried((p) => ({ ...p, [o.id!]: o.type === "DATE" ? { day: e.target.value } : { text: e.target.value } }))
                  }
                />
              )}
            </div>
          );
        })}
        <p role="status" className={shown ? "font-medium text-emerald-800" : "font-medium text-slate-700"}>
          {shown ? t("placer.rules.wouldShow") : t("placer.rules.wouldHide")}
        </p>
      </div>
    </details>
  );
}

/** A FORMULA's formula, checked as it is typed (the grammar of lib/forms/formula.ts); saved on blur. */
export function FormulaProp({
  f,
  fields,
  onChange,
}: {
  f: PlacedField;
  fields: PlacedField[];
  onChange: (patch: Partial<FieldInput>, delay: number) => void;
}) {
  const t = useDashboardT();
  const [v, setV] = useDraft(f.formula ?? "");
  const parsed = parseFormula(v);
  const names = [
    ...new Set(
      fields.filter((o) => o.key !== f.key && (o.type === "NUMBER" || o.type === "FORMULA") && o.name).map((o) => o.name!),
    ),
  ];
  const commit = () => parsed.ok && v !== (f.formula ?? "") && onChange({ formula: v }, 0);
  return (
    <div>
      <label htmlFor="prop-formula" className="mb-1 block text-xs font-medium text-slate-600">
        {t("placer.rules.formula")}
      </label>
      <input
        id="prop-formula"
        className={`${inputClass} font-mono`}
        value={v}
        maxLength={500}
        aria-invalid={!parsed.ok}
        aria-describedby="prop-formula-help"
        onChange={(e) => setV(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === "Enter" && commit()}
      />
      <p id="prop-formula-help" className={`mt-1 text-xs ${parsed.ok ? "text-slate-600" : "text-red-700"}`}>
        {parsed.ok
          ? names.length
            ? t("placer.rules.formulaNames", {
                names: names.map(formulaRef).join(", "),
              })
            : t("placer.rules.formulaNoNames")
          : parsed.message}
      </p>
    </div>
  );
}
