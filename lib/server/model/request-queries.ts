import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import type { Queryable } from "../db";
import { together } from "../db/together";
import { documentVersions, recipients, requestDocuments, signatureRequests } from "../db/schema";
import { notFound } from "../errors";
import { isUuid, requestScope } from "../auth/scope";
import { requestOwner, selectFields } from "./field-owner";
import type { DocumentRow, RequestDocument } from "./rows";

/** The request if this key may see it; otherwise the same 404 as for an id that does not exist. */
export async function findVisibleRequest(db: Queryable, auth: KeyAuth, id: string, opts: { forUpdate?: boolean } = {}) {
  if (!isUuid(id)) throw notFound("REQUEST_NOT_FOUND", "Signature request");
  const q = db
    .select()
    .from(signatureRequests)
    .where(and(requestScope(auth), eq(signatureRequests.id, id)));
  const [row] = opts.forUpdate ? await q.for("update") : await q;
  if (!row) throw notFound("REQUEST_NOT_FOUND", "Signature request");
  return row;
}

/** The request's documents in reading order, each with its current version. */
export async function loadDocuments(db: Queryable, requestId: string): Promise<RequestDocument[]> {
  const [docs, versions] = await together(
    db,
    () =>
      db
        .select()
        .from(requestDocuments)
        .where(eq(requestDocuments.requestId, requestId))
        .orderBy(asc(requestDocuments.position), asc(requestDocuments.createdAt)),
    () =>
      db.select().from(documentVersions).where(eq(documentVersions.requestId, requestId)).orderBy(desc(documentVersions.version)),
  );
  return docs.map((d) => {
    // A document is created with its first version, and versions are only ever added.
    const current = versions.find((v) => v.documentId === d.id);
    if (!current) throw new Error(`Document ${d.id} of request ${requestId} has no version`);
    return { ...d, current };
  });
}

/** One of the request's documents (404 DOCUMENT_NOT_FOUND for another request's or an unknown id). */
export async function findDocument(db: Queryable, requestId: string, documentId: string): Promise<RequestDocument> {
  return documentIn(isUuid(documentId) ? await loadDocuments(db, requestId) : [], documentId);
}

/** The document of `docs` (a request's, as loadDocuments gives them) with this id; else the same 404. */
export function documentIn(docs: readonly RequestDocument[], documentId: string): RequestDocument {
  const doc = docs.find((d) => d.id === documentId);
  if (!doc) throw notFound("DOCUMENT_NOT_FOUND", "Document");
  return doc;
}

/** The document a call names, else the request's first. */
export async function documentOrFirst(db: Queryable, requestId: string, documentId?: string): Promise<RequestDocument> {
  if (documentId !== undefined) return findDocument(db, requestId, documentId);
  const [first] = await loadDocuments(db, requestId);
  if (!first) throw new Error(`Signature request ${requestId} has no document`);
  return first;
}

/** The documents a call is about: the one it names, else all of them. */
export const documentsNamed = async (db: Queryable, requestId: string, documentId?: string) =>
  documentId === undefined ? loadDocuments(db, requestId) : [await findDocument(db, requestId, documentId)];

/** The current version of the request's first document (a one-document request's only one). */
export async function currentDocument(db: Queryable, requestId: string): Promise<DocumentRow> {
  const [first] = await loadDocuments(db, requestId);
  if (!first) throw new Error(`Signature request ${requestId} has no document`);
  return first.current;
}

/** In signing order. */
export async function loadRecipients(db: Queryable, requestId: string) {
  return db
    .select()
    .from(recipients)
    .where(eq(recipients.requestId, requestId))
    .orderBy(asc(recipients.order), asc(recipients.createdAt), asc(recipients.id));
}

/** In reading order (page, top, left), like a template's. */
export const loadFields = (db: Queryable, requestId: string) => selectFields(db, requestOwner(requestId));
