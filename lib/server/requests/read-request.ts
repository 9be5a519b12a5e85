import "server-only";
import { sql } from "drizzle-orm";
import type { SignatureRequestDto } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { embeddedWrites, getHandle, type Db } from "../db";
import { requestRevisions } from "../db/schema";
import { freshBatches } from "../db/fresh-batches";
import { notFound } from "../errors";
import { isUuid } from "../auth/scope";
import {
  inDocumentOrder,
  toDocumentDto,
  toFieldDto,
  toRecipientDto,
  toRequestDocumentDto,
  toRequestHeader,
  attachmentsOf,
} from "../model/request-dto";
import { toApprovalDto } from "../model/approval-dto";

/**
 * `GET /signature-requests/{id}`, the API's most frequent call, in one SQL statement: the request
 * (scoped to the key's organization and environment), its documents with their current versions, its recipients in
 * signing order and its fields, through drizzle's relational query (lateral joins, JSON rows), built
 * once per database handle and then only executed. Four statements before; see docs/benchmarks.md.
 */
function build(db: Db) {
  return db.query.signatureRequests
    .findFirst({
      where: (r, { and, eq }) =>
        and(
          eq(r.id, sql.placeholder("id")),
          eq(r.orgId, sql.placeholder("orgId")),
          eq(r.environment, sql.placeholder("environment")),
        ),
      with: {
        documents: {
          orderBy: (d, { asc }) => [asc(d.position), asc(d.createdAt)],
          with: { versions: { orderBy: (v, { desc }) => [desc(v.version)], limit: 1 } },
        },
        recipients: { orderBy: (r, { asc }) => [asc(r.order), asc(r.createdAt), asc(r.id)] },
        fields: { orderBy: (f, { asc }) => [asc(f.page), asc(f.y), asc(f.x), asc(f.createdAt)] },
        approvals: {
          orderBy: (a, { desc }) => [desc(a.requestedAt)],
          limit: 1,
          with: { key: { columns: { keyPrefix: true } } },
        },
      },
    })
    .prepare("read_signature_request");
}

const prepared = new WeakMap<Db, ReturnType<typeof build>>();

/** Requests' revisions (migration 0038): one index lookup per id, built once per database handle. */
function buildRevisions(db: Db) {
  const query = db
    .select({ id: requestRevisions.requestId, revision: requestRevisions.revision })
    .from(requestRevisions)
    .where(sql`${requestRevisions.requestId} = any(${sql.placeholder("ids")}::uuid[])`)
    .prepare("request_revisions");
  // Reads at once share a statement, each answered by one that started after it asked (fresh-batches.ts).
  return freshBatches(async (ids: string[]) => new Map((await query.execute({ ids })).map((r) => [r.id, r.revision])));
}
const revisions = new WeakMap<Db, ReturnType<typeof buildRevisions>>();

/**
 * Requests kept in memory, by the key's organization and environment and the request's id, each with the
 * revision it was read at and, on the embedded store, the count of writes then.
 */
const cached = new Map<string, { revision: number; writes: number | undefined; value: SignatureRequestDto }>();
const MAX_KEPT = 1000;
/** A request with more fields than this is read each time: a few such answers would hold megabytes. */
const MAX_KEPT_FIELDS = 200;

/**
 * The request as the API shows it. Read again with nothing changed since (the polling client's case), it
 * comes from memory, on either store:
 * - on the embedded store, while nothing at all was written since (embeddedWrites): no statement;
 * - else while the request's revision is the one it was read at: one index lookup instead of the whole
 *   read (shared by the reads that ask at once), exact across instances: the revision is committed with
 *   the change, and the lookup that answers a read starts after it.
 */
export async function readRequestDto(auth: Pick<KeyAuth, "orgId" | "environment">, id: string): Promise<SignatureRequestDto> {
  if (!isUuid(id)) throw notFound("REQUEST_NOT_FOUND", "Signature request");
  const handle = await getHandle();
  const { db } = handle;
  const key = `${auth.orgId}:${auth.environment}:${id}`;
  // Both counts are read before what they vouch for: a change committed meanwhile makes the entry stale.
  const writes = embeddedWrites(handle);
  const kept = cached.get(key);
  if (kept && writes !== undefined && kept.writes === writes) return kept.value;
  let revisionsOf = revisions.get(db);
  if (!revisionsOf) revisions.set(db, (revisionsOf = buildRevisions(db)));
  const current = await revisionsOf.get(id);
  if (kept && current !== undefined && kept.revision === current) {
    kept.writes = writes;
    return kept.value;
  }
  const dto = await readFresh(db, auth, id);
  if (current !== undefined) keep(key, { revision: current, writes, value: dto });
  return dto;
}

function keep(key: string, entry: { revision: number; writes: number | undefined; value: SignatureRequestDto }) {
  if (entry.value.fields.length > MAX_KEPT_FIELDS) return void cached.delete(key);
  if (cached.size >= MAX_KEPT && !cached.has(key)) cached.delete(cached.keys().next().value!);
  cached.set(key, entry);
}

async function readFresh(db: Db, auth: Pick<KeyAuth, "orgId" | "environment">, id: string): Promise<SignatureRequestDto> {
  let query = prepared.get(db);
  if (!query) prepared.set(db, (query = build(db)));
  const row = await query.execute({ id, orgId: auth.orgId, environment: auth.environment });
  if (!row) throw notFound("REQUEST_NOT_FOUND", "Signature request");
  const {
    documents: rows,
    recipients: recs,
    fields: flds,
    approvals: [approval],
    ...req
  } = row;
  const docs = rows.map(({ versions: [current], ...d }) => {
    // A document is created with its first version, and versions are only ever added.
    if (!current) throw new Error(`Document ${d.id} of request ${id} has no version`);
    return { ...d, current };
  });
  const [first] = docs;
  if (!first) throw new Error(`Signature request ${id} has no document`);
  return {
    ...toRequestHeader(req),
    document: toDocumentDto(first.current),
    documents: docs.map(toRequestDocumentDto),
    recipients: recs.map((r) => toRecipientDto(r, recs)),
    fields: inDocumentOrder(flds, docs).map(toFieldDto),
    attachments: attachmentsOf(inDocumentOrder(flds, docs)),
    approval: approval ? toApprovalDto(approval, approval.key.keyPrefix) : null,
  };
}
