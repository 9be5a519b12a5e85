import "server-only";
import { getDb } from "../db";
import type { Actor } from "../audit/record-event";
import { finishTurn } from "../turns/finish-turn";
import { findSigner } from "./find-signer";
import { limitSigner } from "./limit-signer";
import { assertMayAct, transitionRecipient } from "../model/recipient-state";
import { requireSignerSession } from "./signer-session";
import { keepPageLocale } from "./page-locale";
import type { Locale } from "@/lib/i18n/locales";

/**
 * An approver approves: they become APPROVED (the time in the signed_at column, shown as
 * approvedAt), `recipient.approved` is recorded with their address and browser, the
 * `signature_request.approved` webhook goes out, and the order advances exactly as after a
 * signature (next group invited, or the seal queued). The order is enforced here, whatever link
 * the caller holds.
 */
export async function approveSigning(token: string, who: Omit<Actor, "actor">, session: string | null = null, locale?: Locale) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    await requireSignerSession(tx, r, req, session);
    assertMayAct(r, req, "approve");
    const now = new Date();
    await transitionRecipient(tx, r.id, "APPROVED", { set: { signedAt: now, viewedAt: r.viewedAt ?? now } });
    await keepPageLocale(tx, r, locale);
    return finishTurn(tx, req, r, who, "APPROVED");
  });
}
