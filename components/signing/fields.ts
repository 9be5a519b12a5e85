import { formatNumber, formatNumberValue, numberSeparators, parseNumber } from "@/lib/numbers/locale-number";
import type { SigningT } from "./intl";
import type { FilesValue, MarkValue, SigningField, SigningView } from "./types";
import { evaluateForm, type Held } from "@/lib/forms/form-state";
import { signerSigning } from "@/lib/forms/form-problems";
import { TEXT_VALUED_TYPES } from "@/lib/schemas/field-kinds";

/**
 * The value the signer has given each field so far: text for TEXT, NAME, EMAIL, NUMBER (as written in the
 * page's language: "12,5" on a French page; toSubmission sends its stored form) and DROPDOWN,
 * true/false for a CHECKBOX or a RADIO button (the chosen one true), a mark for SIGNATURE/INITIAL.
 */
export type Values = Record<string, string | boolean | MarkValue | FilesValue | undefined>;

/** The files a FILE field's value holds (none for any other value). */
export const filesOf = (v: Values[string]): FilesValue["files"] =>
  v && typeof v === "object" && v.kind === "files" ? v.files : [];

/** What a field is, in the page's language ("Signature", "Unterschrift"). */
const typeName = (f: SigningField, t: SigningT) => t(`fields.type.${f.type}`);

/** A field's human name: its label, else its name, else what it is. The sender's label is shown as given. */
export function fieldTitle(f: SigningField, t: SigningT): string {
  if (f.type === "RADIO") return (f.group || f.label || f.name || typeName(f, t)).trim();
  return (f.label || f.name || typeName(f, t)).trim();
}

/** The accessible name of a field's control: says what it is, even when the label is only "Name". */
export function fieldAccessibleName(f: SigningField, t: SigningT): string {
  const title = fieldTitle(f, t);
  if (f.type === "RADIO") return t("fields.option", { title, option: f.option ?? "" });
  const type = typeName(f, t);
  if (["TEXT", "CHECKBOX", "DROPDOWN", "NUMBER"].includes(f.type) || title.toLowerCase().includes(type.toLowerCase().slice(0, 4)))
    return title;
  return t("fields.named", { type, title });
}

/** The fields the signer acts on: DATE is filled by the server, a FORMULA calculated from the others. */
export const needsInput = (f: SigningField) => f.type !== "DATE" && f.type !== "FORMULA";

/** The key of a RADIO button's group (one choice per group); other fields stand alone. */
export const groupKey = (f: SigningField) => (f.type === "RADIO" ? `radio:${f.group ?? ""}` : f.id);

/** Filled: for a RADIO button, whether any button of its group is chosen (pass `values` and `fields`). */
export function isFilled(f: SigningField, v: Values[string], all?: { fields: SigningField[]; values: Values }): boolean {
  if (f.type === "DATE" || f.type === "FORMULA") return true;
  if (TEXT_VALUED_TYPES.has(f.type)) return typeof v === "string" && v.trim() !== "";
  if (f.type === "CHECKBOX") return v === true;
  if (f.type === "RADIO")
    return all ? all.fields.some((o) => groupKey(o) === groupKey(f) && all.values[o.id] === true) : v === true;
  if (f.type === "FILE") return filesOf(v).length > 0;
  return typeof v === "object" && v !== null;
}

/**
 * What the signer must give, one entry per thing to do: a RADIO group counts once (its first
 * button stands for it), a CHECKBOX that is required must be ticked.
 */
export function requiredFields(fields: SigningField[]): SigningField[] {
  const seen = new Set<string>();
  const out: SigningField[] = [];
  for (const f of fields) {
    if (!needsInput(f) || !f.required || seen.has(groupKey(f))) continue;
    seen.add(groupKey(f));
    out.push(f);
  }
  return out;
}

/** Field-by-field mode's steps, in the document's order: each field the signer acts on, a RADIO group's buttons together. */
export function inputSteps(fields: SigningField[]): SigningField[][] {
  const byKey = new Map<string, SigningField[]>();
  for (const f of fields.filter(needsInput)) byKey.set(groupKey(f), [...(byKey.get(groupKey(f)) ?? []), f]);
  return [...byKey.values()];
}

/**
 * TEXT's default; NAME and EMAIL pre-filled from the recipient (editable); a CHECKBOX pre-ticked by "true";
 * a NUMBER's default as the page's language `locale` writes it.
 */
export function initialValues(
  fields: SigningField[],
  recipient: { name: string; email: string } | undefined,
  locale: string,
): Values {
  const values: Values = {};
  for (const f of fields) {
    if (f.type === "CHECKBOX") values[f.id] = f.defaultValue === "true";
    else if (f.type === "NUMBER" && f.defaultValue) values[f.id] = formatNumber(f.defaultValue, locale);
    else if (f.type === "NAME") values[f.id] = f.defaultValue ?? recipient?.name ?? "";
    else if (f.type === "EMAIL") values[f.id] = f.defaultValue ?? recipient?.email ?? "";
    else if (TEXT_VALUED_TYPES.has(f.type) && f.defaultValue) values[f.id] = f.defaultValue;
  }
  return values;
}

const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;

/**
 * What is wrong with a value before it is sent (the server judges again and is the authority):
 * a NUMBER that is not one, or ambiguous, in the page's language `locale` ("12,5" on an English page), out of
 * its bounds or with too many decimals; an EMAIL that is not an address.
 */
export function valueProblem(f: SigningField, v: Values[string], t: SigningT, locale: string): string | null {
  if (typeof v !== "string" || v.trim() === "") return null;
  const given = v.trim();
  if (f.type === "EMAIL" && !EMAIL.test(given)) return t("fields.problemEmail");
  if (f.type === "NUMBER") {
    const read = parseNumber(given, locale);
    if (!read.ok) {
      const example = formatNumber("1234.5", locale);
      if (read.reason === "tooLong") return t("fields.problemNumberTooLong");
      if (read.reason === "ambiguous")
        return t("fields.problemNumberAmbiguous", { decimal: numberSeparators(locale).decimal, example });
      return t("fields.problemNumberFormat", { example });
    }
    const number = read.value;
    const n = Number(number);
    const places = number.split(".")[1]?.length ?? 0;
    const allowed = f.decimals ?? 6;
    if (places > allowed) return allowed === 0 ? t("fields.problemWhole") : t("fields.problemDecimals", { count: allowed });
    if (f.min != null && n < f.min) return t("fields.problemMin", { min: formatNumberValue(f.min, locale) });
    if (f.max != null && n > f.max) return t("fields.problemMax", { max: formatNumberValue(f.max, locale) });
  }
  if (f.type === "DROPDOWN" && !(f.options ?? []).includes(v)) return t("fields.problemOption");
  return null;
}

/**
 * How many of the required fields are done, for the progress line: filled, and with a value the page
 * accepts (a NUMBER that is not a number in the page's language, out of its bounds, or an EMAIL that is
 * not an address is not done: Sign would refuse it).
 */
export function doneCount(
  required: SigningField[],
  all: { fields: SigningField[]; values: Values },
  t: SigningT,
  locale: string,
): number {
  return required.filter((f) => isFilled(f, all.values[f.id], all) && !valueProblem(f, all.values[f.id], t, locale)).length;
}

export const fieldDomId = (f: SigningField) => `signet-field-${f.id}`;

/** Initials of a name: "Ada King Lovelace" → "AKL". */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => [...w][0]!.toUpperCase())
    .join("")
    .slice(0, 4);
}

/**
 * NUMBER values written in the page's language `from` rewritten in `to`, when the signer switches the page's
 * language ("12,5" → "12.5" from French to English); a value that is not a number in `from` stays as typed.
 */
export function relocaleNumbers(fields: SigningField[], values: Values, from: string, to: string): Values {
  const next = { ...values };
  for (const f of fields) {
    const v = values[f.id];
    if (f.type !== "NUMBER" || typeof v !== "string" || v.trim() === "") continue;
    const read = parseNumber(v, from);
    if (read.ok) next[f.id] = formatNumber(read.value, to);
  }
  return next;
}

/**
 * The body of POST /sign: one entry per field the signer fills. A NUMBER is sent in its stored form
 * ("12.5"), read from what the signer wrote in the page's language `locale` (valueProblem has refused,
 * on the page, what is not a number there).
 */
export function toSubmission(fields: SigningField[], values: Values, locale: string) {
  const out: { fieldId: string; text?: string; typed?: string; image?: string; checked?: boolean; files?: string[] }[] = [];
  for (const f of fields) {
    const v = values[f.id];
    const read = f.type === "NUMBER" && typeof v === "string" && v.trim() !== "" ? parseNumber(v, locale) : null;
    if (read?.ok) out.push({ fieldId: f.id, text: read.value });
    else if (TEXT_VALUED_TYPES.has(f.type)) out.push({ fieldId: f.id, text: typeof v === "string" ? v : "" });
    else if (f.type === "CHECKBOX" || f.type === "RADIO") out.push({ fieldId: f.id, checked: v === true });
    else if (f.type === "FILE") {
      const files = filesOf(v);
      if (files.length) out.push({ fieldId: f.id, files: files.map((x) => x.id) });
    } else if ((f.type === "SIGNATURE" || f.type === "INITIAL") && v && typeof v === "object" && v.kind !== "files") {
      out.push(v.kind === "image" ? { fieldId: f.id, image: v.dataUrl } : { fieldId: f.id, typed: v.text });
    }
  }
  return out;
}

/**
 * The server names a bad value by its place in the submitted list ("values.2.text") or, when it
 * was missing, by the field id. Maps both back to field ids.
 */
export function errorsByField(
  errors: { field: string; message: string }[],
  submitted: { fieldId: string }[],
  fields: SigningField[],
) {
  const ids = new Set(fields.map((f) => f.id));
  const out: Record<string, string> = {};
  const general: string[] = [];
  for (const e of errors) {
    const m = /^values\.(\d+)/.exec(e.field);
    const id = m ? submitted[Number(m[1])]?.fieldId : ids.has(e.field) ? e.field : undefined;
    if (id && ids.has(id)) out[id] = e.message;
    else general.push(e.message);
  }
  return { byField: out, general };
}

/**
 * A signer always signs: "noField" when they have no SIGNATURE field (and fields the interface spec does
 * not make, the spec's INITIAL, DATE and TEXT alone being signed as they are): the request cannot be
 * signed as it stands; "unsigned" when no signature is marked, with the signatures the form shows (none
 * when the signer's answers hide every one). The server refuses both (422); the page says so first.
 */
export type Unsigned = { kind: "noField" } | { kind: "unsigned"; shown: SigningField[] };

/** Whether these values would leave the signer without a mark (see Unsigned); null when they sign. */
export function unsignedOf(fields: SigningField[], shown: readonly SigningField[], values: Values): Unsigned | null {
  const how = signerSigning(fields);
  if (how === "none") return { kind: "noField" };
  // A sure signature is required and always shown: "required" already asks for it.
  if (how !== "unsure") return null;
  const signatures = shown.filter((f) => f.type === "SIGNATURE");
  return signatures.some((f) => isFilled(f, values[f.id])) ? null : { kind: "unsigned", shown: signatures };
}

/**
 * The server's refusal of a submission without a mark, read from its shape (never its English): a 422
 * FIELD_VALUES_INVALID naming a SIGNATURE field of the signer by its id, with no value sent for it, or
 * naming `values` itself (the signer has no SIGNATURE field). Null for any other refusal.
 */
export function unsignedRefusal(
  e: { code?: string; errors?: { field: string }[] },
  submitted: { fieldId: string }[],
  fields: SigningField[],
  shown: readonly SigningField[],
): Unsigned | null {
  if (e.code !== "FIELD_VALUES_INVALID" || !e.errors?.length) return null;
  if (e.errors.some((x) => x.field === "values")) return { kind: "noField" };
  const sent = new Set(submitted.map((v) => v.fieldId));
  const named = new Set(e.errors.map((x) => x.field));
  const unsigned = fields.filter((f) => f.type === "SIGNATURE" && named.has(f.id) && !sent.has(f.id));
  if (!unsigned.length) return null;
  return { kind: "unsigned", shown: shown.filter((f) => unsigned.includes(f)) };
}

/** What the page says of an Unsigned: under the Sign button (the signatures shown get "Sign here"). */
export function unsignedMessage(u: Unsigned, t: SigningT): string {
  if (u.kind === "noField") return t("form.noSignatureField");
  return u.shown.length ? t("form.mustSign") : t("form.signatureHidden");
}

/** Earlier signers' fields this signer's conditions and formulas read (GET /api/sign/{token}: readFields). */
export type ReadField = SigningView["readFields"][number];

/** The form as the signer has filled it so far (lib/forms, the rules the server judges by). */
export interface PageForm {
  /** The signer's fields their conditions show, in the document's order. */
  shown: SigningField[];
  /** The ids of those their conditions hide. */
  hidden: ReadonlySet<string>;
  /** What each shown FORMULA comes to, written in the page's language, or why it cannot be calculated. */
  formula: (f: SigningField) => { text: string } | { problem: "divisionByZero" | "tooLarge" } | null;
}

/**
 * Reads the form from the values typed so far: a NUMBER read in the page's language `locale` (one not yet a
 * number reads as empty), a signature given or not, the DATE fields' day `day`; earlier signers' fields as
 * they hold them.
 */
export function readPageForm(
  fields: SigningField[],
  values: Values,
  read: readonly ReadField[],
  day: string,
  locale: string,
  assigneeId: string,
): PageForm {
  const heldOf = (f: SigningField): Held => {
    const v = values[f.id];
    if (f.type === "DATE") return { day, filled: true };
    if (f.type === "CHECKBOX" || f.type === "RADIO") return { checked: v === true };
    if (f.type === "NUMBER") {
      const r = typeof v === "string" && v.trim() !== "" ? parseNumber(v, locale) : null;
      return { text: r?.ok ? r.value : null };
    }
    if (typeof v === "string") return { text: v };
    if (f.type === "FILE") return { filled: filesOf(v).length > 0 };
    return { filled: !!v && typeof v === "object" };
  };
  const mine = new Map(fields.map((f) => [f.id, f]));
  const others = new Map(read.map((r) => [r.id, r]));
  const state = evaluateForm(
    [
      ...fields.map((f) => ({ ...f, assigneeId })),
      ...read.map((r) => ({
        id: r.id,
        type: r.type,
        name: r.name,
        group: r.group,
        option: r.option,
        assigneeId: r.type === "RADIO" ? `read-group:${r.group ?? ""}` : `read:${r.id}`,
      })),
    ],
    (id) => {
      const f = mine.get(id);
      if (f) return heldOf(f);
      const r = others.get(id);
      return r ? { text: r.text, checked: r.checked ?? undefined, day: r.day, filled: r.filled } : undefined;
    },
    new Set(others.keys()),
  );
  const hidden = new Set(state.hidden);
  return {
    shown: fields.filter((f) => !hidden.has(f.id)),
    hidden,
    formula: (f) => {
      const c = state.computed.get(f.id);
      if (!c) return null;
      return c.ok ? { text: formatNumber(c.text, locale) } : { problem: c.reason };
    },
  };
}
