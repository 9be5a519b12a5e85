import "server-only";
import { and, asc, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { BulkSendDto } from "@/lib/schemas/bulk";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { bulkSendRows, bulkSends } from "../db/schema";
import { notFound } from "../errors";
import { isUuid } from "../auth/scope";
import { toBulkSendRowDto, toBulkSendSummary } from "./dto";
import { decodeCursor, encodeCursor } from "../cursor";

/** Who may see a bulk send: the organization and environment that started it. */
export function bulkSendScope(auth: Pick<KeyAuth, "orgId" | "environment">): SQL {
  return and(eq(bulkSends.orgId, auth.orgId), eq(bulkSends.environment, auth.environment))!;
}

/** GET /bulk-sends/{id}: the bulk send and every row's outcome, in file order; 404 for another scope. */
export async function getBulkSend(auth: KeyAuth, id: string): Promise<BulkSendDto> {
  if (!isUuid(id)) throw notFound("BULK_SEND_NOT_FOUND", "Bulk send");
  const db = await getDb();
  const [bulk] = await db
    .select()
    .from(bulkSends)
    .where(and(bulkSendScope(auth), eq(bulkSends.id, id)));
  if (!bulk) throw notFound("BULK_SEND_NOT_FOUND", "Bulk send");
  const rows = await db
    .select()
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, bulk.id))
    .orderBy(asc(bulkSendRows.rowIndex));
  return { ...toBulkSendSummary(bulk), rows: rows.map(toBulkSendRowDto) };
}

/** GET /bulk-sends: newest first, without their rows. */
export async function listBulkSends(auth: KeyAuth, q: { limit: number; cursor?: string; templateId?: string }) {
  const db = await getDb();
  const conds = [bulkSendScope(auth)];
  if (q.templateId) {
    if (!isUuid(q.templateId)) return { items: [], nextCursor: null };
    conds.push(eq(bulkSends.templateId, q.templateId));
  }
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conds.push(or(lt(bulkSends.createdAt, c.createdAt), and(eq(bulkSends.createdAt, c.createdAt), lt(bulkSends.id, c.id)))!);
  }
  const rows = await db
    .select()
    .from(bulkSends)
    .where(and(...conds))
    .orderBy(desc(bulkSends.createdAt), desc(bulkSends.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toBulkSendSummary),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
