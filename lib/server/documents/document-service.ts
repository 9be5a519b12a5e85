import "server-only";
import type { KeyAuth } from "../auth/authenticate";
import { BLOB_GRACE_MS } from "../blobs/store";
import { getDb, type Queryable } from "../db";
import { AppError, notFound } from "../errors";
import { enqueue } from "../jobs/queue";
import { keepingFieldsOf } from "../fields/form-guard";
import { countFields, fieldsOnDocument } from "../model/field-owner";
import {
  deleteDocumentRow,
  documentNameOf,
  judgeDocumentCount,
  judgeDocumentLimits,
  judgeOrder,
  moveDocumentTo,
  renameDocumentRow,
} from "./document-set";
import type { DocumentOwner, OwnedDocument } from "./document-owner";

/**
 * The documents of a request or a template (docs/api.md "Documents", "Templates with several documents"):
 * added, renamed, moved, removed and read through one implementation for both owners (document-owner.ts).
 * An owner keeps at least one; together they stay within MAX_DOCUMENTS, MAX_REQUEST_MB and
 * MAX_REQUEST_PAGES (document-set.ts), the same limits and the same refusals for both.
 */

/** The document of `docs` with this id; else the 404 both owners answer. */
export function documentIn<D extends OwnedDocument>(docs: readonly D[], documentId: string): D {
  const doc = docs.find((d) => d.id === documentId);
  if (!doc) throw notFound("DOCUMENT_NOT_FOUND", "Document");
  return doc;
}

/** POST …/documents: a file added, last unless `order` places it. */
export async function addDocument<O extends { id: string }, D extends OwnedDocument, U, Dto>(
  owner: DocumentOwner<O, D, U, Dto>,
  auth: KeyAuth,
  ownerId: string,
  input: { file: File; name?: string; order?: number },
): Promise<Dto> {
  const db = await getDb();
  // Cheap refusals before the file is read: an unknown owner, one that may not change, a full one.
  const before = await owner.find(db, auth, ownerId, { doing: "adding documents" });
  // (One more document than there are: a full owner says so before the upload is read.)
  judgeDocumentCount((await owner.load(db, before.id)).length + 1, owner.kind);
  const upload = await owner.judgeUpload(input.file);
  const added = await db.transaction(async (tx) => {
    const o = await owner.find(tx, auth, ownerId, { forUpdate: true, doing: "adding documents" });
    const docs = await owner.load(tx, o.id);
    judgeDocumentLimits(docs.map(owner.weightOf), [owner.weightOfUpload(upload)], owner.kind);
    const position = docs.length + 1;
    const to = input.order === undefined ? position : judgeOrder(input.order, position);
    const row = await owner.insert(tx, o.id, position, upload, input.name ?? documentNameOf(input.file.name, position));
    await moveDocumentTo(tx, owner.table, o.id, row, to);
    const doc = { ...row, position: to };
    await owner.recorded?.(tx, auth, o, { kind: "added", doc });
    return doc;
  });
  owner.afterAdd?.(upload);
  return owner.dto(added);
}

/**
 * Runs `change` in one transaction with the owner locked and allowed to change its documents (else its 409),
 * its documents in order, and the one named (else the 404).
 */
async function changingDocument<O extends { id: string }, D extends OwnedDocument, U, Dto, T>(
  owner: DocumentOwner<O, D, U, Dto>,
  at: { auth: KeyAuth; ownerId: string; documentId: string; doing: string },
  change: (tx: Queryable, o: O, docs: readonly D[], doc: D) => Promise<T>,
): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const o = await owner.find(tx, at.auth, at.ownerId, { forUpdate: true, doing: at.doing });
    const docs = await owner.load(tx, o.id);
    return change(tx, o, docs, documentIn(docs, at.documentId));
  });
}

/** PATCH …/documents/{docId}: renamed and/or moved. */
export const updateDocument = <O extends { id: string }, D extends OwnedDocument, U, Dto>(
  owner: DocumentOwner<O, D, U, Dto>,
  auth: KeyAuth,
  ownerId: string,
  documentId: string,
  patch: { name?: string; order?: number },
): Promise<Dto> =>
  changingDocument(owner, { auth, ownerId, documentId, doing: "changing documents" }, async (tx, o, docs, doc) => {
    const to = patch.order === undefined ? doc.position : judgeOrder(patch.order, docs.length);
    await moveDocumentTo(tx, owner.table, o.id, doc, to);
    if (patch.name !== undefined) await renameDocumentRow(tx, owner.table, doc.id, patch.name);
    const now = documentIn(await owner.load(tx, o.id), doc.id);
    await owner.recorded?.(tx, auth, o, { kind: "updated", doc: now, before: doc, renamed: patch.name !== undefined });
    return owner.dto(now);
  });

/** DELETE …/documents/{docId}: refused while fields stand on it unless `removeFields`; never the last one. */
export const deleteDocument = <O extends { id: string }, D extends OwnedDocument, U, Dto>(
  owner: DocumentOwner<O, D, U, Dto>,
  auth: KeyAuth,
  ownerId: string,
  documentId: string,
  removeFields: boolean,
) =>
  changingDocument(owner, { auth, ownerId, documentId, doing: "removing documents" }, async (tx, o, docs, doc) => {
    if (docs.length === 1) throw new AppError("LAST_DOCUMENT", `A ${owner.kind} keeps at least one document: this is its last`);
    const fieldOwner = owner.fieldOwner(o.id);
    const n = await countFields(tx, fieldOwner, fieldsOnDocument(fieldOwner, doc.id));
    if (n > 0 && !removeFields) {
      throw new AppError(
        "DOCUMENT_HAS_FIELDS",
        `The document has ${n} field(s): move or delete them first, or ask for them to go too (?removeFields=true)`,
        { details: { fields: n } },
      );
    }
    // Its fields (and a request's versions) go with it (ON DELETE CASCADE). Its bytes are let go of once no
    // record points at them (the same file may be another document's), after the blob grace period.
    const sha256s = await owner.bytesOf(tx, doc);
    await moveDocumentTo(tx, owner.table, o.id, doc, docs.length);
    // A rule or formula on another document may read one of its fields: then it stays.
    await keepingFieldsOf(tx, fieldOwner, doc.name, () => deleteDocumentRow(tx, owner.table, doc.id));
    await enqueue(tx, "purge-blobs", { runId: null, sha256s, mailIds: [] }, { runAt: new Date(Date.now() + BLOB_GRACE_MS) });
    await owner.recorded?.(tx, auth, o, { kind: "removed", doc, fieldsRemoved: n });
    return { id: doc.id, deleted: true as const };
  });

/**
 * GET …/documents/{docId}: the document's file, named by the owner's rule; without an id, the first
 * document's (GET /templates/{id}/document).
 */
export async function readDocumentFile<O extends { id: string }, D extends OwnedDocument, U, Dto>(
  owner: DocumentOwner<O, D, U, Dto>,
  auth: KeyAuth,
  ownerId: string,
  documentId?: string,
) {
  const db = await getDb();
  const o = await owner.find(db, auth, ownerId, {});
  const docs = await owner.load(db, o.id);
  const doc = documentId === undefined ? docs[0] : documentIn(docs, documentId);
  if (!doc) throw new Error(`The ${owner.kind} ${o.id} has no document`);
  return owner.fileOf(o, doc, docs);
}
