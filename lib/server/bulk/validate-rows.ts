import "server-only";
import { z } from "zod";
import type { Locale } from "@/lib/i18n/locales";
import { zDateFormat, zLocale, zTimeZone } from "@/lib/schemas/locale";
import { zRecipientName } from "@/lib/schemas/requests";
import type { DateFormat } from "@/lib/schemas/states";
import type { BulkRowError } from "@/lib/schemas/bulk";
import type { FieldError } from "../errors";
import { placeholdersOf, type TemplateDocumentRow, type TemplateRoleRow } from "../templates/dto";
import { findRole } from "../templates/template-roles";

/** What a template needs from each row: a recipient per role (its columns named by the role) and its placeholders. */
export interface TemplateColumns {
  roles: TemplateRoleRow[];
  placeholders: string[];
  /** Whether the template has a DOCX document, which each row's placeholders fill. */
  fillsDocx: boolean;
  required: string[];
  optional: string[];
}

/** `<role>.name`, `<role>.email` or `<role>.locale`: the role is what comes before the last dot (a role's name may hold dots). */
const ROLE_COLUMN = /^(.+)\.(name|email|locale)$/i;
/** The request's own optional columns, as written whatever their case. */
const REQUEST_COLUMNS = ["title", "locale", "timezone", "dateFormat"] as const;
const zEmail = z.email({ error: "is not a valid e-mail address" }).max(320, { error: "is at most 320 characters" });
const TITLE_MAX = 500;

/**
 * The template's roles, each one recipient of every row (its columns `<role name>.name` and `.email`, and
 * optionally `.locale`; roles made from anchors are named s1, s2, …), and its DOCX documents' placeholders.
 * Optional: the request's title, locale, timezone and dateFormat.
 */
export function templateColumns(docs: readonly TemplateDocumentRow[], roles: TemplateRoleRow[]): TemplateColumns {
  const placeholders = placeholdersOf(docs);
  return {
    roles,
    placeholders,
    fillsDocx: docs.some((d) => d.kind === "DOCX"),
    required: [...roles.flatMap((r) => [`${r.name}.name`, `${r.name}.email`]), ...placeholders],
    optional: [...REQUEST_COLUMNS, ...roles.map((r) => `${r.name}.locale`)],
  };
}

/**
 * A column name as the template knows it: a placeholder as written; `title`, `locale`, `timezone`, `dateFormat`
 * whatever their case; a role's columns with the role named by its name or sN, whatever the case (`Client.email`,
 * `s1.email`), as `<role name>.<name|email|locale>`.
 */
export function canonicalColumn(name: string, cols: TemplateColumns): string | null {
  const n = name.trim();
  if (cols.placeholders.includes(n)) return n;
  const own = REQUEST_COLUMNS.find((c) => c.toLowerCase() === n.toLowerCase());
  if (own) return own;
  const m = ROLE_COLUMN.exec(n);
  const role = m ? findRole(cols.roles, m[1]!) : undefined;
  return role && m ? `${role.name}.${m[2]!.toLowerCase()}` : null;
}

export interface ValidRow {
  row: number;
  data: Record<string, string>;
  /** In role order, each with the role's name. */
  recipients: { roleName: string; name: string; email: string; locale?: Locale }[];
  templateData: Record<string, string>;
  title: string | undefined;
  locale?: Locale;
  timezone?: string;
  dateFormat?: DateFormat;
}

/** An optional cell checked with the API's own schema: empty is not given; a bad value is an error naming the column. */
function optionalCell<T>(
  data: Record<string, string>,
  column: string,
  schema: z.ZodType<T>,
  errors: FieldError[],
): T | undefined {
  const value = data[column]?.trim();
  if (!value) return undefined;
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const why = r.error.issues[0]?.message ?? "is not valid";
  errors.push({ field: column, message: column.includes(".") ? `${column}: ${why}` : why });
  return undefined;
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
    const locale = optionalCell(data, `${s}.locale`, zLocale, errors);
    return { roleName: s, name: (name ?? "").trim(), email: (email ?? "").trim(), ...(locale && { locale }) };
  });
  const locale = optionalCell(data, "locale", zLocale, errors);
  const timezone = optionalCell(data, "timezone", zTimeZone, errors);
  const dateFormat = optionalCell(data, "dateFormat", zDateFormat, errors);
  const templateData: Record<string, string> = {};
  for (const p of cols.placeholders) {
    const value = data[p];
    if (value === undefined) errors.push({ field: p, message: `No value for the placeholder ${p}` });
    else templateData[p] = value;
  }
  const title = data.title?.trim() || undefined;
  if (title && title.length > TITLE_MAX) errors.push({ field: "title", message: `title is at most ${TITLE_MAX} characters` });
  if (errors.length) return { ok: false, error: { row, errors } };
  return { ok: true, value: { row, data, recipients, templateData, title, locale, timezone, dateFormat } };
}

export const describe = (cols: TemplateColumns) => [...cols.required, ...cols.optional.map((c) => `${c} (optional)`)].join(", ");
