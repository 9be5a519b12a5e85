import type { documentVersions, fields, recipients, requestDocuments, signatureRequests } from "../db/schema";

/** Rows of the tables a signature request is read from, as Drizzle selects them. */
export type RequestRow = typeof signatureRequests.$inferSelect;
export type RecipientRow = typeof recipients.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;
export type DocumentRow = typeof documentVersions.$inferSelect;
export type RequestDocumentRow = typeof requestDocuments.$inferSelect;

/** One of a request's documents with its current (newest) version. */
export interface RequestDocument extends RequestDocumentRow {
  current: DocumentRow;
}
