import "server-only";
import { count, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { documentVersions, fields, requestDocuments, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound } from "../errors";
import { BLOB_GRACE_MS, blobs } from "../blobs/store";
import { keyActor, recordEvent } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { documentIn, findDocument, findVisibleRequest, loadDocuments, loadFields } from "../model/request-queries";
import type { RequestDocument } from "../model/rows";
import { attachmentsOf, toRequestDocumentDto } from "../model/request-dto";
import { acceptPdf } from "../documents/store-document";
import { enqueue } from "../jobs/queue";
import { keepingFieldsOf } from "../fields/form-guard";
import { requestOwner } from "../model/field-owner";
import { documentFileTitle, downloadFileName } from "@/lib/files/file-name";
import {
  documentNameOf,
  judgeDocumentCount,
  judgeDocumentLimits,
  judgeOrder,
  moveDocumentTo,
  type OrderedDocuments,
} from "../documents/document-set";

/**
 * A request's documents (docs/api.md "Documents"): added to a draft, renamed, moved, removed, read.
 * A request keeps at least one; together they stay within MAX_DOCUMENTS, MAX_REQUEST_MB and
 * MAX_REQUEST_PAGES. Every change is in the request's audit trail.
 */

/** A PDF as stored by acceptPdf: what a document's first version records. */
export interface StoredPdf {
  sha256: string;
  size: number;
  pageCount: number;
  pages: { width: number; height: number }[];
  /** SHA-256 of the bytes as they came in, before they were stored in their one reading. */
  uploadedSha256?: string;
}

/** A document to add: its name and its stored PDF. */
export interface NewDocument {
  name: string;
  stored: StoredPdf;
}

/** The uploaded file's SHA-256 where it differs from what was stored (else null). */
export const uploadedSha256Of = (doc: StoredPdf) =>
  doc.uploadedSha256 !== undefined && doc.uploadedSha256 !== doc.sha256 ? doc.uploadedSha256 : null;

/** Reads and stores uploaded PDFs (in the engine's workers), one after another: each judged as an upload. */
export async function acceptPdfs(files: readonly File[]): Promise<StoredPdf[]> {
  const out: StoredPdf[] = [];
  for (const f of files) out.push(await acceptPdf(new Uint8Array(await f.arrayBuffer())));
  return out;
}

/** Stores a document at `position` with its first version (ORIGINAL). */
export async function insertDocument(
  tx: Queryable,
  requestId: string,
  position: number,
  { name, stored }: NewDocument,
): Promise<RequestDocument> {
  const doc = oneRow(await tx.insert(requestDocuments).values({ requestId, position, name }).returning(), "the new document");
  const current = oneRow(
    await tx
      .insert(documentVersions)
      .values({
        requestId,
        documentId: doc.id,
        version: 1,
        sha256: stored.sha256,
        uploadedSha256: uploadedSha256Of(stored),
        size: stored.size,
        pageCount: stored.pageCount,
        pages: stored.pages,
        reason: "ORIGINAL",
        filename: name,
      })
      .returning(),
    "the new document's first version",
  );
  return { ...doc, current };
}

/** What the audit trail says of a document. */
export const documentFacts = (d: RequestDocument) => ({
  documentId: d.id,
  name: d.name,
  order: d.position,
  sha256: d.current.sha256,
  pageCount: d.current.pageCount,
});

/** The draft whose documents change: locked, and only while it is a draft. */
async function lockedDraft(tx: Queryable, auth: KeyAuth, requestId: string, doing: string) {
  const req = await findVisibleRequest(tx, auth, requestId, { forUpdate: true });
  assertDraft(req, doing);
  return req;
}

const touch = (tx: Queryable, requestId: string) =>
  tx.update(signatureRequests).set({ updatedAt: new Date() }).where(eq(signatureRequests.id, requestId));

/** The request's documents as moveDocumentTo orders them. */
const REQUEST_DOCUMENTS: OrderedDocuments = {
  table: requestDocuments,
  id: requestDocuments.id,
  position: requestDocuments.position,
  owner: requestDocuments.requestId,
};

const moveDocument = (tx: Queryable, requestId: string, doc: RequestDocument, to: number) =>
  moveDocumentTo(tx, REQUEST_DOCUMENTS, requestId, doc, to);

/** POST …/documents: a PDF added to a draft, last unless `order` places it. */
export async function addDocument(auth: KeyAuth, requestId: string, input: { file: File; name?: string; order?: number }) {
  const db = await getDb();
  // Cheap refusals before the PDF is read: an unknown request, a sent one, a full one.
  const before = await findVisibleRequest(db, auth, requestId);
  assertDraft(before, "adding documents");
  // (One more document than there are: a full request says so before the upload is read.)
  judgeDocumentCount((await loadDocuments(db, before.id)).length + 1);
  const [stored] = await acceptPdfs([input.file]);
  return db.transaction(async (tx) => {
    const req = await lockedDraft(tx, auth, requestId, "adding documents");
    const docs = await loadDocuments(tx, req.id);
    judgeDocumentLimits(
      docs.map((d) => d.current),
      [stored!],
    );
    const position = docs.length + 1;
    const to = input.order === undefined ? position : judgeOrder(input.order, position);
    let added = await insertDocument(tx, req.id, position, {
      name: input.name ?? documentNameOf(input.file.name, position),
      stored: stored!,
    });
    if (to !== position) {
      await moveDocument(tx, req.id, added, to);
      added = { ...added, position: to };
    }
    await touch(tx, req.id);
    await recordEvent(tx, req.id, "document.added", keyActor(auth), documentFacts(added));
    return toRequestDocumentDto(added);
  });
}

/** PATCH …/documents/{docId}: renamed and/or moved. */
export async function updateDocument(
  auth: KeyAuth,
  requestId: string,
  documentId: string,
  patch: { name?: string; order?: number },
) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await lockedDraft(tx, auth, requestId, "changing documents");
    const docs = await loadDocuments(tx, req.id);
    const doc = documentIn(docs, documentId);
    const to = patch.order === undefined ? doc.position : judgeOrder(patch.order, docs.length);
    await moveDocument(tx, req.id, doc, to);
    if (patch.name !== undefined)
      await tx.update(requestDocuments).set({ name: patch.name }).where(eq(requestDocuments.id, doc.id));
    await touch(tx, req.id);
    const now = await findDocument(tx, req.id, doc.id);
    await recordEvent(tx, req.id, "document.updated", keyActor(auth), {
      ...documentFacts(now),
      ...(patch.name !== undefined && { previousName: doc.name }),
      ...(to !== doc.position && { previousOrder: doc.position }),
    });
    return toRequestDocumentDto(now);
  });
}

/** DELETE …/documents/{docId}: refused while fields stand on it unless `removeFields`; never the last one. */
export async function deleteDocument(auth: KeyAuth, requestId: string, documentId: string, removeFields: boolean) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await lockedDraft(tx, auth, requestId, "removing documents");
    const docs = await loadDocuments(tx, req.id);
    const doc = documentIn(docs, documentId);
    if (docs.length === 1) throw new AppError("LAST_DOCUMENT", "A request keeps at least one document: this is its last");
    const { n } = oneRow(await tx.select({ n: count() }).from(fields).where(eq(fields.documentId, doc.id)), "COUNT(*)");
    if (Number(n) > 0 && !removeFields) {
      throw new AppError(
        "DOCUMENT_HAS_FIELDS",
        `The document has ${n} field(s): move or delete them first, or ask for them to go too (?removeFields=true)`,
        { details: { fields: Number(n) } },
      );
    }
    // Its fields and versions go with it (ON DELETE CASCADE). Its bytes are let go of once no record
    // points at them (the same PDF may be another document's), after the blob grace period.
    const versions = await tx
      .select({ sha256: documentVersions.sha256 })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, doc.id));
    await moveDocument(tx, req.id, doc, docs.length);
    // A rule or formula on another document may read one of its fields: then it stays.
    await keepingFieldsOf(tx, requestOwner(req.id), doc.name, () =>
      tx.delete(requestDocuments).where(eq(requestDocuments.id, doc.id)),
    );
    const release = { runId: null, sha256s: versions.map((v) => v.sha256), mailIds: [] };
    await enqueue(tx, "purge-blobs", release, { runAt: new Date(Date.now() + BLOB_GRACE_MS) });
    await touch(tx, req.id);
    await recordEvent(tx, req.id, "document.removed", keyActor(auth), { ...documentFacts(doc), fieldsRemoved: Number(n) });
    return { id: doc.id, deleted: true as const };
  });
}

/** GET …/documents/{docId}: the document's current PDF (after stamps and replacements; sealed once completed). */
export async function readDocumentFile(auth: KeyAuth, requestId: string, documentId: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, requestId);
  const doc = await findDocument(db, req.id, documentId);
  const count = (await loadDocuments(db, req.id)).length;
  // Named by the one rule for a request's files (lib/files/file-name.ts), as the signer's and the mail's are.
  const name = downloadFileName(documentFileTitle(req.title, doc.name, count), req.status === "COMPLETED");
  return { ...(await fileOf(doc)), name };
}

/** A document's current bytes with what a download names them by. */
export async function fileOf(doc: RequestDocument) {
  return {
    bytes: await blobs().get(doc.current.sha256),
    name: doc.name,
    sha256: doc.current.sha256,
    version: doc.current.version,
  };
}

/**
 * GET …/attachments/{attachmentId}: a file a signer attached and kept in their signature, as kept. Always
 * served as an attachment (its content is the signer's, never shown inside the dashboard's origin).
 */
export async function readAttachmentFile(auth: KeyAuth, requestId: string, attachmentId: string) {
  const db = await getDb();
  const req = await findVisibleRequest(db, auth, requestId);
  const kept = attachmentsOf(await loadFields(db, req.id)).find((a) => a.id === attachmentId);
  if (!kept) throw notFound("ATTACHMENT_NOT_FOUND", "Attachment");
  return { bytes: await blobs().get(kept.sha256), name: kept.name, sha256: kept.sha256, type: kept.type };
}
