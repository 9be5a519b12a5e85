import "server-only";
import { and, eq } from "drizzle-orm";
import type { Locale } from "@/lib/i18n/locales";
import { recordEvent, type Actor } from "../audit/record-event";
import { getDb } from "../db";
import { recipients, retiredSigningLinks } from "../db/schema";
import { AppError } from "../errors";
import { enqueue } from "../jobs/queue";
import { assertMayAct, restartTurn } from "../model/recipient-state";
import { dropSignerLeftovers } from "../model/signer-leftovers";
import { hashToken, signingToken } from "../tokens";
import { emitEvent } from "../webhooks/emit-event";
import { findSigner } from "./find-signer";
import { limitSigner } from "./limit-signer";
import { requireSignerSession } from "./signer-session";

export interface Delegation {
  name: string;
  email: string;
  reason: string;
  locale?: Locale;
}

/**
 * POST /api/sign/{token}/delegate: a signer or approver whose turn it is, and who may (`canDelegate`, set by
 * the sender or the template's role), hands their turn to someone else. The delegate takes the same place in
 * the order and the same fields; the delegator's link stops at once (410, "handed over"), and whatever they
 * saved or uploaded goes with it; the delegate is invited with a link of their own. A delegate may not hand
 * over again (canDelegate is cleared): a turn changes hands once, so the certificate names one chain.
 * A code the sender gave the delegator is not the delegate's to know: a recipient with ACCESS_CODE is
 * asked for an e-mailed code instead; EMAIL_CODE stays (their own mailbox proves them).
 */
export async function delegateSigning(token: string, input: Delegation, who: Omit<Actor, "actor">, session: string | null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    await requireSignerSession(tx, r, req, session);
    assertMayAct(r, req, r.role === "APPROVER" ? "approve" : "sign");
    if (!r.canDelegate) {
      throw new AppError("DELEGATION_NOT_ALLOWED", "The sender did not allow this recipient to hand their turn to someone else", {
        details: { canDelegate: false },
      });
    }
    if (r.delivery === "EMBEDDED") {
      throw new AppError("DELEGATION_NOT_ALLOWED", "An embedded recipient's turn belongs to the application that embeds it", {
        details: { delivery: r.delivery },
      });
    }
    if (input.email.toLowerCase() === r.email.toLowerCase()) {
      const message = "Name someone else: this is your own address";
      throw new AppError("VALIDATION_FAILED", message, { errors: [{ field: "email", message }] });
    }
    if (r.tokenHash)
      await tx
        .insert(retiredSigningLinks)
        .values({ tokenHash: r.tokenHash, recipientId: r.id, reason: "delegated" })
        .onConflictDoNothing();
    await dropSignerLeftovers(tx, { recipientIds: [r.id] });
    const version = r.tokenVersion + 1;
    const at = new Date();
    const from = { name: r.name, email: r.email, reason: input.reason, at: at.toISOString() };
    const [updated] = await tx
      .update(recipients)
      .set({
        name: input.name,
        email: input.email,
        tokenVersion: version,
        tokenHash: hashToken(await signingToken(tx, r.id, version)),
        pageLocale: null,
        locale: input.locale ?? r.locale,
        canDelegate: false,
        delegatedFrom: from,
        ...(r.authMethod === "ACCESS_CODE" && { authMethod: "EMAIL_CODE", accessCodeHash: null }),
        authFailures: 0,
        authLockedUntil: null,
      })
      .where(and(eq(recipients.id, r.id), eq(recipients.tokenVersion, r.tokenVersion)))
      .returning();
    if (!updated) throw new AppError("DOCUMENT_CHANGED", "This recipient changed meanwhile; reload the page");
    // The delegate has not opened it: what the delegator viewed is not theirs.
    await restartTurn(tx, r.id);
    await recordEvent(
      tx,
      req.id,
      "recipient.delegated",
      { actor: `recipient:${r.id}`, actorLabel: `${r.name} <${r.email}>`, ...who },
      {
        recipientId: r.id,
        email: input.email,
        from: { name: r.name, email: r.email },
        to: { name: input.name, email: input.email },
        reason: input.reason,
      },
    );
    await emitEvent(tx, req, "recipient.delegated", {
      id: req.id,
      title: req.title,
      status: req.status,
      recipient: { id: r.id, email: input.email, name: input.name },
      delegatedBy: { email: r.email, name: r.name },
      reason: input.reason,
    });
    await enqueue(tx, "invitation", { requestId: req.id, recipientId: r.id });
    return { delegated: true as const, to: { name: input.name, email: input.email } };
  });
}
