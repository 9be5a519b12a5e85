import "server-only";
import type { BulkSendRowDto, BulkSendSummaryDto } from "@/lib/schemas/bulk";
import type { bulkSendRows, bulkSends } from "../db/schema";

export type BulkSendRow = typeof bulkSends.$inferSelect;
export type BulkSendRowRow = typeof bulkSendRows.$inferSelect;

export function toBulkSendSummary(b: BulkSendRow): BulkSendSummaryDto {
  return {
    id: b.id,
    templateId: b.templateId,
    status: b.status as BulkSendSummaryDto["status"],
    total: b.total,
    created: b.createdCount,
    sent: b.sentCount,
    failed: b.failedCount,
    pending: Math.max(0, b.total - b.sentCount - b.failedCount),
    createdBy: b.createdBy,
    createdAt: b.createdAt.toISOString(),
    finishedAt: b.finishedAt?.toISOString() ?? null,
  };
}

export function toBulkSendRowDto(r: BulkSendRowRow): BulkSendRowDto {
  return {
    row: r.rowIndex,
    status: r.status as BulkSendRowDto["status"],
    requestId: r.requestId,
    error: r.error,
    data: r.data,
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}
