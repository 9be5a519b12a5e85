import "server-only";
import { readSubmittedNumber } from "@/lib/numbers/locale-number";
import { evaluateForm, type FormState, type Held } from "@/lib/forms/form-state";
import { rulesOf } from "@/lib/forms/conditions";
import { parseFormula } from "@/lib/forms/formula";
import { parseStoredFieldValue, type SubmitSignature } from "@/lib/schemas/signing";
import type { fields } from "../db/schema";
import { formFieldOf } from "./form-guard";

type FieldRow = typeof fields.$inferSelect;

/**
 * A request's form read by lib/forms (which fields a rule hides, what each FORMULA comes to) on the
 * server: from what a signer submits (their own fields) and what earlier signers' fields hold (stored).
 * The signing page reads the same form from the same values (components/signing/fields.ts).
 */

/** What a stored value holds, as the form's rules read it. */
export function heldOfStored(f: Pick<FieldRow, "value">): Held | undefined {
  const v = parseStoredFieldValue(f.value);
  if (!v) return undefined;
  switch (v.kind) {
    case "text":
      return { text: v.text };
    case "date":
      return { day: v.day ?? null, filled: true };
    case "check":
      return { checked: v.checked };
    case "choice":
      return { checked: v.selected };
    default:
      return { filled: true };
  }
}

type Given = Map<string, { v: SubmitSignature["values"][number]; at: string }>;

/**
 * What a signer's field holds as submitted, defaults and the recipient's name and address filling what was
 * not given (as judgeFieldValues stores it); a NUMBER read in the signer's language.
 */
export function heldOfGiven(
  f: FieldRow,
  given: Given,
  signer: { name: string; email: string },
  signing: { day: string; locale: string },
  imageIds: ReadonlySet<string>,
): Held {
  const g = given.get(f.id)?.v;
  switch (f.type) {
    case "DATE":
      return { day: signing.day, filled: true };
    case "CHECKBOX":
      return { checked: g?.checked ?? f.defaultValue === "true" };
    case "RADIO":
      return { checked: g?.checked === true };
    case "NAME":
      return { text: g?.text ?? f.defaultValue ?? signer.name };
    case "EMAIL":
      return { text: g?.text ?? f.defaultValue ?? signer.email };
    case "NUMBER": {
      const text = (g?.text ?? f.defaultValue ?? "").trim();
      const read = text === "" ? null : readSubmittedNumber(text, signing.locale);
      return { text: read?.ok ? read.value : null };
    }
    case "SIGNATURE":
    case "INITIAL":
      return { filled: imageIds.has(f.id) || !!g?.typed };
    case "FORMULA":
      return {};
    case "FILE":
      return { filled: (g?.files?.length ?? 0) > 0 };
    default:
      return { text: g?.text ?? f.defaultValue ?? "" };
  }
}

/**
 * The form of a request as one signer submits it: `all` its fields, the signer's read from `heldMine`,
 * every other one settled with what it holds.
 */
export function formOfSubmission(all: FieldRow[], isMine: (f: FieldRow) => boolean, heldMine: (f: FieldRow) => Held): FormState {
  const byId = new Map(all.map((f) => [f.id, f]));
  const settled = new Set(all.filter((f) => !isMine(f)).map((f) => f.id));
  return evaluateForm(
    all.map((f) => formFieldOf({ ...f, assigneeId: f.recipientId })),
    (id) => {
      const f = byId.get(id);
      if (!f) return undefined;
      return settled.has(id) ? heldOfStored(f) : heldMine(f);
    },
    settled,
  );
}

/** The fields a rule skipped in a request whose values are all stored (the seal: the certificate lists them). */
export function skippedFields(all: FieldRow[]): FieldRow[] {
  const byId = new Map(all.map((f) => [f.id, f]));
  const state = evaluateForm(
    all.map((f) => formFieldOf({ ...f, assigneeId: f.recipientId })),
    (id) => {
      const f = byId.get(id);
      return f ? heldOfStored(f) : undefined;
    },
  );
  const hidden = new Set(state.hidden);
  return all.filter((f) => hidden.has(f.id));
}

/**
 * Other recipients' fields that `mine`'s conditions and formulas read, with what they hold: what the
 * signing page needs to read the form as the server will.
 */
export function fieldsReadBy(mine: FieldRow[], all: FieldRow[]) {
  const mineIds = new Set(mine.map((f) => f.id));
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const f of mine) {
    for (const r of rulesOf(f.conditions)) ids.add(r.fieldId);
    const parsed = f.formula ? parseFormula(f.formula) : null;
    if (parsed?.ok) for (const n of parsed.names) names.add(n);
  }
  // A RADIO button read stands for its group: the page needs every button of it to know the choice.
  for (const f of all)
    if (f.type === "RADIO" && ids.has(f.id))
      for (const o of all) if (o.type === "RADIO" && o.recipientId === f.recipientId && o.group === f.group) ids.add(o.id);
  return all
    .filter(
      (f) =>
        !mineIds.has(f.id) &&
        (ids.has(f.id) || (f.name !== null && names.has(f.name) && (f.type === "NUMBER" || f.type === "FORMULA"))),
    )
    .map((f) => {
      const h = heldOfStored(f);
      return {
        id: f.id,
        type: f.type,
        name: f.name,
        group: f.group,
        option: f.option,
        text: h?.text ?? null,
        checked: h?.checked ?? null,
        day: h?.day ?? null,
        filled: h?.filled ?? (h?.text != null && h.text !== ""),
      };
    });
}
