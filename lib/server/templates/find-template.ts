import "server-only";
import { and, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import type { Queryable } from "../db";
import { templates } from "../db/schema";
import { selectFields, templateOwner } from "../model/field-owner";
import { notFound } from "../errors";
import { isUuid, templateScope } from "../auth/scope";
import type { TemplateRow } from "./dto";

/** The template if this key may see it (same organization and environment, not deleted); else 404. */
export async function findVisibleTemplate(
  db: Queryable,
  auth: KeyAuth,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<TemplateRow> {
  if (!isUuid(id)) throw notFound("TEMPLATE_NOT_FOUND", "Template");
  const q = db
    .select()
    .from(templates)
    .where(and(templateScope(auth), eq(templates.id, id)));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("TEMPLATE_NOT_FOUND", "Template");
  return row;
}

/** Whether `id` names a template this key can see: lets a /signature-requests/{id}/… route serve templates too. */
export async function isVisibleTemplate(db: Queryable, auth: KeyAuth, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(and(templateScope(auth), eq(templates.id, id)));
  return !!row;
}

/** In reading order, like a request's fields. */
export const loadTemplateFields = (db: Queryable, templateId: string) => selectFields(db, templateOwner(templateId));
