import { z } from "zod";

/** A send that waited (or waits) for a staff member's approval: the key's production send (lib/server/approvals). */
export const zSendApproval = z.object({
  id: z.uuid(),
  state: z.enum(["PENDING", "APPROVED", "REJECTED"]),
  /** Where the send was asked for: the API, or the MCP server. */
  via: z.enum(["api", "mcp"]),
  requestedAt: z.string(),
  /** The key that asked, by its prefix. */
  requestedByKey: z.string(),
  decidedAt: z.string().nullable(),
  /** The staff member who decided, by name. */
  decidedBy: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
});
export type SendApprovalDto = z.infer<typeof zSendApproval>;

export const zApprovalDecision = z.object({
  decision: z.enum(["APPROVE", "REJECT"], { error: "decision is APPROVE or REJECT" }),
  reason: z.string().max(1000).nullable().optional(),
});
