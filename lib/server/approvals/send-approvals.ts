import "server-only";
import { and, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { waitsForApproval } from "../auth/send-approval";
import { keyActor, recordEvent, staffLabel, type Actor } from "../audit/record-event";
import { getDb, type Queryable, type Tx } from "../db";
import { apiKeys, organizations, sendApprovals, signatureRequests } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError, notFound } from "../errors";
import { isUuid } from "../auth/scope";
import { assertDraft } from "../model/request-state";
import { findVisibleRequest } from "../model/request-queries";
import { loadRequestDto } from "../model/request-dto";
import { checkSendable, sendDraft } from "../requests/send-request";
import type { StaffIdentity } from "../staff/sessions";
import { emitEvent } from "../webhooks/emit-event";
import type { Environment } from "../auth/keys";
import type { Scope } from "@/lib/schemas/scopes";

/**
 * Sends that wait for a person. A key marked "sends need approval" does not send in production: its send is
 * checked as a send would be (recipients, fields, rules), then waits as a PENDING approval; the request cannot
 * change meanwhile (assertDraft refuses while `pendingApprovalId` is set). A staff member of the organization
 * approves it, and it is sent then, as it stood, in the same transaction; or rejects it with a reason, and it is
 * a DRAFT the key may change again (webhook signature_request.approval_rejected). Sandbox sends never wait, and a
 * staff member's own send from the dashboard is not a key's.
 */
/** The key's send, waiting: checked as a send, recorded PENDING, the request held. */
export async function askApproval(tx: Tx, auth: KeyAuth, id: string, via: "api" | "mcp" = "api") {
  const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
  assertDraft(req, "sending");
  await checkSendable(tx, req);
  const approval = oneRow(
    await tx.insert(sendApprovals).values({ requestId: req.id, orgId: req.orgId, keyId: auth.keyId, via }).returning(),
    "the send approval",
  );
  const updated = oneRow(
    await tx
      .update(signatureRequests)
      .set({ pendingApprovalId: approval.id, updatedAt: new Date() })
      .where(eq(signatureRequests.id, req.id))
      .returning(),
    "the request waiting for approval",
  );
  await recordEvent(tx, req.id, "request.approval_requested", keyActor(auth), { approvalId: approval.id, via });
  await emitEvent(tx, req, "signature_request.approval_requested", {
    id: req.id,
    title: req.title,
    status: "DRAFT",
    approvalId: approval.id,
  });
  return updated;
}

/** POST …/send for a key: sent, or (a key whose production sends need approval) waiting. */
export async function sendOrAsk(auth: KeyAuth, id: string, via: "api" | "mcp" = "api") {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const waiting = waitsForApproval(auth, via);
    const row = waiting ? await askApproval(tx, auth, id, via) : await sendDraft(tx, auth, id);
    return { waiting, request: await loadRequestDto(tx, row) };
  });
}

const REASON_MAX = 1000;

/**
 * A staff member's decision on a waiting send of their organization. APPROVE sends the request as the key that
 * asked (its environment, its sender line), named in the audit trail as approved by the staff member; REJECT
 * needs a reason, which the key reads in the request and the webhook.
 */
export async function decideApproval(
  staff: StaffIdentity,
  requestId: string,
  input: { decision: "APPROVE" | "REJECT"; reason?: string | null },
) {
  const reason = (input.reason ?? "").trim();
  if (input.decision === "REJECT" && !reason)
    throw new AppError("VALIDATION_FAILED", "Say why the send is rejected: the integration reads it", {
      errors: [{ field: "reason", message: "Give a reason" }],
    });
  if (reason.length > REASON_MAX)
    throw new AppError("VALIDATION_FAILED", `The reason is longer than ${REASON_MAX} characters`, {
      errors: [{ field: "reason", message: `At most ${REASON_MAX} characters` }],
    });
  if (!isUuid(requestId)) throw notFound("REQUEST_NOT_FOUND", "Signature request");
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [req] = await tx
      .select()
      .from(signatureRequests)
      .where(and(eq(signatureRequests.id, requestId), eq(signatureRequests.orgId, staff.orgId)))
      .for("update");
    if (!req) throw notFound("REQUEST_NOT_FOUND", "Signature request");
    if (req.pendingApprovalId === null)
      throw new AppError("APPROVAL_NOT_PENDING", "This request has no send waiting for approval (it was decided already)", {
        details: { status: req.status },
      });
    if (input.decision === "APPROVE") {
      const [asker] = await tx
        .select({ revokedAt: apiKeys.revokedAt })
        .from(sendApprovals)
        .innerJoin(apiKeys, eq(apiKeys.id, sendApprovals.keyId))
        .where(eq(sendApprovals.id, req.pendingApprovalId));
      if (asker?.revokedAt)
        throw new AppError("APPROVAL_KEY_REVOKED", "The API key that asked for this send was revoked since; reject the send", {
          details: { approvalId: req.pendingApprovalId },
        });
    }
    const [approval] = await tx
      .update(sendApprovals)
      .set({
        state: input.decision === "APPROVE" ? "APPROVED" : "REJECTED",
        decidedAt: new Date(),
        decidedByStaffId: staff.id,
        decidedByName: staff.name,
        reason: reason || null,
      })
      .where(and(eq(sendApprovals.id, req.pendingApprovalId), eq(sendApprovals.state, "PENDING")))
      .returning();
    if (!approval) throw new Error(`Send approval ${req.pendingApprovalId} of ${req.id} is not PENDING`);
    await tx
      .update(signatureRequests)
      .set({ pendingApprovalId: null, updatedAt: new Date() })
      .where(eq(signatureRequests.id, req.id));
    const actor: Actor = { actor: `staff:${staff.id}`, actorLabel: staffLabel(staff) };
    if (input.decision === "REJECT") {
      await recordEvent(tx, req.id, "request.approval_rejected", actor, { approvalId: approval.id, reason });
      await emitEvent(tx, req, "signature_request.approval_rejected", {
        id: req.id,
        title: req.title,
        status: "DRAFT",
        approvalId: approval.id,
        reason,
      });
      const [row] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, req.id));
      return loadRequestDto(tx, row!);
    }
    await recordEvent(tx, req.id, "request.approval_approved", actor, { approvalId: approval.id });
    const sent = await sendDraft(tx, await authOfKey(tx, approval.keyId, req.environment as Environment), req.id, actor);
    return loadRequestDto(tx, sent);
  });
}

/** The key that asked, as its send is made when approved (never waiting again: the approval is the person). */
async function authOfKey(tx: Queryable, keyId: string, environment: Environment): Promise<KeyAuth> {
  const [row] = await tx
    .select({ key: apiKeys, plan: organizations.plan })
    .from(apiKeys)
    .innerJoin(organizations, eq(organizations.id, apiKeys.orgId))
    .where(eq(apiKeys.id, keyId));
  if (!row) throw new Error(`The key ${keyId} that asked for a send approval is gone`);
  return {
    keyId: row.key.id,
    keyPrefix: row.key.keyPrefix,
    orgId: row.key.orgId,
    plan: row.plan,
    environment,
    rateLimitPerMinute: row.key.rateLimitPerMinute,
    ip: null,
    userAgent: null,
    kind: row.key.kind,
    scopes: (row.key.scopes as Scope[] | null) ?? null,
    sendsNeedApproval: false,
  };
}

/** The organization's sends waiting for approval, oldest first (the dashboard's list). */
export async function pendingApprovals(staff: StaffIdentity) {
  const db = await getDb();
  return db
    .select({ id: signatureRequests.id, title: signatureRequests.title, requestedAt: sendApprovals.requestedAt })
    .from(sendApprovals)
    .innerJoin(signatureRequests, eq(signatureRequests.id, sendApprovals.requestId))
    .where(and(eq(sendApprovals.orgId, staff.orgId), eq(sendApprovals.state, "PENDING")))
    .orderBy(sendApprovals.requestedAt);
}
