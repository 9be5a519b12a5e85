"use server";
import type { ActionResult } from "@/lib/schemas/staff";
import { decideApproval } from "@/lib/server/approvals/send-approvals";
import { staffAction } from "@/lib/server/staff/staff-action";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

// A staff member's decision on a send an API key asked for (its production sends need approval). Any active
// staff member of the request's organization decides; the use case checks the organization and the state.
export async function decideApprovalAction(
  requestId: string,
  decision: "APPROVE" | "REJECT",
  reason: string | null,
): Promise<ActionResult> {
  const t = await dashboardTr();
  return staffAction(null, async (staff) => {
    await decideApproval(staff, requestId, { decision, reason });
    return t(decision === "APPROVE" ? "requests.approval.approved" : "requests.approval.rejected");
  });
}
