import "server-only";
import { eq } from "drizzle-orm";
import { formFieldName, formProblems, type FormFieldFacts, type FormProblem } from "@/lib/forms/form-problems";
import type { Queryable } from "../db";
import { recipients, templateRoles } from "../db/schema";
import { AppError } from "../errors";
import { selectFields, type FieldOwner, type StoredField } from "../model/field-owner";

/**
 * A request's or a template's rules and formulas (lib/forms) as the server judges them: what they are
 * now, and what a change of the owner's fields, recipients or documents adds to what is wrong with them.
 * One place for every such judgement: placing, changing and removing fields, removing a recipient or a
 * document, using a template, sending.
 */

/** A stored field as the form's rules read it. */
export const formFieldOf = (r: StoredField): FormFieldFacts => ({
  id: r.id,
  type: r.type,
  name: r.name,
  label: r.label,
  assigneeId: r.assigneeId,
  group: r.groupName,
  option: r.optionValue,
  options: r.options,
  decimals: r.decimals,
  conditions: r.conditions,
  formula: r.formula,
});

/** The owner's fields as the rules read them, and every problem they have now (turns: a recipient's order, a role's). */
export async function ownerForm(tx: Queryable, owner: FieldOwner) {
  const form = (await selectFields(tx, owner)).map(formFieldOf);
  const turns = new Map(
    owner.kind === "request"
      ? (await tx.select().from(recipients).where(eq(recipients.requestId, owner.requestId))).map((r) => [r.id, r.order])
      : (await tx.select().from(templateRoles).where(eq(templateRoles.templateId, owner.templateId))).map((r) => [
          r.id,
          r.signingOrder,
        ]),
  );
  return { form, problems: formProblems(form, (id) => turns.get(id) ?? Number.MAX_SAFE_INTEGER) };
}

const keyOf = (p: FormProblem) => `${p.fieldId}\u0000${p.message}`;

/**
 * Runs a change and answers what it made wrong: the problems the owner's rules and formulas have after it
 * that they had not before (a rule reading a field that went or changed type, a formula made ambiguous, the
 * changed field's own rules). One that was there already is the sending's to say.
 */
export async function problemsAddedBy<T>(tx: Queryable, owner: FieldOwner, change: () => Promise<T>) {
  const before = new Set((await ownerForm(tx, owner)).problems.map(keyOf));
  const out = await change();
  const after = await ownerForm(tx, owner);
  return { out, form: after.form, added: after.problems.filter((p) => !before.has(keyOf(p))) };
}

/**
 * 422 FORM_RULES_INVALID listing the problems, or nothing when there are none. Each names its field's
 * property (`conditions`, `formula`), prefixed by the field's place in the body when it is being placed
 * (`placeOf`: "fields.2."); `details.fields` lists the stored fields concerned.
 */
export function throwFormProblems(problems: FormProblem[], placeOf?: ReadonlyMap<string, string>) {
  const [first] = problems;
  if (!first) return;
  throw new AppError(
    "FORM_RULES_INVALID",
    problems.length === 1 ? first.message : `${first.message} (and ${problems.length - 1} more)`,
    {
      errors: problems.map((p) => ({ field: `${placeOf?.get(p.fieldId) ?? ""}${p.path}`, message: p.message })),
      details: { fields: [...new Set(problems.map((p) => p.fieldId).filter((id) => !placeOf?.has(id)))] },
    },
  );
}

/**
 * Runs a change that removes fields (one field, or a recipient's or a document's with it) and refuses it,
 * 409 FIELD_IN_USE, when another field's rule or formula would read one that went: `refusal` says so with
 * the readers' names. The caller's transaction rolls the change back.
 */
export async function keepingForm<T>(
  tx: Queryable,
  owner: FieldOwner,
  refusal: (readers: string) => string,
  change: () => Promise<T>,
  details: Record<string, unknown> = {},
): Promise<T> {
  const { out, form, added } = await problemsAddedBy(tx, owner, change);
  const readers = new Set(added.map((p) => p.fieldId));
  if (readers.size) {
    const names = form.filter((f) => readers.has(f.id)).map(formFieldName);
    throw new AppError("FIELD_IN_USE", refusal(names.join(", ")), { details: { ...details, readBy: [...readers] } });
  }
  return out;
}

/** keepingForm for removing something that holds fields (a recipient, a document). */
export const keepingFieldsOf = <T>(tx: Queryable, owner: FieldOwner, what: string, change: () => Promise<T>) =>
  keepingForm(
    tx,
    owner,
    (readers) => `Removing ${what} removes fields that ${readers} read in their rules or formula: change those first`,
    change,
  );
