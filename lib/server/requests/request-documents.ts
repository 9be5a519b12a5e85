import "server-only";
import { eq } from "drizzle-orm";
import type { RequestDocumentDto } from "@/lib/schemas/requests";
import { documentFileTitle, downloadFileName } from "@/lib/files/file-name";
import type { KeyAuth } from "../auth/authenticate";
import { getDb, type Queryable } from "../db";
import { documentVersions, requestDocuments, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { notFound } from "../errors";
import { blobs } from "../blobs/store";
import { keyActor, recordEvent } from "../audit/record-event";
import { assertDraft } from "../model/request-state";
import { findVisibleRequest, loadDocuments, loadFields } from "../model/request-queries";
import type { RequestDocument, RequestRow } from "../model/rows";
import { attachmentsOf, toRequestDocumentDto } from "../model/request-dto";
import { requestOwner } from "../model/field-owner";
import { acceptPdf } from "../documents/store-document";
import type { DocumentEvent, DocumentOwner } from "../documents/document-owner";

/**
 * What is a request's own in its documents (docs/api.md "Documents"): how they are stored (each with its
 * versions), named as files and recorded. Adding, renaming, moving, removing and reading them is the one
 * document service's (documents/document-service.ts), which templates' documents share.
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

const touch = (tx: Queryable, requestId: string) =>
  tx.update(signatureRequests).set({ updatedAt: new Date() }).where(eq(signatureRequests.id, requestId));

/** What the audit trail records of a change to a request's documents. */
function eventOf(change: DocumentEvent<RequestDocument>) {
  const facts = documentFacts(change.doc);
  switch (change.kind) {
    case "added":
      return { type: "document.added" as const, facts };
    case "updated":
      return {
        type: "document.updated" as const,
        facts: {
          ...facts,
          ...(change.renamed && { previousName: change.before.name }),
          ...(change.doc.position !== change.before.position && { previousOrder: change.before.position }),
        },
      };
    case "removed":
      return { type: "document.removed" as const, facts: { ...facts, fieldsRemoved: change.fieldsRemoved } };
  }
}

/**
 * A request as the owner of its documents (documents/document-service.ts): PDFs, each with its versions;
 * they change only while it is a draft (else the draft's 409), and every change is in its audit trail.
 */
export const REQUEST_DOCUMENTS: DocumentOwner<RequestRow, RequestDocument, StoredPdf, RequestDocumentDto> = {
  kind: "request",
  table: {
    table: requestDocuments,
    id: requestDocuments.id,
    name: requestDocuments.name,
    position: requestDocuments.position,
    owner: requestDocuments.requestId,
  },
  fieldOwner: requestOwner,
  async find(db, auth, id, { forUpdate, doing }) {
    const req = await findVisibleRequest(db, auth, id, { forUpdate });
    if (doing !== undefined) assertDraft(req, doing);
    return req;
  },
  load: loadDocuments,
  judgeUpload: async (file) => acceptPdf(new Uint8Array(await file.arrayBuffer())),
  weightOf: (d) => d.current,
  weightOfUpload: (stored) => stored,
  insert: (tx, requestId, position, stored, name) => insertDocument(tx, requestId, position, { name, stored }),
  bytesOf: async (tx, doc) =>
    (
      await tx.select({ sha256: documentVersions.sha256 }).from(documentVersions).where(eq(documentVersions.documentId, doc.id))
    ).map((v) => v.sha256),
  dto: toRequestDocumentDto,
  // Named by the one rule for a request's files (lib/files/file-name.ts), as the signer's and the mail's are.
  fileOf: async (req, doc, docs) => ({
    ...(await fileOf(doc)),
    name: downloadFileName(documentFileTitle(req.title, doc.name, docs.length), req.status === "COMPLETED"),
  }),
  async recorded(tx, auth, req, change) {
    await touch(tx, req.id);
    const { type, facts } = eventOf(change);
    await recordEvent(tx, req.id, type, keyActor(auth), facts);
  },
};

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
