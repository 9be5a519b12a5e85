import "server-only";
import { eq } from "drizzle-orm";
import type { FormState } from "@/lib/forms/form-state";
import type { SubmitSignature } from "@/lib/schemas/signing";
import type { Queryable } from "../db";
import { signerDrafts, type fields, type recipients, type signatureRequests } from "../db/schema";
import { formOfSubmission, heldOfGiven } from "../fields/form-values";
import { signingDate } from "./signing-date";
import { loadSignersFields } from "../model/groups";

type FieldRow = typeof fields.$inferSelect;
type Entry = SubmitSignature["values"][number];

/**
 * The request's form as it stands between a signer's saves: their own fields read from the values they
 * saved (signer_drafts; what was not saved reads as signing would read it left out: defaults, their
 * name and address), earlier signers' from what they signed. What the server knows of the signer's
 * values before they sign, so what an upload is judged by: a FILE field it hides takes no file now.
 */
export async function formOfDrafts(
  db: Queryable,
  all: FieldRow[],
  r: typeof recipients.$inferSelect,
  req: typeof signatureRequests.$inferSelect,
  now: Date,
): Promise<FormState> {
  const rows = await db.select().from(signerDrafts).where(eq(signerDrafts.recipientId, r.id));
  const given = new Map<string, { v: Entry; at: string }>();
  const images = new Set<string>();
  for (const { fieldId, value } of rows) {
    if ("image" in value) images.add(fieldId);
    else given.set(fieldId, { v: { fieldId, ...value }, at: fieldId });
  }
  const date = signingDate(r, req, now);
  const { mine } = await loadSignersFields(db, all, r);
  const own = new Set(mine.map((f) => f.id));
  return formOfSubmission(
    all,
    (f) => own.has(f.id),
    (f) => heldOfGiven(f, given, r, { day: date.day, locale: date.locale }, images),
  );
}
