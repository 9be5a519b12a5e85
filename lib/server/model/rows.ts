import type { documentVersions, fields, recipients, signatureRequests } from "../db/schema";

/** Rows of the tables a signature request is read from, as Drizzle selects them. */
export type RequestRow = typeof signatureRequests.$inferSelect;
export type RecipientRow = typeof recipients.$inferSelect;
export type FieldRow = typeof fields.$inferSelect;
export type DocumentRow = typeof documentVersions.$inferSelect;
