import { opsFor, rulesOf, ruleValueProblem } from "./conditions";
import { dividesByConstantZero, parseFormula } from "./formula";
import { formulaTargets, type FormField } from "./form-state";

/**
 * What is wrong with a form's rules and formulas as a whole, field by field: a rule or a formula that
 * reads a field the owner does not have, a field of a later turn (a later signer's, or another signer's
 * of the same turn: their values are not known when this one signs), a field of the wrong type, an
 * operator or value the type does not take; a formula that divides by zero whatever is typed, names two
 * fields at once; and every cycle (a field shown by a rule on itself, through any chain of rules and
 * formulas); and a signer whose signatures are all optional or shown only when rules hold (a signer always
 * signs). The server refuses a change that leaves one (422) and checks again when a request is sent; the
 * placer shows the same words.
 */

export interface FormProblem {
  fieldId: string;
  /** The field's property at fault: conditions, formula, or required (a signature made optional). */
  path: "conditions" | "formula" | "required";
  message: string;
  /** Set when the problem is that this assignee (a signer, a role) would sign nothing for sure. */
  unsigned?: string;
}

export interface FormFieldFacts extends FormField {
  label?: string | null;
  options?: string[] | null;
  /** false: the signer may leave it empty (absent or null: required, the API's default). */
  required?: boolean | null;
}

/**
 * A signature the signer cannot leave out: a SIGNATURE with no conditions at all (any, even one that
 * always holds, may hide it) and not made optional.
 */
export const isSureSignature = (f: Pick<FormFieldFacts, "type" | "conditions" | "required">) =>
  f.type === "SIGNATURE" && f.conditions == null && f.required !== false;

/**
 * The field types the interface spec itself knows besides SIGNATURE. A signer whose every field is one of
 * them, with no conditions (a field as the spec's anchors and coordinates make it), may have no SIGNATURE:
 * the spec sends such a signer. Anything else (a CHECKBOX, a rule) is Signet's, and there a signer signs.
 */
const SPEC_TYPES_BESIDES_SIGNATURE: ReadonlySet<string> = new Set(["INITIAL", "DATE", "TEXT"]);

/**
 * Whether one signer's fields let them finish without a mark: `signs` (a sure signature), `spec` (no
 * SIGNATURE, only the spec's other fields, unconditioned), `unsure` (signatures, none sure: formProblems
 * names them) or `none` (no SIGNATURE, and fields the spec does not make: refused at send).
 */
export function signerSigning(fields: readonly Pick<FormFieldFacts, "type" | "conditions" | "required">[]) {
  if (fields.some(isSureSignature)) return "signs" as const;
  if (fields.some((f) => f.type === "SIGNATURE")) return "unsure" as const;
  if (fields.length && fields.every((f) => SPEC_TYPES_BESIDES_SIGNATURE.has(f.type) && f.conditions == null))
    return "spec" as const;
  return "none" as const;
}

/** How a field is named in a message: its label, else its name, else its type. */
export const formFieldName = (f: Pick<FormFieldFacts, "label" | "name" | "type">) =>
  `"${f.label || f.name || f.type.toLowerCase()}"`;

/**
 * Every problem of `fields` (all of one owner's), for those in `only` when given (a change is judged by
 * what it touches). `turn` says when an assignee fills their fields (a recipient's signing order, a
 * role's); a field may read its own assignee's fields and those of an earlier turn. `who` names an
 * assignee in a message (a signer's name, a role's).
 */
export function formProblems(
  fields: readonly FormFieldFacts[],
  turn: (assigneeId: string) => number,
  only?: ReadonlySet<string>,
  who?: (assigneeId: string) => string | null | undefined,
): FormProblem[] {
  const byId = new Map(fields.map((f) => [f.id, f]));
  const targets = formulaTargets(fields);
  const out: FormProblem[] = [];
  const edges = new Map<string, string[]>();

  const timing = (f: FormFieldFacts, read: FormFieldFacts): string | null => {
    if (read.assigneeId === f.assigneeId) return null;
    if (turn(read.assigneeId) < turn(f.assigneeId)) return null;
    return turn(read.assigneeId) === turn(f.assigneeId)
      ? `${formFieldName(read)} is filled by another signer of the same turn: its value is not known when ${formFieldName(f)} is filled`
      : `${formFieldName(read)} is filled by a later signer: its value is not known when ${formFieldName(f)} is filled`;
  };

  for (const f of fields) {
    const reads: string[] = [];
    for (const rule of rulesOf(f.conditions)) {
      const read = byId.get(rule.fieldId);
      const bad = (message: string) => out.push({ fieldId: f.id, path: "conditions", message });
      if (!read) {
        bad(`A rule reads field ${rule.fieldId}, which is not a field of this request or template`);
        continue;
      }
      reads.push(read.id);
      if (read.id === f.id) {
        bad(`${formFieldName(f)} cannot be shown by a rule on itself`);
        continue;
      }
      const late = timing(f, read);
      if (late) bad(late);
      if (!opsFor(read.type).includes(rule.op))
        bad(`${rule.op} does not apply to ${formFieldName(read)}, a ${read.type}; it takes ${opsFor(read.type).join(", ")}`);
      else {
        const p = ruleValueProblem(rule, read);
        if (p) bad(`The rule on ${formFieldName(read)}: ${p}`);
      }
    }
    if (f.type === "FORMULA" && f.formula) {
      const bad = (message: string) => out.push({ fieldId: f.id, path: "formula", message });
      const parsed = parseFormula(f.formula);
      if (!parsed.ok) bad(parsed.message);
      else {
        if (dividesByConstantZero(parsed.tree)) bad("The formula divides by zero");
        for (const name of parsed.names) {
          const found = targets.get(name) ?? [];
          const [read, second] = found;
          if (!read) {
            bad(`The formula reads "${name}", but no NUMBER or FORMULA field is named so`);
            continue;
          }
          if (second) {
            bad(`The formula reads "${name}", and ${found.length} fields are named so: name them apart`);
            continue;
          }
          reads.push(read.id);
          if (read.id === f.id) bad(`The formula of ${formFieldName(f)} reads itself`);
          else {
            const late = timing(f, read);
            if (late) bad(late);
          }
        }
      }
    }
    edges.set(f.id, reads);
  }

  // Cycles through rules and formulas: each reported once, on every field it passes through.
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (id: string) => {
    state.set(id, "open");
    stack.push(id);
    for (const next of edges.get(id) ?? []) {
      if (next === id) continue;
      const s = state.get(next);
      if (s === "open") {
        const loop = stack.slice(stack.indexOf(next));
        const names = loop.map((x) => formFieldName(byId.get(x)!));
        for (const x of loop) {
          const fx = byId.get(x)!;
          out.push({
            fieldId: x,
            path: fx.type === "FORMULA" && fx.formula ? "formula" : "conditions",
            message: `The rules and formulas form a cycle: ${[...names, names[0]].join(" → ")}`,
          });
        }
      } else if (!s) visit(next);
    }
    stack.pop();
    state.set(id, "done");
  };
  for (const f of fields) if (!state.has(f.id)) visit(f.id);

  // A signer always signs. Only signers have fields (a request's SIGNERs, a template's SIGNER roles), so
  // an assignee with signatures needs one they cannot leave out; one with none at all is judged at send.
  const byAssignee = new Map<string, FormFieldFacts[]>();
  for (const f of fields) byAssignee.set(f.assigneeId, [...(byAssignee.get(f.assigneeId) ?? []), f]);
  for (const [assigneeId, own] of byAssignee) {
    if (signerSigning(own) !== "unsure") continue;
    const name = who?.(assigneeId);
    const whose = name ? `${name}'s` : "its signer's";
    for (const f of own.filter((x) => x.type === "SIGNATURE")) {
      const conditional = f.conditions != null;
      out.push({
        fieldId: f.id,
        path: conditional ? "conditions" : "required",
        unsigned: assigneeId,
        message: `A signer always signs: ${formFieldName(f)} is ${conditional ? "shown only when its rules hold" : "optional (required: false)"}, and none of ${whose} signatures is always shown and required; ${conditional ? "remove its conditions" : "make it required"} or add a signature that is`,
      });
    }
  }

  return only ? out.filter((p) => only.has(p.fieldId)) : out;
}
