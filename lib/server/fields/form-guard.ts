import "server-only";
import { eq } from "drizzle-orm";
import { formFieldName, formProblems, signerSigning, type FormFieldFacts, type FormProblem } from "@/lib/forms/form-problems";
import type { Queryable } from "../db";
import { recipients, templateRoles } from "../db/schema";
import { AppError, type FieldError } from "../errors";
import { selectFields, type FieldOwner, type StoredField } from "../model/field-owner";

/**
 * A request's or a template's rules and formulas (lib/forms) as the server judges them: what they are
 * now, and what a change of the owner's fields, recipients or documents adds to what is wrong with them.
 * One place for every such judgement: placing, changing and removing fields, removing a recipient or a
 * document, using a template, sending. A signer always signs: a change that leaves a signer signatures
 * but none always shown and required is one of them (422).
 */

/** A stored field as the form's rules read it. */
export const formFieldOf = (r: StoredField): FormFieldFacts => ({
  id: r.id,
  type: r.type,
  name: r.name,
  label: r.label,
  assigneeId: r.assigneeId,
  group: r.group,
  option: r.option,
  options: r.options,
  decimals: r.decimals,
  conditions: r.conditions,
  formula: r.formula,
  required: r.required,
});

/**
 * The owner's fields as the rules read them, and every problem they have now (turns: a recipient's order,
 * a role's; a signer named by name and address, a role by its name).
 */
export async function ownerForm(tx: Queryable, owner: FieldOwner) {
  const form = (await selectFields(tx, owner)).map(formFieldOf);
  const assignees: [string, { turn: number; name: string }][] =
    owner.kind === "request"
      ? (await tx.select().from(recipients).where(eq(recipients.requestId, owner.requestId))).map((r) => [
          r.id,
          { turn: r.order, name: `${r.name} (${r.email})` },
        ])
      : (await tx.select().from(templateRoles).where(eq(templateRoles.templateId, owner.templateId))).map((r) => [
          r.id,
          { turn: r.signingOrder, name: `role ${r.name}` },
        ]);
  const byId = new Map(assignees);
  return {
    form,
    problems: formProblems(
      form,
      (id) => byId.get(id)?.turn ?? Number.MAX_SAFE_INTEGER,
      undefined,
      (id) => byId.get(id)?.name,
    ),
  };
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
  const readers = new Set(added.filter((p) => !p.unsigned).map((p) => p.fieldId));
  if (readers.size) {
    const names = form.filter((f) => readers.has(f.id)).map(formFieldName);
    throw new AppError("FIELD_IN_USE", refusal(names.join(", ")), { details: { ...details, readBy: [...readers] } });
  }
  // Removing a signer's only sure signature, while ones they may leave out stay, leaves them none: the
  // removal conflicts with what stays (409, as a field others read), and the caller's transaction rolls it back.
  const unsigned = added.filter((p) => p.unsigned);
  const [first] = unsigned;
  if (first)
    throw new AppError(
      "FIELD_IN_USE",
      `Removing this would leave a signer no signature that is always shown and required. ${first.message}`,
      { details: { ...details, unsignedBy: [...new Set(unsigned.map((p) => p.fieldId))] } },
    );
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

/**
 * A signer always signs, judged again when they sign (a request sent before the rule was kept may lack a
 * sure signature): a signer with signatures gives at least one of those shown a value; one with none at
 * all signs only as the send rule lets them (the spec's INITIAL, DATE and TEXT fields, unconditioned).
 * `signed` says whether a field is shown and was given a mark. Each problem names a signature field (its
 * id), or `values` when the signer has none to name.
 */
export function unsignedProblems(
  mine: readonly Pick<FormFieldFacts, "id" | "type" | "conditions" | "required" | "label" | "name">[],
  signed: (fieldId: string) => boolean,
): FieldError[] {
  const how = signerSigning(mine);
  // A sure signature is required and always shown: the values' own judgement already asks for it.
  if (how === "signs" || how === "spec") return [];
  const signatures = mine.filter((f) => f.type === "SIGNATURE");
  if (signatures.some((f) => signed(f.id))) return [];
  if (!signatures.length)
    return [
      {
        field: "values",
        message:
          "A signer always signs, and this request has no signature field for you: it cannot be signed as it stands; decline it and ask the sender for a new one",
      },
    ];
  return signatures.map((f) => ({
    field: f.id,
    message: `A signer always signs: sign ${formFieldName(f)}${f.conditions != null ? " (it is shown when its rules hold)" : ""}`,
  }));
}
