import "server-only";
import { eq } from "drizzle-orm";
import { formFieldName, formProblems } from "@/lib/forms/form-problems";
import type { Queryable } from "../db";
import { fields, recipients } from "../db/schema";
import { AppError } from "../errors";
import { formFieldOf } from "./field-service";

/** The problems a request's rules and formulas have now, by key, with the fields they concern. */
async function requestFormProblems(tx: Queryable, requestId: string) {
  const rows = await tx.select().from(fields).where(eq(fields.requestId, requestId));
  const turns = new Map((await tx.select().from(recipients).where(eq(recipients.requestId, requestId))).map((r) => [r.id, r.order]));
  const form = rows.map((f) => formFieldOf({ ...f, assigneeId: f.recipientId }));
  return {
    form,
    problems: formProblems(form, (id) => turns.get(id) ?? Number.MAX_SAFE_INTEGER).map((p) => ({
      ...p,
      key: `${p.fieldId}\u0000${p.message}`,
    })),
  };
}

/**
 * Runs a change that removes fields with something else (a recipient, a document) and refuses it, 409
 * FIELD_IN_USE naming the fields whose rules or formulas would read a field that went, when it would
 * leave one. The caller's transaction rolls the change back.
 */
export async function keepingRequestForm<T>(tx: Queryable, requestId: string, what: string, change: () => Promise<T>): Promise<T> {
  const before = new Set((await requestFormProblems(tx, requestId)).problems.map((p) => p.key));
  const out = await change();
  const after = await requestFormProblems(tx, requestId);
  const readers = new Set(after.problems.filter((p) => !before.has(p.key)).map((p) => p.fieldId));
  if (readers.size) {
    const names = after.form.filter((f) => readers.has(f.id)).map(formFieldName);
    throw new AppError("FIELD_IN_USE", `Removing ${what} removes fields that ${names.join(", ")} read in their rules or formula: change those first`, {
      details: { readBy: [...readers] },
    });
  }
  return out;
}
