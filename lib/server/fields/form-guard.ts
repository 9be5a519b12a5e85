import "server-only";
import { eq } from "drizzle-orm";
import { formFieldName, formProblems } from "@/lib/forms/form-problems";
import type { Queryable } from "../db";
import { recipients, templateRoles } from "../db/schema";
import { AppError } from "../errors";
import { requestOwner, selectFields, templateOwner, type FieldOwner } from "../model/field-owner";
import { formFieldOf } from "./field-service";

/** The problems an owner's rules and formulas have now, by key, with the fields they concern. */
async function formProblemsOf(tx: Queryable, owner: FieldOwner) {
  const form = (await selectFields(tx, owner)).map(formFieldOf);
  const turns = new Map(
    owner.kind === "request"
      ? (await tx.select().from(recipients).where(eq(recipients.requestId, owner.requestId))).map((r) => [r.id, r.order])
      : (await tx.select().from(templateRoles).where(eq(templateRoles.templateId, owner.templateId))).map((r) => [
          r.id,
          r.signingOrder,
        ]),
  );
  const problems = formProblems(form, (id) => turns.get(id) ?? Number.MAX_SAFE_INTEGER);
  return { form, problems: problems.map((p) => ({ ...p, key: `${p.fieldId}\u0000${p.message}` })) };
}

/**
 * Runs a change that removes fields with something else (a recipient, a document) and refuses it, 409
 * FIELD_IN_USE naming the fields whose rules or formulas would read a field that went, when it would
 * leave one. The caller's transaction rolls the change back.
 */
export async function keepingForm<T>(tx: Queryable, owner: FieldOwner, what: string, change: () => Promise<T>): Promise<T> {
  const before = new Set((await formProblemsOf(tx, owner)).problems.map((p) => p.key));
  const out = await change();
  const after = await formProblemsOf(tx, owner);
  const readers = new Set(after.problems.filter((p) => !before.has(p.key)).map((p) => p.fieldId));
  if (readers.size) {
    const names = after.form.filter((f) => readers.has(f.id)).map(formFieldName);
    throw new AppError(
      "FIELD_IN_USE",
      `Removing ${what} removes fields that ${names.join(", ")} read in their rules or formula: change those first`,
      { details: { readBy: [...readers] } },
    );
  }
  return out;
}

/** keepingForm for a request's recipients and documents. */
export const keepingRequestForm = <T>(tx: Queryable, requestId: string, what: string, change: () => Promise<T>) =>
  keepingForm(tx, requestOwner(requestId), what, change);

/** keepingForm for a template's documents. */
export const keepingTemplateForm = <T>(tx: Queryable, templateId: string, what: string, change: () => Promise<T>) =>
  keepingForm(tx, templateOwner(templateId), what, change);
