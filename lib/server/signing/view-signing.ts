import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb } from "../db";
import { fields, recipients } from "../db/schema";
import { blobs } from "../blobs/store";
import { recordEvent, type Actor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { currentDocument, loadRecipients, toDocumentDto, toFieldDto } from "../requests/load-request";
import { findSigner, sealedCopyUntil } from "./find-signer";
import { limitSigner } from "./limit-signer";
import { requireSignerSession } from "./signer-session";

/**
 * What the signer's page shows. The first view moves the recipient from SENT to VIEWED. A link of
 * a request that ended answers 410 (findSigner); a COMPLETED request's shows the request and the
 * sealed copy's pages, no fields, until `availableUntil`.
 */
export async function viewSigning(token: string, who: Omit<Actor, "actor">, session: string | null = null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token);
    // A recipient with a code sees nothing (and is not marked VIEWED) before giving it.
    await requireSignerSession(tx, r, req, session);
    if (r.status === "SENT" && req.status === "IN_PROGRESS") {
      await tx.update(recipients).set({ status: "VIEWED", viewedAt: new Date() }).where(and(eq(recipients.id, r.id), eq(recipients.status, "SENT")));
      await recordEvent(tx, req.id, "recipient.viewed", { actor: `recipient:${r.id}`, ...who }, { email: r.email });
      await emitEvent(tx, req, "signature_request.viewed", { id: req.id, title: req.title, status: req.status, recipient: { id: r.id, email: r.email, name: r.name } });
    }
    const all = await loadRecipients(tx, req.id);
    const me = all.find((x) => x.id === r.id)!;
    const completed = req.status === "COMPLETED";
    const mine = completed ? [] : await tx.select().from(fields).where(eq(fields.recipientId, r.id));
    const doc = await currentDocument(tx, req.id);
    const invited = me.status === "SENT" || me.status === "VIEWED";
    const waitingFor = me.status === "PENDING"
      ? all.filter((x) => x.role === "SIGNER" && x.order < me.order && x.status !== "SIGNED").map((x) => x.name)
      : [];
    return {
      request: { id: req.id, title: req.title, status: req.status, environment: req.environment },
      recipient: { id: me.id, name: me.name, email: me.email, role: me.role, status: me.status, signedAt: me.signedAt?.toISOString() ?? null },
      yourTurn: req.status === "IN_PROGRESS" && me.role === "SIGNER" && invited,
      waitingFor,
      // Every signer has signed: the sealed PDF is being made (request still IN_PROGRESS) or was sent (COMPLETED).
      everyoneSigned: all.some((x) => x.role === "SIGNER") && all.every((x) => x.role !== "SIGNER" || x.status === "SIGNED"),
      // COMPLETED: the sealed copy (the current version), at /document until then; null otherwise.
      availableUntil: sealedCopyUntil(req)?.toISOString() ?? null,
      document: toDocumentDto(doc),
      // What the signer needs of each field: no anchor bookkeeping, no other recipient's ids.
      fields: mine
        .sort((a, b) => a.page - b.page || a.y - b.y || a.x - b.x)
        .map((row) => {
          const { anchor, recipientId, ...field } = toFieldDto(row);
          void anchor;
          void recipientId;
          return field;
        }),
    };
  });
}

/** The PDF a link may see: the one to sign, or, once COMPLETED, the sealed copy. Ended: 410. */
export async function signingDocument(token: string, who: Omit<Actor, "actor">, session: string | null = null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  const { r, req } = await findSigner(db, token);
  await requireSignerSession(db, r, req, session);
  const doc = await currentDocument(db, req.id);
  const safe = req.title.replace(/[^\p{L}\p{N} ._-]+/gu, "").trim() || "document";
  return { bytes: await blobs().get(doc.sha256), filename: req.status === "COMPLETED" ? `${safe} (signed).pdf` : `${safe}.pdf` };
}
