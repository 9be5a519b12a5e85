import "server-only";
import { and, eq } from "drizzle-orm";
import type { FieldValue, SubmitSignature } from "@/lib/schemas/signing";
import { getDb } from "../db";
import { fields, recipients, signatureRequests } from "../db/schema";
import { blobs } from "../blobs/store";
import { AppError, type FieldError } from "../http/errors";
import { recordEvent, type Actor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { enqueue } from "../jobs/queue";
import { inviteNextGroup } from "../requests/send-request";
import { loadRecipients } from "../requests/load-request";
import { findSigner } from "./find-signer";
import { judgeSignatureImage, type JudgedImage } from "./judge-signature-image";
import { limitSigner } from "./limit-signer";
import { requireSignerSession } from "./signer-session";

/** Only an invited signer whose turn it is may sign or decline, whatever link they hold. */
function assertMayAct(r: { role: string; status: string }, req: { status: string }) {
  // A completed request's link shows the sealed copy, nothing else.
  if (req.status === "COMPLETED") throw new AppError("WRONG_STATE", "This request is complete; there is nothing more to sign", { details: { status: req.status } });
  if (r.role !== "SIGNER") throw new AppError("WRONG_STATE", "A CC recipient does not sign");
  const status = { status: r.status };
  if (r.status === "SIGNED") throw new AppError("WRONG_STATE", "You have already signed this document", { details: status });
  if (r.status === "DECLINED") throw new AppError("WRONG_STATE", "You declined this document", { details: status });
  if (r.status === "PENDING") throw new AppError("WRONG_STATE", "It is not your turn to sign yet: earlier signers have not signed", { details: status });
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A signer signs: every field of theirs gets its value, the recipient becomes SIGNED, and either the
 * next order group is invited or, when every signer has signed, sealing is queued. The order is
 * enforced here, whatever link the caller holds.
 */
export async function submitSignature(token: string, input: SubmitSignature, who: Omit<Actor, "actor">, session: string | null = null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  // Everything is judged first (every image included); images are stored only once all of it is
  // right, before the transaction (content-addressed, so a retry stores nothing twice).
  const pre = await findSigner(db, token);
  await requireSignerSession(db, pre.r, pre.req, session);
  assertMayAct(pre.r, pre.req);
  const mine = await db.select().from(fields).where(eq(fields.recipientId, pre.r.id));
  const byId = new Map(mine.map((f) => [f.id, f]));
  const given = new Map(input.values.map((v, i) => [v.fieldId, { v, at: `values.${i}` }]));
  const problems: FieldError[] = [];
  for (const [id, { at }] of given) if (!byId.has(id)) problems.push({ field: `${at}.fieldId`, message: "This field is not one of yours" });
  // Every image is judged before any other check and before anything is stored: a bad one is a
  // 400/415/422 naming its field, and nothing of this submission reaches the blob store.
  const images = new Map<string, JudgedImage>();
  for (const f of mine) {
    const g = given.get(f.id);
    if ((f.type === "SIGNATURE" || f.type === "INITIAL") && g?.v.image) images.set(f.id, judgeSignatureImage(g.v.image, `${g.at}.image`));
  }
  const values = new Map<string, FieldValue>();
  for (const f of mine) {
    const g = given.get(f.id);
    const label = f.label || f.name || f.type.toLowerCase();
    if (f.type === "DATE") {
      values.set(f.id, { kind: "date", text: today() });
    } else if (f.type === "TEXT") {
      const text = g?.v.text ?? f.defaultValue ?? "";
      if (f.required && text.trim() === "") problems.push({ field: g ? `${g.at}.text` : f.id, message: `${label} is required` });
      else if (f.maxLength && [...text].length > f.maxLength) problems.push({ field: g ? `${g.at}.text` : f.id, message: `${label} is at most ${f.maxLength} characters` });
      else if (text !== "") values.set(f.id, { kind: "text", text });
    } else {
      if (images.has(f.id)) {
        // Filled in below, once stored.
      } else if (g?.v.typed) values.set(f.id, { kind: "typed", text: g.v.typed });
      else if (f.required) problems.push({ field: g ? g.at : f.id, message: `${f.type === "INITIAL" ? "Initials" : "A signature"} is required (${label})` });
    }
  }
  if (problems.length) throw new AppError("UNPROCESSABLE", problems[0].message, { errors: problems });
  for (const [id, img] of images) {
    const { sha256 } = await blobs().put(img.bytes);
    values.set(id, { kind: "image", sha256, mime: img.mime });
  }

  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    await requireSignerSession(tx, r, req, session);
    assertMayAct(r, req);
    for (const [id, value] of values) await tx.update(fields).set({ value: JSON.stringify(value) }).where(eq(fields.id, id));
    const now = new Date();
    await tx.update(recipients).set({ status: "SIGNED", signedAt: now, viewedAt: r.viewedAt ?? now }).where(and(eq(recipients.id, r.id)));
    await recordEvent(tx, req.id, "recipient.signed", { actor: `recipient:${r.id}`, ...who }, { email: r.email, name: r.name, fields: values.size });
    await emitEvent(tx, req, "signature_request.signed", { id: req.id, title: req.title, status: req.status, recipient: { id: r.id, email: r.email, name: r.name } });
    const signers = (await loadRecipients(tx, req.id)).filter((x) => x.role === "SIGNER");
    const done = signers.every((s) => s.status === "SIGNED");
    if (done) await enqueue(tx, "seal", { requestId: req.id });
    else await inviteNextGroup(tx, req.id, signers);
    return { requestId: req.id, status: "SIGNED" as const, completed: done };
  });
}

export async function declineSigning(token: string, reason: string, who: Omit<Actor, "actor">, session: string | null = null) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    await requireSignerSession(tx, r, req, session);
    assertMayAct(r, req);
    const now = new Date();
    await tx.update(recipients).set({ status: "DECLINED", declinedAt: now, declineReason: reason }).where(eq(recipients.id, r.id));
    await tx.update(signatureRequests).set({ status: "DECLINED", updatedAt: now }).where(eq(signatureRequests.id, req.id));
    await recordEvent(tx, req.id, "recipient.declined", { actor: `recipient:${r.id}`, ...who }, { email: r.email, reason });
    await emitEvent(tx, req, "signature_request.declined", { id: req.id, title: req.title, status: "DECLINED", recipient: { id: r.id, email: r.email, name: r.name }, reason });
    // Everyone else who was involved hears of it.
    for (const other of await loadRecipients(tx, req.id)) {
      if (other.id !== r.id && (other.status !== "PENDING" || other.role === "CC")) {
        await enqueue(tx, "notify", { kind: "declined", requestId: req.id, recipientId: other.id, by: r.name, reason });
      }
    }
    return { requestId: req.id, status: "DECLINED" as const };
  });
}
