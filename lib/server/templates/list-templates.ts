import "server-only";
import { and, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { templateFields, templates } from "../db/schema";
import { templateScope } from "../auth/scope";
import { toTemplateHeader } from "./dto";
import { loadRolesOf } from "./template-roles";
import { loadDocumentsOf } from "./find-template";
import { decodeCursor, encodeCursor } from "../cursor";

export async function listTemplates(auth: KeyAuth, q: { limit: number; cursor?: string }) {
  const db = await getDb();
  const conds = [templateScope(auth)];
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conds.push(or(lt(templates.createdAt, c.createdAt), and(eq(templates.createdAt, c.createdAt), lt(templates.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(templates)
    .where(and(...conds))
    .orderBy(desc(templates.createdAt), desc(templates.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const ids = page.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ templateId: templateFields.templateId, n: count() })
        .from(templateFields)
        .where(inArray(templateFields.templateId, ids))
        .groupBy(templateFields.templateId)
    : [];
  const countOf = new Map(counts.map((c) => [c.templateId, Number(c.n)]));
  const rolesOf = await loadRolesOf(db, ids);
  const documentsOf = await loadDocumentsOf(db, ids);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => {
      const docs = documentsOf.get(r.id);
      if (!docs) throw new Error(`Template ${r.id} has no document`);
      return { ...toTemplateHeader(r, docs, rolesOf.get(r.id) ?? []), fieldCount: countOf.get(r.id) ?? 0 };
    }),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
