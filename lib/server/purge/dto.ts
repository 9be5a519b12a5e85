import "server-only";
import { PURGE_COUNTS, type PurgeRunDto } from "@/lib/schemas/purge";
import type { purgeRuns } from "../db/schema";

export function toPurgeRunDto(row: typeof purgeRuns.$inferSelect): PurgeRunDto {
  return {
    id: row.id,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
    cutoff: row.cutoff.toISOString(),
    requests: row.requests,
    blobs: row.blobs,
    // In a fixed order (jsonb keeps its own), with whatever else a row holds after.
    counts: {
      ...Object.fromEntries(PURGE_COUNTS.filter((k) => k in row.counts).map((k) => [k, row.counts[k] ?? 0])),
      ...row.counts,
    },
    error: row.error,
  };
}
