import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { PdfError } from "@/lib/pdf/errors";
import { parseStoredFieldValue } from "@/lib/schemas/signing";
import { blobs } from "../blobs/store";
import { getDb } from "../db";
import { fields, recipients, signatureRequests } from "../db/schema";
import { runEngine } from "../engine";
import { enqueue } from "../jobs/queue";
import { recordEvent, systemActor } from "../audit/record-event";
import { transitionRecipient } from "../model/recipient-state";

/** The seal error a request carries while a signer is asked to sign again. */
export const SIGNER_VALUE_REJECTED = "SIGNER_VALUE_REJECTED";

/**
 * The seal could not draw a value a signer gave (an image that cannot be decoded: one taken before
 * signatures were judged at submission). Rather than a request stuck IN_PROGRESS with everyone
 * signed, each signer whose image fails is handed their turn back: their values are cleared, they
 * move from SIGNED to VIEWED, are mailed their link again (EMBEDDED ones are not mailed), and the
 * request says why (sealError SIGNER_VALUE_REJECTED, an audit event per signer). When they have
 * signed again the seal is queued as usual. Returns the recipients handed back (none: the failure
 * was not a signer's value, and the caller records the seal failure as before).
 */
export async function returnToSigners(requestId: string, e: unknown): Promise<{ id: string; name: string }[]> {
  if (!(e instanceof PdfError) || e.kind !== "NOT_AN_IMAGE") return [];
  const db = await getDb();
  const rows = await db.select().from(fields).where(eq(fields.requestId, requestId));
  const bad = new Set<string>(); // recipient ids
  const judged = new Map<string, boolean>(); // sha256 → decodes
  for (const f of rows) {
    const v = parseStoredFieldValue(f.value);
    if (v?.kind !== "image") continue;
    let ok = judged.get(v.sha256);
    if (ok === undefined) {
      try {
        await runEngine("cleanImage", [await blobs().get(v.sha256)], { timeoutMs: 15_000 });
        ok = true;
      } catch (err) {
        if (!(err instanceof PdfError)) throw err;
        ok = false;
      }
      judged.set(v.sha256, ok);
    }
    if (!ok) bad.add(f.signedBy ?? f.recipientId);
  }
  if (!bad.size) return [];
  return db.transaction(async (tx) => {
    const [req] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, requestId)).for("update");
    if (!req || req.status !== "IN_PROGRESS") return [];
    const back = await tx
      .select()
      .from(recipients)
      .where(and(eq(recipients.requestId, requestId), inArray(recipients.id, [...bad]), eq(recipients.status, "SIGNED")));
    if (!back.length) return [];
    const now = new Date();
    for (const r of back) {
      // A signing group's member gives back their own values only (the group's fields hold its other members' too).
      await tx
        .update(fields)
        .set({ value: null, signedBy: null })
        .where(r.groupId ? eq(fields.signedBy, r.id) : eq(fields.recipientId, r.id));
      await transitionRecipient(tx, r.id, "VIEWED", { from: ["SIGNED"], set: { signedAt: null } });
      await recordEvent(tx, req.id, "recipient.signature_returned", systemActor, {
        recipientId: r.id,
        email: r.email,
        reason: e.message,
      });
      await enqueue(tx, "invitation", { requestId: req.id, recipientId: r.id, reminder: true });
    }
    const names = back.map((r) => r.name).join(", ");
    await tx
      .update(signatureRequests)
      .set({
        sealErrorCode: SIGNER_VALUE_REJECTED,
        sealErrorMessage: `The seal could not use the signature image of ${names}: ${back.length === 1 ? "they were" : "each was"} asked to sign again`,
        sealFailedAt: now,
        updatedAt: now,
      })
      .where(eq(signatureRequests.id, req.id));
    return back.map((r) => ({ id: r.id, name: r.name }));
  });
}
