import "server-only";
import type { Queryable } from "../db";
import { recordEvent, type Actor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import type { RecipientRow, RequestRow } from "../model/rows";
import { advanceRequest } from "./advance-request";
import { releaseGroup } from "./release-group";

const DONE = {
  SIGNED: { event: "recipient.signed", webhook: "signature_request.signed" },
  APPROVED: { event: "recipient.approved", webhook: "signature_request.approved" },
} as const;

/**
 * A recipient has signed or approved (their row already moved, in the caller's transaction, which holds the
 * request's row): the audit event with their address and browser, the webhook, and then the next step, as
 * advanceRequest says (the next group invited, or the seal queued).
 */
export async function finishTurn<S extends keyof typeof DONE>(
  tx: Queryable,
  req: RequestRow,
  r: RecipientRow,
  who: Omit<Actor, "actor">,
  status: S,
  evidence: { details?: Record<string, unknown>; at?: Date; webhook?: Record<string, unknown> } = {},
) {
  const { event, webhook } = DONE[status];
  await recordEvent(
    tx,
    req.id,
    event,
    { actor: `recipient:${r.id}`, ...who },
    { email: r.email, name: r.name, ...evidence.details },
    evidence.at ? { at: evidence.at } : {},
  );
  await emitEvent(tx, req, webhook, {
    id: req.id,
    title: req.title,
    status: req.status,
    recipient: { id: r.id, email: r.email, name: r.name },
    ...evidence.webhook,
  });
  // A signing group with the signatures it needs lets its other members go before the request moves on.
  if (status === "SIGNED") await releaseGroup(tx, req, r);
  return { requestId: req.id, status, ...(await advanceRequest(tx, req.id)) };
}
