import { entriesOf, isRule, type Conditions, type Rule, type RuleGroup } from "./conditions";
import { evaluateFormula, formulaText, parseFormula, type FormulaNode } from "./formula";

/**
 * One reading of a form: which fields are shown (conditions.ts) and what each FORMULA field comes to
 * (formula.ts), from the values given so far. The signing page runs it as the signer types, the server
 * runs it on what is submitted (a hidden field takes no value and is not required; a FORMULA's value is
 * the server's) and the seal runs it to list the fields a rule skipped. No imports beyond lib/forms.
 *
 * A hidden field reads as empty to every rule and formula; a formula reads an empty or hidden NUMBER as 0.
 * A field in `settled` was filled in an earlier turn: what is stored is what it holds (hidden then
 * meant no value was stored), and its own conditions and formula are not read again.
 */

export interface FormField {
  id: string;
  type: string;
  name: string | null;
  /** Who fills it: a request's recipient, a template's role. */
  assigneeId: string;
  /** RADIO: its group and the option the button stands for. */
  group?: string | null;
  option?: string | null;
  /** FORMULA: decimals of its result (2 when null). */
  decimals?: number | null;
  conditions?: Conditions | null;
  formula?: string | null;
}

/**
 * What a field holds: `text` (TEXT, NAME, EMAIL, DROPDOWN; a NUMBER or FORMULA in its stored form "12.5"),
 * `checked` (CHECKBOX, RADIO button), `day` (DATE: YYYY-MM-DD), `filled` (SIGNATURE, INITIAL, FILE).
 */
export interface Held {
  text?: string | null;
  checked?: boolean;
  day?: string | null;
  filled?: boolean;
}

/** What a FORMULA field comes to: its value in the stored form, or why there is none. */
export type Computed = { ok: true; value: number; text: string } | { ok: false; reason: "divisionByZero" | "tooLarge" };

export interface FormState {
  /** Whether the field is shown (a field of an earlier turn: true). */
  shown: (id: string) => boolean;
  /** The ids of the fields hidden by a rule, in the order given. */
  hidden: string[];
  /** FORMULA fields' values, by id (hidden and settled ones left out). */
  computed: Map<string, Computed>;
}

interface Reading {
  filled: boolean;
  text: string;
  num: number | null;
  checked: boolean;
  day: string | null;
}
const EMPTY: Reading = { filled: false, text: "", num: null, checked: false, day: null };

const norm = (s: string) => s.trim().toLocaleLowerCase("en");

function ruleHolds(rule: Rule, r: Reading, type: string): boolean {
  const v = rule.value;
  const asNumber = typeof v === "number" ? v : Number(String(v ?? "").trim());
  switch (rule.op) {
    case "filled":
      return r.filled;
    case "empty":
      return !r.filled;
    case "equals":
    case "notEquals": {
      let eq: boolean;
      if (type === "CHECKBOX") eq = r.checked === (v === true || v === "true");
      else if (type === "NUMBER" || type === "FORMULA") eq = r.num !== null && r.num === asNumber;
      else if (type === "DATE") eq = r.day !== null && r.day === String(v);
      else eq = r.filled && norm(r.text) === norm(String(v));
      return rule.op === "equals" ? eq : !eq;
    }
    case "contains":
      return r.filled && norm(r.text).includes(norm(String(v)));
    case "greaterThan":
    case "lessThan": {
      if (type === "DATE") return r.day !== null && (rule.op === "greaterThan" ? r.day > String(v) : r.day < String(v));
      if (r.num === null || !Number.isFinite(asNumber)) return false;
      return rule.op === "greaterThan" ? r.num > asNumber : r.num < asNumber;
    }
  }
}

/** The fields a formula's names stand for: the NUMBER and FORMULA fields of that name. */
export function formulaTargets(fields: readonly FormField[]): Map<string, FormField[]> {
  const out = new Map<string, FormField[]>();
  for (const f of fields)
    if ((f.type === "NUMBER" || f.type === "FORMULA") && f.name) out.set(f.name, [...(out.get(f.name) ?? []), f]);
  return out;
}

/** Reads the form: `held` is what each field holds as given (undefined: nothing), `settled` the fields of earlier turns. */
export function evaluateForm(
  fields: readonly FormField[],
  held: (id: string) => Held | undefined,
  settled: ReadonlySet<string> = new Set(),
): FormState {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const targets = formulaTargets(fields);
  const trees = new Map<string, FormulaNode | null>();
  const shownMemo = new Map<string, boolean>();
  const readingMemo = new Map<string, Reading>();
  const computed = new Map<string, Computed>();
  // A field whose reading needs itself (a cycle the server refuses, but stored data is not trusted) reads as empty.
  const busy = new Set<string>();

  const treeOf = (f: FormField) => {
    if (!trees.has(f.id)) {
      const p = f.formula ? parseFormula(f.formula) : null;
      trees.set(f.id, p?.ok ? p.tree : null);
    }
    return trees.get(f.id)!;
  };

  const conditionsHold = (c: Conditions | RuleGroup): boolean => {
    const { every, entries } = entriesOf(c);
    const test = (e: Rule | RuleGroup) => {
      if (!isRule(e)) return conditionsHold(e);
      const target = byId.get(e.fieldId);
      return ruleHolds(e, target ? reading(target) : EMPTY, target?.type ?? "");
    };
    return every ? entries.every(test) : entries.some(test);
  };

  const shown = (id: string): boolean => {
    const f = byId.get(id);
    if (!f || settled.has(id) || !f.conditions) return true;
    const known = shownMemo.get(id);
    if (known !== undefined) return known;
    if (busy.has(id)) return false;
    busy.add(id);
    const out = conditionsHold(f.conditions);
    busy.delete(id);
    shownMemo.set(id, out);
    return out;
  };

  const radioReading = (f: FormField): Reading => {
    const chosen = fields.find(
      (o) =>
        o.type === "RADIO" &&
        o.assigneeId === f.assigneeId &&
        (o.group ?? "") === (f.group ?? "") &&
        held(o.id)?.checked === true &&
        shown(o.id),
    );
    return chosen ? { ...EMPTY, filled: true, text: chosen.option ?? "", checked: true } : EMPTY;
  };

  const formulaValue = (f: FormField): Computed | null => {
    const tree = treeOf(f);
    if (!tree) return null;
    const res = evaluateFormula(tree, (name) => {
      const [target] = targets.get(name) ?? [];
      return target ? (reading(target).num ?? 0) : 0;
    });
    return res.ok ? { ok: true, value: res.value, text: formulaText(res.value, f.decimals) } : res;
  };

  function reading(f: FormField): Reading {
    const known = readingMemo.get(f.id);
    if (known) return known;
    if (busy.has(f.id) || !shown(f.id)) return EMPTY;
    busy.add(f.id);
    let out: Reading;
    const h = held(f.id);
    if (f.type === "RADIO") out = radioReading(f);
    else if (f.type === "FORMULA" && !settled.has(f.id)) {
      const c = formulaValue(f);
      if (c) computed.set(f.id, c);
      out = c?.ok ? { ...EMPTY, filled: true, text: c.text, num: Number(c.text) } : EMPTY;
    } else if (f.type === "CHECKBOX") out = { ...EMPTY, filled: h?.checked === true, checked: h?.checked === true };
    else if (f.type === "DATE") out = h?.day ? { ...EMPTY, filled: true, day: h.day, text: h.day } : EMPTY;
    else if (h?.text != null && h.text.trim() !== "") {
      const text = h.text.trim();
      const num = f.type === "NUMBER" || f.type === "FORMULA" ? Number(text) : null;
      out = { ...EMPTY, filled: true, text, num: num !== null && Number.isFinite(num) ? num : null };
    } else out = { ...EMPTY, filled: h?.filled === true };
    busy.delete(f.id);
    readingMemo.set(f.id, out);
    return out;
  }

  for (const f of fields) reading(f);
  return { shown, hidden: fields.filter((f) => !shown(f.id)).map((f) => f.id), computed };
}
