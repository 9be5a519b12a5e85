import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import type { Queryable } from "../db";
import { templateDocuments, templates } from "../db/schema";
import { selectFields, templateOwner } from "../model/field-owner";
import { notFound } from "../errors";
import { isUuid, templateScope } from "../auth/scope";
import type { TemplateDocumentRow, TemplateDocuments, TemplateRow } from "./dto";

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

/** The template's documents in order (a template keeps at least one). */
export async function loadTemplateDocuments(db: Queryable, templateId: string): Promise<TemplateDocuments> {
  const docs = await db
    .select()
    .from(templateDocuments)
    .where(eq(templateDocuments.templateId, templateId))
    .orderBy(asc(templateDocuments.position));
  const [first, ...rest] = docs;
  if (!first) throw new Error(`Template ${templateId} has no document`);
  return [first, ...rest];
}

/** The documents of several templates, each template's in order. */
export async function loadDocumentsOf(db: Queryable, templateIds: string[]): Promise<Map<string, TemplateDocuments>> {
  const out = new Map<string, TemplateDocuments>();
  if (!templateIds.length) return out;
  const rows = await db
    .select()
    .from(templateDocuments)
    .where(inArray(templateDocuments.templateId, templateIds))
    .orderBy(asc(templateDocuments.position));
  for (const r of rows) {
    const had = out.get(r.templateId);
    out.set(r.templateId, had ? [...had, r] : [r]);
  }
  return out;
}

/** The document of `docs` with this id; else 404 DOCUMENT_NOT_FOUND. */
export function templateDocumentIn(docs: readonly TemplateDocumentRow[], documentId: string): TemplateDocumentRow {
  const doc = docs.find((d) => d.id === documentId);
  if (!doc) throw notFound("DOCUMENT_NOT_FOUND", "Document");
  return doc;
}

/** In reading order, like a request's fields. */
export const loadTemplateFields = (db: Queryable, templateId: string) => selectFields(db, templateOwner(templateId));
