import "server-only";
import type { FileAnswer } from "@/lib/files/file-answer";
import type { KeyAuth } from "../auth/authenticate";
import type { Queryable } from "../db";
import type { FieldOwner } from "../model/field-owner";
import type { DocumentsOwner, OrderedDocuments, Sized } from "./document-set";

/**
 * Who a document belongs to: a request (PDFs, each with its versions) or a template (PDFs and DOCX files,
 * each as uploaded). One service (document-service.ts) adds, renames, moves, removes and reads the
 * documents of both; an owner says only what differs: its table, how it is found and locked, how an upload
 * is judged (a template also takes DOCX), how a document is stored, named as a file and answered, and
 * what is recorded once its documents change (a request's audit trail).
 *
 * Both keep their own table (request_documents, template_documents): docs/architecture.md says why.
 */

/** What the service reads of any document: its id, its name and its place 1…n. */
export interface OwnedDocument {
  id: string;
  name: string;
  position: number;
}

/** A change the owner may record, with the document as it now is (as it was, once removed). */
export type DocumentEvent<Doc> =
  | { kind: "added"; doc: Doc }
  | { kind: "updated"; doc: Doc; before: Doc; renamed: boolean }
  | { kind: "removed"; doc: Doc; fieldsRemoved: number };

export interface DocumentOwner<Owner extends { id: string }, Doc extends OwnedDocument, Upload, Dto> {
  /** What messages call the owner ("A template keeps at least one document"). */
  kind: DocumentsOwner;
  /** Its documents' table, as moveDocumentTo orders them. */
  table: OrderedDocuments;
  /** The owner of the documents' fields. */
  fieldOwner: (ownerId: string) => FieldOwner;
  /**
   * The owner a call names, as the key sees it (else its 404); locked when `forUpdate`; when `doing` is
   * given, refused unless its documents may change now (a request only while it is a draft: the 409).
   */
  find: (db: Queryable, auth: KeyAuth, id: string, opts: { forUpdate?: boolean; doing?: string }) => Promise<Owner>;
  /** Its documents in order, 1…n. */
  load: (db: Queryable, ownerId: string) => Promise<readonly Doc[]>;
  /** An uploaded file judged by its content and stored (a 4xx when it may not be a document of this owner). */
  judgeUpload: (file: File) => Promise<Upload>;
  /** A document's weight against the limits, stored or uploaded. */
  weightOf: (doc: Doc) => Sized;
  weightOfUpload: (upload: Upload) => Sized;
  /** Stores an upload as a document at `position` under `name`. */
  insert: (tx: Queryable, ownerId: string, position: number, upload: Upload, name: string) => Promise<Doc>;
  /** The SHA-256s of the bytes a document holds, let go of once it is removed. */
  bytesOf: (tx: Queryable, doc: Doc) => Promise<string[]>;
  /** The document as the API answers it. */
  dto: (doc: Doc) => Dto;
  /** The document's file as a download, named by the owner's rule. */
  fileOf: (owner: Owner, doc: Doc, docs: readonly Doc[]) => Promise<FileAnswer>;
  /** Runs in the transaction once a document changed (a request's audit trail and its updatedAt). */
  recorded?: (tx: Queryable, auth: KeyAuth, owner: Owner, change: DocumentEvent<Doc>) => Promise<void>;
  /** Runs once an added document is stored (a DOCX warms the converter up). */
  afterAdd?: (upload: Upload) => void;
}
