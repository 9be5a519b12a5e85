import "server-only";
import type { RequestSource, RequestStatus } from "@/lib/schemas/states";
import { and, asc, desc, eq, exists, getTableColumns, gte, inArray, like, lt, or, sql } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { actorShown } from "../audit/record-event";
import { auditEvents, documentVersions, recipients, requestDocuments, signatureRequests } from "../db/schema";
import { isDone, listBound, takesTurn } from "@/lib/schemas/requests";
import { requestScope } from "../auth/scope";
import { toDocumentDto, toRequestHeader } from "../model/request-dto";
import { decodeCursor, encodeCursor } from "../cursor";

interface ListQuery {
  limit: number;
  cursor?: string;
  status?: RequestStatus;
  q?: string;
  createdBy?: string;
  createdFrom?: string;
  createdTo?: string;
  /** How it was started: by the API (staff, keys) or by a visitor of a public link. */
  source?: RequestSource;
  /** Started from this public link. */
  publicLinkId?: string;
}

/** How a creator is shown: a staff member by name ("Ann Lee <ann@…> (staff)" → "Ann Lee"), a key by its prefix. */
function creatorName(actor: string, label: string | null): string {
  if (label) return label.replace(/\s*<[^>]*>\s*\(staff\)$/, "").trim() || label;
  return actorShown(actor, null);
}

export async function listRequests(auth: KeyAuth, q: ListQuery) {
  const db = await getDb();
  const conds = [requestScope(auth)];
  if (q.status) conds.push(eq(signatureRequests.status, q.status));
  if (q.source) conds.push(eq(signatureRequests.source, q.source));
  if (q.publicLinkId) conds.push(eq(signatureRequests.publicLinkId, q.publicLinkId));
  // search_text (migration 0015: the title and every recipient's name and address, lower case), by substring
  // through its trigram index; the pattern's own % _ \\ are literal.
  if (q.q) conds.push(like(signatureRequests.searchText, `%${q.q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`));
  if (q.createdFrom) conds.push(gte(signatureRequests.createdAt, listBound(q.createdFrom, "from")));
  if (q.createdTo) conds.push(lt(signatureRequests.createdAt, listBound(q.createdTo, "to")));
  if (q.createdBy)
    conds.push(
      exists(
        db
          .select({ one: auditEvents.id })
          .from(auditEvents)
          .where(
            and(
              eq(auditEvents.requestId, signatureRequests.id),
              eq(auditEvents.type, "request.created"),
              eq(auditEvents.actor, q.createdBy),
            ),
          ),
      ),
    );
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
  const [docs, recs, creators] = ids.length
    ? await Promise.all([
        // The first document's current version, and how many documents each request has.
        db
          .selectDistinctOn([documentVersions.requestId], {
            ...getTableColumns(documentVersions),
            documentCount: sql<number>`(select count(*) from ${requestDocuments} c where c.request_id = ${documentVersions.requestId})`,
          })
          .from(documentVersions)
          .innerJoin(requestDocuments, eq(requestDocuments.id, documentVersions.documentId))
          .where(and(inArray(documentVersions.requestId, ids), eq(requestDocuments.position, 1)))
          .orderBy(documentVersions.requestId, desc(documentVersions.version)),
        db
          .select({
            requestId: recipients.requestId,
            id: recipients.id,
            name: recipients.name,
            email: recipients.email,
            role: recipients.role,
            order: recipients.order,
            status: recipients.status,
          })
          .from(recipients)
          .where(inArray(recipients.requestId, ids))
          .orderBy(asc(recipients.order), asc(recipients.createdAt)),
        db
          .selectDistinctOn([auditEvents.requestId], {
            requestId: auditEvents.requestId,
            actor: auditEvents.actor,
            label: auditEvents.actorLabel,
          })
          .from(auditEvents)
          .where(and(inArray(auditEvents.requestId, ids), eq(auditEvents.type, "request.created")))
          .orderBy(auditEvents.requestId, asc(auditEvents.createdAt)),
      ])
    : [[], [], []];
  const docOf = new Map(docs.map((d) => [d.requestId, d]));
  const recsOf = new Map<string, typeof recs>();
  for (const x of recs) recsOf.set(x.requestId, [...(recsOf.get(x.requestId) ?? []), x]);
  const creatorOf = new Map(creators.map((c) => [c.requestId, { actor: c.actor, name: creatorName(c.actor, c.label) }]));
  const last = page[page.length - 1];
  return {
    items: page.map((r) => ({
      ...toRequestHeader(r),
      document: toDocumentDto(docOf.get(r.id)!),
      documentCount: Number(docOf.get(r.id)?.documentCount ?? 1),
      recipientCount: recsOf.get(r.id)?.length ?? 0,
      recipients: (recsOf.get(r.id) ?? []).map(({ requestId: _, ...x }) => x),
      progress: {
        done: (recsOf.get(r.id) ?? []).filter((x) => takesTurn(x.role) && isDone(x)).length,
        total: (recsOf.get(r.id) ?? []).filter((x) => takesTurn(x.role)).length,
      },
      createdBy: creatorOf.get(r.id) ?? null,
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}
