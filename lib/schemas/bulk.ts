import { z } from "zod";
import { zFile } from "./common";

/** At most this many rows (requests) in one bulk send. */
export const MAX_BULK_ROWS = 1000;
/** How many parsed rows a dry run shows. */
export const BULK_PREVIEW_ROWS = 20;

import { BULK_ROW_STATUSES, BULK_SEND_STATUSES } from "./states";

// Defined once in ./states (the database's CHECK constraints are made from the same arrays).
export { BULK_ROW_STATUSES, BULK_SEND_STATUSES };

const zCell = z.union([z.string().max(100_000), z.number(), z.boolean()], { error: "A row's values are text (or numbers)" });

/** One row: the same names as the CSV's columns (s1.name, s1.email, …, each placeholder, optional title). */
export const zBulkRowInput = z.record(z.string().max(200), zCell, { error: "A row is an object of column → value" });

export const zBulkSendJson = z.object({
  rows: z.array(zBulkRowInput, { error: 'rows is a list of { "s1.name": …, "s1.email": …, <placeholder>: … }' }),
});
export type BulkSendJson = z.infer<typeof zBulkSendJson>;

export const zBulkSendForm = z.object({ file: zFile });

export const zBulkSendQuery = z.object({
  /** Validate and show the parsed rows and every error; nothing is created. */
  dryRun: z
    .enum(["true", "false", "1", "0"], { error: "dryRun is true or false" })
    .optional()
    .transform((v) => v === "true" || v === "1"),
});

export const zListBulkSendsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
  templateId: z.string().max(100).optional(),
});

/** What is wrong with one row: its number (1 for the first row under the header) and each problem. */
export const zBulkRowError = z.object({
  row: z.number().int(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type BulkRowError = z.infer<typeof zBulkRowError>;

export const zBulkSendRow = z.object({
  row: z.number().int(),
  status: z.enum(BULK_ROW_STATUSES),
  requestId: z.uuid().nullable(),
  error: z.string().nullable(),
  data: z.record(z.string(), z.string()),
  updatedAt: z.string().nullable(),
});
export type BulkSendRowDto = z.infer<typeof zBulkSendRow>;

export const zBulkSendSummary = z.object({
  id: z.uuid(),
  templateId: z.uuid(),
  status: z.enum(BULK_SEND_STATUSES),
  total: z.number().int(),
  created: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Rows not yet done: total − sent − failed. */
  pending: z.number().int(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type BulkSendSummaryDto = z.infer<typeof zBulkSendSummary>;

export const zBulkSend = zBulkSendSummary.extend({ rows: z.array(zBulkSendRow) });
export type BulkSendDto = z.infer<typeof zBulkSend>;

/** The answer to a bulk send: the job, and the rows refused before anything ran. */
export const zBulkSendStarted = zBulkSendSummary.extend({ errors: z.array(zBulkRowError) });
export type BulkSendStartedDto = z.infer<typeof zBulkSendStarted>;

/** A dry run: the columns the template wants, the first rows as read, and every row's errors. */
export const zBulkSendDryRun = z.object({
  dryRun: z.literal(true),
  total: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  columns: z.object({ required: z.array(z.string()), optional: z.array(z.string()) }),
  preview: z.array(z.object({ row: z.number().int(), data: z.record(z.string(), z.string()), valid: z.boolean() })),
  errors: z.array(zBulkRowError),
});
export type BulkSendDryRunDto = z.infer<typeof zBulkSendDryRun>;

export const zBulkSendList = z.object({ items: z.array(zBulkSendSummary), nextCursor: z.string().nullable() });
