import "server-only";
import { z } from "zod";
import { zRecipientName } from "@/lib/schemas/requests";
import type { BulkRowError } from "@/lib/schemas/bulk";
import type { FieldError } from "../http/errors";
import type { TemplateFieldRow, TemplateRow } from "../templates/dto";

/** What a template needs from each row: its signer references (s1…sN) and its placeholders. */
export interface TemplateColumns {
  signerRefs: string[];
  placeholders: string[];
  required: string[];
  optional: string[];
}

const SIGNER_COLUMN = /^s([1-9]\d{0,2})\.(name|email)$/i;
const zEmail = z.email({ error: "is not a valid e-mail address" }).max(320, { error: "is at most 320 characters" });
const TITLE_MAX = 500;

/**
 * The signer references of a template: those its stored fields name (PDF) and those its unified
 * anchors name (image anchors mark a stamp, not a signer). s1…sN with N the highest found: the
 * n-th recipient is sN, so none may be left out.
 */
export function templateColumns(tpl: TemplateRow, stored: TemplateFieldRow[]): TemplateColumns {
  let highest = 0;
  const note = (ref: unknown) => {
    const m = typeof ref === "string" ? /^s([1-9]\d{0,2})$/.exec(ref) : null;
    if (m) highest = Math.max(highest, Number(m[1]));
  };
  for (const f of stored) note(f.signerRef);
  for (const a of (tpl.anchors ?? []) as { valid?: boolean; anchor?: { type?: string; signerRef?: string } }[]) {
    if (a.valid && a.anchor && a.anchor.type !== "image" && a.anchor.type !== "legacy") note(a.anchor.signerRef);
  }
  const signerRefs = Array.from({ length: highest }, (_, i) => `s${i + 1}`);
  const placeholders = tpl.kind === "DOCX" ? [...tpl.placeholders] : [];
  return {
    signerRefs,
    placeholders,
    required: [...signerRefs.flatMap((s) => [`${s}.name`, `${s}.email`]), ...placeholders],
    optional: ["title"],
  };
}

/** A column name as the template knows it: signer columns and `title` in lower case, placeholders as written. */
export function canonicalColumn(name: string, cols: TemplateColumns): string | null {
  const n = name.trim();
  const m = SIGNER_COLUMN.exec(n);
  if (m) {
    const [, index = "", part = ""] = m;
    const c = `s${index}.${part.toLowerCase()}`;
    return cols.required.includes(c) ? c : null;
  }
  if (n.toLowerCase() === "title") return "title";
  return cols.placeholders.includes(n) ? n : null;
}

export interface ValidRow {
  row: number;
  data: Record<string, string>;
  recipients: { name: string; email: string }[];
  templateData: Record<string, string>;
  title: string | undefined;
}

/**
 * One row checked against the template: every signer's name and e-mail, every placeholder (its
 * column must be there; the value may be empty, as in templateData), a title of at most 500
 * characters, no column the template does not know. Returns the row ready to use, or its errors.
 */
export function validateRow(
  row: number,
  data: Record<string, string>,
  cols: TemplateColumns,
): { ok: true; value: ValidRow } | { ok: false; error: BulkRowError } {
  const errors: FieldError[] = [];
  for (const k of Object.keys(data)) {
    if (!cols.required.includes(k) && !cols.optional.includes(k))
      errors.push({ field: k, message: `Unknown column "${k}": the template takes ${describe(cols)}` });
  }
  const recipients = cols.signerRefs.map((s) => {
    const name = data[`${s}.name`];
    const email = data[`${s}.email`];
    if (name === undefined || name.trim() === "") errors.push({ field: `${s}.name`, message: `${s}.name is required` });
    else {
      const r = zRecipientName.safeParse(name);
      if (!r.success) errors.push({ field: `${s}.name`, message: `${s}.name: ${r.error.issues[0]?.message ?? "is not valid"}` });
    }
    if (email === undefined || email.trim() === "") errors.push({ field: `${s}.email`, message: `${s}.email is required` });
    else if (!zEmail.safeParse(email.trim()).success)
      errors.push({ field: `${s}.email`, message: `${s}.email "${email.slice(0, 100)}" is not a valid e-mail address` });
    return { name: (name ?? "").trim(), email: (email ?? "").trim() };
  });
  const templateData: Record<string, string> = {};
  for (const p of cols.placeholders) {
    const value = data[p];
    if (value === undefined) errors.push({ field: p, message: `No value for the placeholder ${p}` });
    else templateData[p] = value;
  }
  const title = data.title?.trim() || undefined;
  if (title && title.length > TITLE_MAX) errors.push({ field: "title", message: `title is at most ${TITLE_MAX} characters` });
  if (errors.length) return { ok: false, error: { row, errors } };
  return { ok: true, value: { row, data, recipients, templateData, title } };
}

export const describe = (cols: TemplateColumns) => [...cols.required, ...cols.optional.map((c) => `${c} (optional)`)].join(", ");
