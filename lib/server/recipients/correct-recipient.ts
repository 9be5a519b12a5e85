import "server-only";
import { findRecipient } from "../model/find-recipient";
import { assertMayHandleLink } from "./link-keepers";
import { and, eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { getDb } from "../db";
import { recipients, retiredSigningLinks } from "../db/schema";
import { keyActor, recordEvent } from "../audit/record-event";
import { AppError } from "../errors";
import { enqueue } from "../jobs/queue";
import { hashToken, signingToken } from "../tokens";
import { dropSignerLeftovers } from "../model/signer-leftovers";
import { findVisibleRequest } from "../model/request-queries";
import { toRecipientDto } from "../model/request-dto";
import { assertRequestStatus } from "../model/request-state";
import { assertRecipientStatus } from "../model/recipient-state";

/**
 * POST …/recipients/{rid}/correct (DocuSign's "correct"): a sent request's recipient's
 * name or e-mail address, set right while they have not finished. Their link changes: the old one is
 * retired (it answers 410, saying it was replaced, and names nothing of the document to whoever holds
 * it: perhaps the wrong person, at the mistyped address), sessions and embedded URLs opened with it end,
 * and, when it is their turn, a new invitation goes to the address now set. Both the correction and the
 * new invitation are in the audit trail. Allowed to whoever may copy the link (an admin or the request's
 * creator in the dashboard) and to the organization's API key (link-keepers.ts); anyone else: 403.
 */
export async function correctRecipient(auth: KeyAuth, id: string, recipientId: string, input: { name?: string; email?: string }) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
    const r = await findRecipient(tx, req.id, recipientId);
    // A correction sends a working link to the address it sets: the people who may copy the link, and the API key.
    await assertMayHandleLink(tx, auth, req, "correct a recipient", { keyAlone: true });
    assertRequestStatus(req, ["IN_PROGRESS"], (s) =>
      s === "DRAFT"
        ? "The request is a DRAFT: change the recipient instead (PATCH)"
        : `The request is ${s}: there is nothing to correct`,
    );
    assertRecipientStatus(r, ["PENDING", "SENT", "VIEWED"], (s) => `This recipient is ${s}: what they did stays as it was`);
    const name = input.name ?? r.name;
    const email = input.email ?? r.email;
    if (name === r.name && email === r.email)
      throw new AppError("VALIDATION_FAILED", "Nothing to correct: the name and e-mail are already these", {
        errors: [{ field: input.email !== undefined ? "email" : "name", message: "is already this" }],
      });

    // The old link: retired (410 "replaced"), and whatever was opened with it ends.
    if (r.tokenHash)
      await tx.insert(retiredSigningLinks).values({ tokenHash: r.tokenHash, recipientId: r.id }).onConflictDoNothing();
    // The turn passes to the new link: what was saved, uploaded or opened through the old one (perhaps by
    // someone else, at the mistyped address), embedded signing URLs and their page sessions among it,
    // ends as at any end of a turn.
    await dropSignerLeftovers(tx, { recipientIds: [r.id] });
    const version = r.tokenVersion + 1;
    const invited = r.tokenHash !== null;
    const [updated] = await tx
      .update(recipients)
      .set({
        name,
        email,
        tokenVersion: version,
        // The language the old link's page was read in was someone else's choice, perhaps.
        pageLocale: null,
        // A link exists once the request was sent (send-request.ts); a new one replaces it at once.
        tokenHash: invited ? hashToken(await signingToken(tx, r.id, version)) : null,
      })
      .where(and(eq(recipients.id, r.id), eq(recipients.tokenVersion, r.tokenVersion)))
      .returning();
    if (!updated) throw new AppError("DOCUMENT_CHANGED", "The recipient changed while this correction was being made; retry");
    await recordEvent(tx, req.id, "recipient.corrected", keyActor(auth), {
      recipientId: r.id,
      email,
      from: { name: r.name, email: r.email },
      to: { name, email },
      linkReplaced: invited,
    });
    // Their turn: the new link goes to the address now set. PENDING: they are invited in turn, as before.
    const theirTurn = r.status === "SENT" || r.status === "VIEWED";
    if (theirTurn && r.delivery !== "EMBEDDED") await enqueue(tx, "invitation", { requestId: req.id, recipientId: r.id });
    return { ...toRecipientDto(updated), invited: theirTurn && r.delivery !== "EMBEDDED" };
  });
}
