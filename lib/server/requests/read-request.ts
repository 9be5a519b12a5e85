import "server-only";
import { sql } from "drizzle-orm";
import type { SignatureRequestDto } from "@/lib/schemas/requests";
import type { KeyAuth } from "../auth/authenticate";
import { getHandle, readCache, type Db } from "../db";
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

const cached = new Map<string, { at: number; value: SignatureRequestDto }>();

/**
 * The request as the API shows it. On the embedded store a request read again with nothing written
 * in between (the polling client's case) comes from memory; see readCache in lib/server/db.
 */
export async function readRequestDto(auth: Pick<KeyAuth, "orgId" | "environment">, id: string): Promise<SignatureRequestDto> {
  if (!isUuid(id)) throw notFound("REQUEST_NOT_FOUND", "Signature request");
  const { db, kind } = await getHandle();
  const cache = readCache(kind, cached);
  const key = `${auth.orgId}:${auth.environment}:${id}`;
  const hit = cache?.get(key);
  if (hit) return hit;
  const at = cache?.now() ?? 0;
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
  const dto = {
    ...toRequestHeader(req),
    document: toDocumentDto(first.current),
    documents: docs.map(toRequestDocumentDto),
    recipients: recs.map((r) => toRecipientDto(r, recs)),
    fields: inDocumentOrder(flds, docs).map(toFieldDto),
    attachments: attachmentsOf(inDocumentOrder(flds, docs)),
    approval: approval ? toApprovalDto(approval, approval.key.keyPrefix) : null,
  };
  cache?.set(key, at, dto);
  return dto;
}
