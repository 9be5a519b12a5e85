import "server-only";
import { and, asc, desc, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import type { Queryable } from "../db";
import { documentVersions, recipients, signatureRequests } from "../db/schema";
import { notFound } from "../errors";
import { isUuid, requestScope } from "../auth/scope";
import { requestOwner, selectFields } from "./field-owner";
import type { DocumentRow } from "./rows";

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

export async function currentDocument(db: Queryable, requestId: string): Promise<DocumentRow> {
  const [doc] = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.requestId, requestId))
    .orderBy(desc(documentVersions.version))
    .limit(1);
  // A request is created with its document, and versions are only ever added.
  if (!doc) throw new Error(`Signature request ${requestId} has no document version`);
  return doc;
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
