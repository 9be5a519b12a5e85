import type { MarkValue, SigningField } from "./types";

/** The value the signer has given each field so far: text for TEXT, a mark for SIGNATURE/INITIAL. */
export type Values = Record<string, string | MarkValue | undefined>;

const typeName: Record<SigningField["type"], string> = {
  SIGNATURE: "Signature",
  INITIAL: "Initials",
  DATE: "Date signed",
  TEXT: "Text",
};

/** A field's human name: its label, else its name, else what it is. */
export function fieldTitle(f: SigningField): string {
  return (f.label || f.name || typeName[f.type]).trim();
}

/** The accessible name of a field's control: says what it is, even when the label is only "Name". */
export function fieldAccessibleName(f: SigningField): string {
  const title = fieldTitle(f);
  if (f.type === "TEXT" || title.toLowerCase().includes(typeName[f.type].toLowerCase().slice(0, 4))) return title;
  return `${typeName[f.type]}: ${title}`;
}

/** The fields the signer acts on: DATE is filled by the server. */
export const needsInput = (f: SigningField) => f.type !== "DATE";

export function isFilled(f: SigningField, v: Values[string]): boolean {
  if (f.type === "DATE") return true;
  if (f.type === "TEXT") return typeof v === "string" && v.trim() !== "";
  return typeof v === "object" && v !== null;
}

export function initialValues(fields: SigningField[]): Values {
  const values: Values = {};
  for (const f of fields) if (f.type === "TEXT" && f.defaultValue) values[f.id] = f.defaultValue;
  return values;
}

/** The signing date as the server writes it (UTC calendar date). */
export const signingDate = () => new Date().toISOString().slice(0, 10);

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

/** The body of POST /sign: one entry per field the signer fills. */
export function toSubmission(fields: SigningField[], values: Values) {
  const out: { fieldId: string; text?: string; typed?: string; image?: string }[] = [];
  for (const f of fields) {
    const v = values[f.id];
    if (f.type === "TEXT") out.push({ fieldId: f.id, text: typeof v === "string" ? v : "" });
    else if ((f.type === "SIGNATURE" || f.type === "INITIAL") && v && typeof v === "object") {
      out.push(v.kind === "image" ? { fieldId: f.id, image: v.dataUrl } : { fieldId: f.id, typed: v.text });
    }
  }
  return out;
}

/**
 * The server names a bad value by its place in the submitted list ("values.2.text") or, when it
 * was missing, by the field id. Maps both back to field ids.
 */
export function errorsByField(errors: { field: string; message: string }[], submitted: { fieldId: string }[], fields: SigningField[]) {
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
