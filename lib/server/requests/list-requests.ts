import "server-only";
import type { RequestStatus } from "@/lib/schemas/states";
import { and, count, desc, eq, inArray, lt, or } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { documentVersions, recipients, signatureRequests } from "../db/schema";
import { requestScope } from "../scope";
import { toDocumentDto, toRequestHeader } from "./load-request";
import { decodeCursor, encodeCursor } from "../http/cursor";

interface ListQuery {
  limit: number;
  cursor?: string;
  status?: RequestStatus;
}

export async function listRequests(auth: KeyAuth, q: ListQuery) {
  const db = await getDb();
  const conds = [requestScope(auth)];
  if (q.status) conds.push(eq(signatureRequests.status, q.status));
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conds.push(
      or(
        lt(signatureRequests.createdAt, c.createdAt),
        and(eq(signatureRequests.createdAt, c.createdAt), lt(signatureRequests.id, c.id)),
      )!,
    );
  }
  const rows = await db
    .select()
    .from(signatureRequests)
    .where(and(...conds))
    .orderBy(desc(signatureRequests.createdAt), desc(signatureRequests.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const ids = page.map((r) => r.id);
  const [docs, counts] = ids.length
    ? await Promise.all([
        db
          .selectDistinctOn([documentVersions.requestId])
          .from(documentVersions)
          .where(inArray(documentVersions.requestId, ids))
          .orderBy(documentVersions.requestId, desc(documentVersions.version)),
        db
          .select({ requestId: recipients.requestId, n: count() })
          .from(recipients)
          .where(inArray(recipients.requestId, ids))
          .groupBy(recipients.requestId),
      ])
    : [[], []];
  const docOf = new Map(docs.map((d) => [d.requestId, d]));
  const countOf = new Map(counts.map((c) => [c.requestId, Number(c.n)]));
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      ...toRequestHeader(r),
      document: toDocumentDto(docOf.get(r.id)!),
      recipientCount: countOf.get(r.id) ?? 0,
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
