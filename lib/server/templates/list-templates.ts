import "server-only";
import { and, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { templateFields, templates } from "../db/schema";
import { AppError } from "../http/errors";
import { isUuid, templateScope } from "../scope";
import { toTemplateHeader } from "./dto";

// The cursor is the (createdAt, id) of the last item seen, so pages stay stable while rows are added.
const encodeCursor = (createdAt: Date, id: string) => Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const createdAt = new Date(at);
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) {
    throw new AppError("VALIDATION", "cursor is not valid", { errors: [{ field: "cursor", message: "cursor is not valid" }] });
  }
  return { createdAt, id };
}

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
    ? await db.select({ templateId: templateFields.templateId, n: count() }).from(templateFields).where(inArray(templateFields.templateId, ids)).groupBy(templateFields.templateId)
    : [];
  const countOf = new Map(counts.map((c) => [c.templateId, Number(c.n)]));
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({ ...toTemplateHeader(r), fieldCount: countOf.get(r.id) ?? 0 })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
