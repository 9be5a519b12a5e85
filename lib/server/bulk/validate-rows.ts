import "server-only";
import { z } from "zod";
import { zRecipientName } from "@/lib/schemas/requests";
import type { BulkRowError } from "@/lib/schemas/bulk";
import type { FieldError } from "../http/errors";
import type { TemplateRoleRow, TemplateRow } from "../templates/dto";
import { findRole } from "../templates/template-roles";

/** What a template needs from each row: a recipient per role (its columns named by the role) and its placeholders. */
export interface TemplateColumns {
  roles: TemplateRoleRow[];
  placeholders: string[];
  required: string[];
  optional: string[];
}

/** `<role>.name` or `<role>.email`: the role is what comes before the last dot (a role's name may hold dots). */
const ROLE_COLUMN = /^(.+)\.(name|email)$/i;
const zEmail = z.email({ error: "is not a valid e-mail address" }).max(320, { error: "is at most 320 characters" });
const TITLE_MAX = 500;

/**
 * The template's roles, each one recipient of every row (its columns `<role name>.name` and `.email`;
 * roles made from anchors are named s1, s2, …), and its placeholders.
 */
export function templateColumns(tpl: TemplateRow, roles: TemplateRoleRow[]): TemplateColumns {
  const placeholders = tpl.kind === "DOCX" ? [...tpl.placeholders] : [];
  return {
    roles,
    placeholders,
    required: [...roles.flatMap((r) => [`${r.name}.name`, `${r.name}.email`]), ...placeholders],
    optional: ["title"],
  };
}

/**
 * A column name as the template knows it: a placeholder as written; `title`; a role's columns with the
 * role named by its name or sN, whatever the case (`Client.email`, `s1.email`), as `<role name>.<name|email>`.
 */
export function canonicalColumn(name: string, cols: TemplateColumns): string | null {
  const n = name.trim();
  if (cols.placeholders.includes(n)) return n;
  if (n.toLowerCase() === "title") return "title";
  const m = ROLE_COLUMN.exec(n);
  const role = m ? findRole(cols.roles, m[1]!) : undefined;
  return role && m ? `${role.name}.${m[2]!.toLowerCase()}` : null;
}

export interface ValidRow {
  row: number;
  data: Record<string, string>;
  /** In role order, each with the role's name. */
  recipients: { roleName: string; name: string; email: string }[];
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
  const recipients = cols.roles.map(({ name: s }) => {
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
    return { roleName: s, name: (name ?? "").trim(), email: (email ?? "").trim() };
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
