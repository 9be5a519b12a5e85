import "server-only";
import { formFieldOf, ownerForm, throwFormProblems } from "../fields/form-guard";
import { requestOwner, type StoredField } from "../model/field-owner";
import { eq } from "drizzle-orm";
import type { KeyAuth } from "../auth/authenticate";
import { clock } from "../clock";
import { getDb, type Tx } from "../db";
import { organizations, recipients } from "../db/schema";
import { oneRow } from "../db/rows";
import { AppError } from "../errors";
import { keyActor, recordEvent, type Actor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { hashToken, signingToken } from "../tokens";
import { inviteNextGroup } from "../turns/invite";
import { enqueue } from "../jobs/queue";
import { config } from "../config";
import { assertDraft, transitionRequest } from "../model/request-state";
import { findVisibleRequest, loadFields, loadRecipients } from "../model/request-queries";
import { loadRequestDto } from "../model/request-dto";
import { expiryAtSend } from "../model/send-settings";
import { signedInStaff } from "../auth/signed-in-staff";
import { signerSigning } from "@/lib/forms/form-problems";
import { groupProblems, placesOf, slotOf } from "../model/groups";
import type { RecipientRow, RequestRow } from "../model/rows";

/**
 * DRAFT → IN_PROGRESS; the first order group's invitations are queued in the same transaction. The request's
 * expiry is fixed here (its own, counted from now when in days), and the staff member who sends it
 * (a dashboard call) is kept for its mails' From name and Reply-To, and is told how the request ends.
 */
export async function sendRequest(auth: KeyAuth, id: string) {
  const db = await getDb();
  return db.transaction(async (tx) => loadRequestDto(tx, await sendDraft(tx, auth, id)));
}

/**
 * Sends a DRAFT in the caller's transaction (sendRequest, and a public link's visitor, whose request is
 * made and sent in one transaction with the place it takes in the link's quota). `actor`: who the audit
 * trail names (the key's, else).
 */
export async function sendDraft(tx: Tx, auth: KeyAuth, id: string, actor: Actor = keyActor(auth)) {
  const req = await findVisibleRequest(tx, auth, id, { forUpdate: true });
  assertDraft(req, "sending");
  const recs = await checkSendable(tx, req);

  const now = clock.now();
  const org = oneRow(await tx.select().from(organizations).where(eq(organizations.id, req.orgId)), "the request's organization");
  const expiresAt = expiryAtSend(req, org, now);
  // The sender's own row (an active member of this organization), to tell them how it ends.
  const sender = await signedInStaff(tx, auth);
  const updated = await transitionRequest(tx, req.id, "IN_PROGRESS", {
    set: {
      sentAt: now,
      updatedAt: now,
      expiresAt,
      senderName: auth.staff?.name ?? null,
      senderEmail: auth.staff?.email ?? null,
      sentByStaffId: sender?.id ?? null,
    },
    why: "sending is only possible while it is DRAFT",
  });
  for (const r of recs) {
    await tx
      .update(recipients)
      .set({ tokenHash: hashToken(await signingToken(tx, r.id)) })
      .where(eq(recipients.id, r.id));
  }
  const group = await inviteNextGroup(tx, req.id, recs);
  // The first pages the signers will see, drawn now rather than when the first of them opens the link.
  if (config.drawPagesAhead > 0) await enqueue(tx, "draw-pages", { requestId: req.id });
  await recordEvent(tx, req.id, "request.sent", actor, {
    order: group.order,
    invited: group.invited,
    expiresAt: expiresAt.toISOString(),
  });
  await emitEvent(tx, req, "signature_request.sent", {
    id: req.id,
    title: req.title,
    status: "IN_PROGRESS",
    source: req.source,
    ...(req.publicLinkId !== null && { publicLinkId: req.publicLinkId }),
  });
  return updated;
}

/**
 * What a send checks before anything moves: someone who decides, groups that hold together, each signer's
 * fields (and a signature among them), the form's rules and formulas. A send waiting for approval is checked
 * the same (lib/server/approvals), so that what is approved can be sent. Returns the recipients.
 */
export async function checkSendable(tx: Tx, req: RequestRow) {
  const recs = await loadRecipients(tx, req.id);
  // Someone must decide: a request of viewers (and CCs) only would complete on being read.
  const deciders = recs.filter((r) => r.role === "SIGNER" || r.role === "APPROVER");
  if (deciders.length === 0) {
    throw new AppError(
      "NO_DECIDING_RECIPIENT",
      "Add at least one SIGNER or APPROVER recipient before sending (viewers and CC recipients alone decide nothing)",
      {
        details: { missing: ["signer"] },
      },
    );
  }
  const problems = groupProblems(recs);
  if (problems.length)
    throw new AppError("GROUP_INVALID", problems.join("; "), {
      errors: problems.map((message) => ({ field: "group", message })),
    });
  // A signing group's fields are its first member's (model/groups.ts): the group counts once, place by place.
  const signers = recs.filter((r) => r.role === "SIGNER" && slotOf(r) === r.id);
  const fieldRows = await loadFields(tx, req.id);
  refuseSeatsBeyondGroups(signers, fieldRows);
  const withFields = new Set(fieldRows.map((f) => f.recipientId));
  const bare = signers.filter((s) => !withFields.has(s.id));
  if (bare.length) {
    throw new AppError(
      "SIGNER_WITHOUT_FIELDS",
      `Every signer needs at least one field; none for ${bare.map((s) => s.email).join(", ")}`,
      {
        details: { signersWithoutFields: bare.map((s) => ({ id: s.id, email: s.email, name: s.name })) },
      },
    );
  }
  // The rules and formulas as the recipients now stand (an order changed since they were saved, say);
  // a signer whose signatures may all be left out is one of them.
  throwFormProblems((await ownerForm(tx, requestOwner(req.id))).problems);
  refuseSignersWhoSignNothing(signers, fieldRows);
  return recs;
}

/** A field in a place its group does not have (its `required` lowered since), or a place given outside a group: 422. */
function refuseSeatsBeyondGroups(slots: RecipientRow[], fieldRows: StoredField[]) {
  const places = new Map(slots.map((s) => [s.id, placesOf(s)]));
  const beyond = fieldRows.filter((f) => f.seat > (places.get(f.assigneeId) ?? 1));
  if (!beyond.length) return;
  const message = `${beyond.length} field(s) stand in a place their signer does not have (seat ${beyond[0]!.seat}); a group needing n signatures has places 1 … n, anyone else place 1`;
  throw new AppError("GROUP_INVALID", message, {
    errors: [{ field: "seat", message }],
    details: { fieldIds: beyond.map((f) => f.id) },
  });
}

/**
 * A signer always signs: one with no SIGNATURE is sent only when all of their fields are the interface
 * spec's others (INITIAL, DATE, TEXT) with no conditions, as the spec's anchors and coordinates make them;
 * a signer of CHECKBOXes (or any of Signet's other fields, or rules) and no signature is refused, 422
 * naming them. One with signatures that may all be left out is the form's problem (FORM_RULES_INVALID).
 */
function refuseSignersWhoSignNothing(signers: RecipientRow[], fieldRows: StoredField[]) {
  // Each place of a group signs: with two required, each of its two places needs a signature.
  const places = (s: RecipientRow) => Array.from({ length: placesOf(s) }, (_, i) => i + 1);
  const unsigned = signers.filter((s) =>
    places(s).some(
      (seat) => signerSigning(fieldRows.filter((f) => f.assigneeId === s.id && f.seat === seat).map(formFieldOf)) === "none",
    ),
  );
  if (!unsigned.length) return;
  throw new AppError(
    "SIGNER_WITHOUT_FIELDS",
    `A signer always signs: ${unsigned.map((s) => `${s.name} (${s.email})`).join(", ")} ${unsigned.length === 1 ? "has" : "have"} no SIGNATURE field; add one that is always shown and required`,
    { details: { signersWithoutSignature: unsigned.map((s) => ({ id: s.id, email: s.email, name: s.name })) } },
  );
}
