/**
 * A field's `conditions`: when it is shown. `{ all: [...] }` (every rule holds) or `{ any: [...] }` (one
 * does); an entry is a rule `{ fieldId, op, value? }` or, one level down, another `{ all }`/`{ any }` of
 * rules. A field whose conditions do not hold is hidden: not required, given no value, not drawn in the
 * seal (the certificate lists it as skipped). No server imports: the API's schemas, the placer, the signing
 * page and the seal read this same file (form-state.ts evaluates it).
 */

export const RULE_OPS = ["filled", "empty", "equals", "notEquals", "contains", "greaterThan", "lessThan"] as const;
export type RuleOp = (typeof RULE_OPS)[number];
/** The operators that compare with a `value` (filled and empty take none). */
export const VALUE_OPS: ReadonlySet<RuleOp> = new Set(["equals", "notEquals", "contains", "greaterThan", "lessThan"]);

export const MAX_RULES = 20;
export const MAX_RULE_VALUE_LENGTH = 500;

export type RuleValue = string | number | boolean;
export interface Rule {
  fieldId: string;
  op: RuleOp;
  value?: RuleValue;
}
export type RuleGroup = { all: Rule[] } | { any: Rule[] };
export type Conditions = { all: (Rule | RuleGroup)[] } | { any: (Rule | RuleGroup)[] };

/** The entries of a group, and whether all of them must hold. */
export function entriesOf(c: Conditions | RuleGroup): { every: boolean; entries: (Rule | RuleGroup)[] } {
  return "all" in c ? { every: true, entries: c.all } : { every: false, entries: c.any };
}

export const isRule = (e: Rule | RuleGroup): e is Rule => "fieldId" in e;

/** Every rule of a field's conditions, nested ones included. */
export function rulesOf(c: Conditions | null | undefined): Rule[] {
  if (!c) return [];
  return entriesOf(c).entries.flatMap((e) => (isRule(e) ? [e] : entriesOf(e).entries.filter(isRule)));
}

/** Which operators a rule on a field of this type may use. */
export function opsFor(type: string): readonly RuleOp[] {
  switch (type) {
    case "CHECKBOX":
    case "RADIO":
    case "DROPDOWN":
      return ["filled", "empty", "equals", "notEquals", ...(type === "DROPDOWN" ? (["contains"] as const) : [])];
    case "TEXT":
    case "NAME":
    case "EMAIL":
      return ["filled", "empty", "equals", "notEquals", "contains"];
    case "NUMBER":
    case "FORMULA":
      return ["filled", "empty", "equals", "notEquals", "greaterThan", "lessThan"];
    case "DATE":
      return ["filled", "empty", "equals", "notEquals", "greaterThan", "lessThan"];
    default:
      return ["filled", "empty"];
  }
}

/** Why a rule's value does not suit the field it reads, or null (its operator suits the type: opsFor). */
export function ruleValueProblem(rule: Rule, read: { type: string; options?: string[] | null }): string | null {
  if (!VALUE_OPS.has(rule.op) || rule.value === undefined) return null;
  const v = rule.value;
  switch (read.type) {
    case "CHECKBOX":
      return v === true || v === false || v === "true" || v === "false" ? null : "a CHECKBOX equals true (ticked) or false";
    case "NUMBER":
    case "FORMULA":
      return typeof v === "number" || (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim()))
        ? null
        : `a ${read.type} is compared with a number (digits, "." for decimals)`;
    case "DATE":
      return typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? null : "a DATE is compared with a day written YYYY-MM-DD";
    case "RADIO":
    case "DROPDOWN":
      if (rule.op === "contains") return typeof v === "string" ? null : "contains takes text";
      return read.options && !read.options.includes(String(v))
        ? `"${String(v)}" is not one of its options (${read.options.join(", ")})`
        : null;
    default:
      return typeof v === "string" ? null : `a ${read.type} is compared with text`;
  }
}

/** The conditions with each rule's fieldId replaced through `map` (a template's field ids → a draft's, and back). */
export function remapConditions(c: Conditions | null | undefined, map: ReadonlyMap<string, string>): Conditions | null {
  if (!c) return null;
  const entry = (e: Rule | RuleGroup): Rule | RuleGroup => {
    if (isRule(e)) return { ...e, fieldId: map.get(e.fieldId) ?? e.fieldId };
    const { every, entries } = entriesOf(e);
    const inner = entries.filter(isRule).map((r) => ({ ...r, fieldId: map.get(r.fieldId) ?? r.fieldId }));
    return every ? { all: inner } : { any: inner };
  };
  const { every, entries } = entriesOf(c);
  return every ? { all: entries.map(entry) } : { any: entries.map(entry) };
}
