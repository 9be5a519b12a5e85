import "server-only";
import { openSignerLink } from "./open-signer-link";
import { eq } from "drizzle-orm";
import { getDb } from "../db";
import { signersFields } from "../model/groups";
import { fields } from "../db/schema";
import { blobs } from "../blobs/store";
import { recordEvent, type Actor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { documentIn, loadDocuments, loadRecipients } from "../model/request-queries";
import { inDocumentOrder, storedLocale, toDocumentDto, toFieldDto, toRequestDocumentDto } from "../model/request-dto";
import { findSigner, sealedCopyUntil } from "./find-signer";
import { limitSigner } from "./limit-signer";
import { signerCopy } from "./signer-copy";
import { sealedAttachments } from "./signer-downloads";
import { toldOfDecline } from "./decline-audience";
import { requireSignerSession } from "./signer-session";
import { advanceRequest } from "../turns/advance-request";
import { actorsOf, everyoneDone, isDone } from "../model/roles";
import { transitionRecipient } from "../model/recipient-state";
import { clock } from "../clock";
import { signingDate } from "./signing-date";
import { loadSigningDrafts } from "./signing-drafts";
import { earlierValues } from "./earlier-values";
import { fieldsReadBy } from "../fields/form-values";
import { documentFileTitle, downloadFileName } from "@/lib/files/file-name";

/**
 * What the signer's page shows. The first view moves the recipient from SENT to VIEWED. For a
 * VIEWER that first view is their whole turn: it is recorded as such and the order advances (the
 * next group is invited, or the seal queued) in the same transaction. A link of a request that
 * ended answers 410 (findSigner); a COMPLETED request's shows the request and the sealed copy's
 * pages, no fields, until `availableUntil`.
 */
export async function viewSigning(token: string, who: Omit<Actor, "actor">, session: string | null = null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  return db.transaction(async (tx) => {
    let { r, req } = await findSigner(tx, token);
    // A recipient with a code sees nothing (and is not marked VIEWED) before giving it.
    await requireSignerSession(tx, r, req, session);
    if (r.status === "SENT" && req.status === "IN_PROGRESS") {
      // Marking VIEWED may finish a viewer's turn and so advance the request: hold its row, as a
      // signature does, and look again under the lock.
      ({ r, req } = await findSigner(tx, token, { forUpdate: true }));
    }
    if (r.status === "SENT" && req.status === "IN_PROGRESS") {
      const now = new Date();
      await transitionRecipient(tx, r.id, "VIEWED", { from: ["SENT"], set: { viewedAt: now } });
      await recordEvent(
        tx,
        req.id,
        "recipient.viewed",
        { actor: `recipient:${r.id}`, ...who },
        { email: r.email, ...(r.role === "VIEWER" && { role: r.role, done: true }) },
      );
      await emitEvent(tx, req, "signature_request.viewed", {
        id: req.id,
        title: req.title,
        status: req.status,
        recipient: { id: r.id, email: r.email, name: r.name, role: r.role },
      });
      if (r.role === "VIEWER") await advanceRequest(tx, req.id);
    }
    const all = await loadRecipients(tx, req.id);
    const me = all.find((x) => x.id === r.id)!;
    const completed = req.status === "COMPLETED";
    const requestFields =
      completed || me.role !== "SIGNER" ? [] : await tx.select().from(fields).where(eq(fields.requestId, req.id));
    // A signing group's member fills the group's fields of the place they would take (model/groups.ts).
    const { mine } = signersFields(requestFields, me, all);
    const docs = await loadDocuments(tx, req.id);
    const [first] = docs;
    if (!first) throw new Error(`Signature request ${req.id} has no document`);
    // What the signer saved so far, while it is their turn: none once they signed or declined or the request ended.
    const drafts = await loadSigningDrafts(tx, me, req);
    const invited = me.status === "SENT" || me.status === "VIEWED";
    const waitingFor =
      me.status === "PENDING"
        ? actorsOf(all)
            .filter((x) => x.order < me.order && !isDone(x))
            .map((x) => x.name)
        : [];
    return {
      request: {
        id: req.id,
        title: req.title,
        status: req.status,
        environment: req.environment,
        locale: storedLocale(req.locale),
        timezone: req.timezone,
        dateFormat: req.dateFormat,
      },
      recipient: {
        id: me.id,
        name: me.name,
        email: me.email,
        role: me.role,
        status: me.status,
        signedAt: me.role === "APPROVER" ? null : (me.signedAt?.toISOString() ?? null),
        approvedAt: me.role === "APPROVER" ? (me.signedAt?.toISOString() ?? null) : null,
        viewedAt: me.viewedAt?.toISOString() ?? null,
        locale: storedLocale(me.locale),
        canDelegate: me.canDelegate && me.delivery !== "EMBEDDED",
      },
      // What this signer's DATE fields would say if they signed now (the day in the request's zone and format,
      // in their language): the page shows it, the signature stores it afresh.
      signingDate: signingDate(me, req, clock.now()),
      // A signer or an approver who was invited and has not finished; a viewer's turn ends as they open the link.
      yourTurn: req.status === "IN_PROGRESS" && (me.role === "SIGNER" || me.role === "APPROVER") && invited,
      waitingFor,
      // Everyone who takes a turn has finished (every SIGNER signed, APPROVER approved, VIEWER viewed):
      // the sealed PDF is being made (request still IN_PROGRESS) or was sent (COMPLETED).
      everyoneSigned: everyoneDone(all),
      // COMPLETED: the sealed copy (the current version), at /document until then; null otherwise.
      availableUntil: sealedCopyUntil(req)?.toISOString() ?? null,
      // The sender's own words, as the invitation gave them: the page shows them above the document.
      message: req.emailMessage ? { from: req.senderName ?? null, text: req.emailMessage } : null,
      document: toDocumentDto(first.current),
      documents: docs.map(toRequestDocumentDto),
      // Whether a decline would tell anyone besides the sender (the dialog says so only then).
      declineTells: toldOfDecline(all, me.id).length,
      // COMPLETED: the files signers kept, each downloadable at /attachments/{id}; none before.
      attachments: await sealedAttachments(tx, req, r.id),
      // What the signer needs of each field, in reading order across the documents: no anchor bookkeeping, no other recipient's ids.
      fields: inDocumentOrder(
        mine.sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x),
        docs,
      ).map((row) => {
        const { anchor, recipientId, ...field } = toFieldDto(row);
        void anchor;
        void recipientId;
        return field;
      }),
      readFields: fieldsReadBy(mine, requestFields),
      drafts,
      // What the recipients who signed put on the documents, drawn read-only where it stands (earlier-values.ts says what is never shown).
      signedValues: await earlierValues(tx, req, me),
    };
  });
}

/**
 * A PDF a link may see (the request's first document, or the one `documentId` names): the one to sign
 * without its anchor text (signer-copy.ts), or, once COMPLETED, the sealed copy. Ended: 410.
 */
export async function signingDocument(
  token: string,
  who: Omit<Actor, "actor">,
  session: string | null = null,
  documentId?: string,
) {
  const { db, req } = await openSignerLink(token, who, session);
  const docs = await loadDocuments(db, req.id);
  // Another request's document, or any id not of this one, is the same 404.
  const chosen = documentId === undefined ? docs[0] : documentIn(docs, documentId);
  if (!chosen) throw new Error(`Signature request ${req.id} has no document`);
  // One rule for every file (lib/files/file-name.ts): the request's title for its only document, else the document's own name.
  const title = documentFileTitle(req.title, chosen.name, docs.length);
  const sealed = req.status === "COMPLETED";
  if (sealed) return { bytes: await blobs().get(chosen.current.sha256), filename: downloadFileName(title, sealed) };
  // Before the seal: the copy without the anchor text, the very bytes the seal will draw the values into.
  return { bytes: (await signerCopy(chosen.current.sha256)).bytes, filename: downloadFileName(title, sealed) };
}
