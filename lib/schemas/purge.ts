import { z } from "zod";

/** What a run counts, by table (and the outbox's files), in the order they are shown. */
export const PURGE_COUNTS = [
  "recipients",
  "fields",
  "signerDrafts",
  "events",
  "mails",
  "webhookDeliveries",
  "documentVersions",
  "textLayers",
  "jobs",
  "outboxFiles",
] as const;

/** What one run of the sandbox purge deleted, as an admin sees it. */
export const zPurgeRun = z.object({
  id: z.uuid(),
  startedAt: z.string(),
  /** null while the run is going on (or if its instance stopped before it finished). */
  finishedAt: z.string().nullable(),
  /** Sandbox requests created before this were purged. */
  cutoff: z.string(),
  requests: z.number().int(),
  blobs: z.number().int(),
  /** Rows (and outbox files) deleted, by table: recipients, fields, events, mails, webhookDeliveries, … */
  counts: z.record(z.string(), z.number()),
  error: z.string().nullable(),
});
export type PurgeRunDto = z.infer<typeof zPurgeRun>;
