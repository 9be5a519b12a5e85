import "server-only";
import { desc, eq } from "drizzle-orm";
import type { SendApprovalDto } from "@/lib/schemas/approvals";
import type { Queryable } from "../db";
import { apiKeys, sendApprovals } from "../db/schema";

/** The request's latest approval (waiting or decided), as the request's DTO shows it; null: none was ever asked. */
export async function latestApproval(db: Queryable, requestId: string): Promise<SendApprovalDto | null> {
  const [row] = await db
    .select({ a: sendApprovals, keyPrefix: apiKeys.keyPrefix })
    .from(sendApprovals)
    .innerJoin(apiKeys, eq(apiKeys.id, sendApprovals.keyId))
    .where(eq(sendApprovals.requestId, requestId))
    .orderBy(desc(sendApprovals.requestedAt))
    .limit(1);
  return row ? toApprovalDto(row.a, row.keyPrefix) : null;
}

export function toApprovalDto(a: typeof sendApprovals.$inferSelect, keyPrefix: string): SendApprovalDto {
  return {
    id: a.id,
    state: a.state as SendApprovalDto["state"],
    via: a.via as SendApprovalDto["via"],
    requestedAt: a.requestedAt.toISOString(),
    requestedByKey: keyPrefix,
    decidedAt: a.decidedAt?.toISOString() ?? null,
    decidedBy: a.decidedByName,
    reason: a.reason,
  };
}
