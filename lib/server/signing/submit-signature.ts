import "server-only";
import { eq } from "drizzle-orm";
import type { SubmitSignature } from "@/lib/schemas/signing";
import { getDb } from "../db";
import { fields } from "../db/schema";
import { blobs } from "../blobs/store";
import { AppError, type FieldError } from "../errors";
import { recordEvent, type Actor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { enqueue } from "../jobs/queue";
import { finishTurn } from "../turns/finish-turn";
import { loadMembers, loadSignersFields, seatOf, slotOf } from "../model/groups";
import { assertMayAct, transitionRecipient } from "../model/recipient-state";
import { transitionRequest } from "../model/request-state";
import { loadRecipients } from "../model/request-queries";
import { queueSenderNotice } from "../turns/notify-sender";
import { judgeFieldValues } from "../fields/judge-field-values";
import { unsignedProblems } from "../fields/form-guard";
import { formOfSubmission, heldOfGiven } from "../fields/form-values";
import { filesOfFields } from "./signer-files";
import { findSigner } from "./find-signer";
import { judgeSignatureImage, type JudgedImage } from "./judge-signature-image";
import { limitSigner } from "./limit-signer";
import { toldOfDecline } from "./decline-audience";
import { requireSignerSession } from "./signer-session";
import { clock } from "../clock";
import { signingDate } from "./signing-date";
import { keepPageLocale } from "./page-locale";
import type { Locale } from "@/lib/i18n/locales";

/**
 * A signer signs: every field of theirs gets its value, the recipient becomes SIGNED, and either the
 * next order group is invited or, when every signer has signed, sealing is queued. The order is
 * enforced here, whatever link the caller holds.
 */
export async function submitSignature(
  token: string,
  input: SubmitSignature,
  who: Omit<Actor, "actor">,
  session: string | null = null,
) {
  await limitSigner(token, who.ip ?? null);
  // One instant for the signature: its time, its audit event and the day its DATE fields say.
  const now = clock.now();
  const db = await getDb();
  // Everything is judged first (every image included); images are stored only once all of it is
  // right, before the transaction (content-addressed, so a retry stores nothing twice).
  const pre = await findSigner(db, token);
  await requireSignerSession(db, pre.r, pre.req, session);
  assertMayAct(pre.r, pre.req, "sign");
  refuseRepeatedFields(input.values);
  const all = await db.select().from(fields).where(eq(fields.requestId, pre.req.id));
  // A signing group's member signs the group's fields of the place they take (model/groups.ts).
  const { seat, mine } = await loadSignersFields(db, all, pre.r);
  const byId = new Map(mine.map((f) => [f.id, f]));
  const given = new Map(input.values.map((v, i) => [v.fieldId, { v, at: `values.${i}` }]));
  // Values for another place of the group: the page was opened before another member signed there.
  if (
    pre.r.groupId &&
    input.values.some((v) => !byId.has(v.fieldId) && all.some((f) => f.id === v.fieldId && f.recipientId === slotOf(pre.r)))
  )
    throw seatTaken(seat);
  const problems: FieldError[] = [];
  for (const [id, { at }] of given)
    if (!byId.has(id)) problems.push({ field: `${at}.fieldId`, message: "This field is not one of yours" });
  // Every image is judged before any other check and before anything is stored: a bad one is a
  // 400/415/422 naming its field, and nothing of this submission reaches the blob store.
  const images = new Map<string, JudgedImage>();
  for (const f of mine) {
    const g = given.get(f.id);
    if ((f.type === "SIGNATURE" || f.type === "INITIAL") && g?.v.image)
      images.set(f.id, await judgeSignatureImage(g.v.image, `${g.at}.image`));
  }
  // Each value judged by its field's type (lib/server/fields/judge-field-values.ts).
  const date = signingDate(pre.r, pre.req, now);
  const imageIds = new Set(images.keys());
  const signing = { date: date.value, day: date.day, locale: date.locale };
  // Which fields the conditions hide and what each FORMULA comes to, from these values and earlier signers'.
  const form = formOfSubmission(
    all,
    (f) => byId.has(f.id),
    (f) => heldOfGiven(f, given, pre.r, signing, imageIds),
  );
  // The files this signer attached to their FILE fields: a value names the ones it keeps.
  const uploaded = await filesOfFields(
    db,
    pre.r.id,
    mine.filter((f) => f.type === "FILE").map((f) => f.id),
  );
  const attached = new Map(
    [...uploaded].map(([fieldId, rows]) => [
      fieldId,
      rows.map(({ id, name, mime, size, sha256 }) => ({ id, name, mime, size, sha256 })),
    ]),
  );
  const judged = judgeFieldValues(mine, given, pre.r, imageIds, signing, { ...form, hidden: new Set(form.hidden) }, attached);
  const values = judged.values;
  problems.push(...judged.problems);
  // A signer always signs: not one shown signature given a mark, and nothing of this is kept.
  problems.push(...unsignedProblems(mine, (id) => !form.hidden.includes(id) && (values.has(id) || imageIds.has(id))));
  const [problem] = problems;
  if (problem) throw new AppError("FIELD_VALUES_INVALID", problem.message, { errors: problems });
  for (const [id, img] of images) {
    const { sha256 } = await blobs().put(img.bytes);
    values.set(id, { kind: "image", sha256, mime: img.mime });
  }

  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    await requireSignerSession(tx, r, req, session);
    assertMayAct(r, req, "sign");
    // Two members of a group signing at once: the request's row (held above) orders them; the second finds
    // the place taken and is told to reload for the next one.
    const taken = seatOf(r, await loadMembers(tx, r));
    if (taken !== seat) throw seatTaken(taken);
    for (const [id, value] of values) await tx.update(fields).set({ value, signedBy: r.id }).where(eq(fields.id, id));
    // The values are written first: the move drops what the turn left behind (drafts, uploads not
    // kept, sessions), and the files these values name are kept.
    await transitionRecipient(tx, r.id, "SIGNED", {
      set: { signedAt: now, viewedAt: r.viewedAt ?? now, ...(r.groupId && { groupSeat: seat }) },
    });
    await keepPageLocale(tx, r, input.locale);
    // The files this signature keeps, named in its audit event and its webhook.
    const kept = [...values].flatMap(([fieldId, v]) =>
      v.kind === "files"
        ? v.files.map(({ id, name, mime, size, sha256 }) => ({ id, fieldId, name, type: mime, size, sha256 }))
        : [],
    );
    return finishTurn(tx, req, r, who, "SIGNED", {
      details: { fields: values.size, ...(kept.length && { attachments: kept }) },
      at: now,
      ...(kept.length && { webhook: { attachments: kept } }),
    });
  });
}

/** 409: another member of the signer's group signed in the place their page showed; `next` is the one to sign in now. */
const seatTaken = (next: number) =>
  new AppError(
    "GROUP_SEAT_TAKEN",
    "Another member of your signing group has just signed in this place; reload the page to sign in the next one",
    { details: { next } },
  );

/** One value per field: with two, which one counts would be left to chance. 422 naming the field, nothing recorded. */
function refuseRepeatedFields(values: SubmitSignature["values"]) {
  const seen = new Set<string>();
  for (const [i, v] of values.entries()) {
    if (seen.has(v.fieldId))
      throw new AppError("FIELD_VALUE_REPEATED", `Field ${v.fieldId} is given more than once`, {
        details: { fieldId: v.fieldId },
        errors: [{ field: `values.${i}.fieldId`, message: "This field already has a value in this signature" }],
      });
    seen.add(v.fieldId);
  }
}

export async function declineSigning(
  token: string,
  reason: string,
  who: Omit<Actor, "actor">,
  session: string | null = null,
  locale?: Locale,
) {
  await limitSigner(token, who.ip ?? null);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const { r, req } = await findSigner(tx, token, { forUpdate: true });
    await requireSignerSession(tx, r, req, session);
    assertMayAct(r, req, "decline");
    const now = new Date();
    await transitionRecipient(tx, r.id, "DECLINED", { set: { declinedAt: now, declineReason: reason } });
    await keepPageLocale(tx, r, locale);
    // Declined: no one will sign it; the move drops every recipient's leftovers.
    await transitionRequest(tx, req.id, "DECLINED", { set: { updatedAt: now }, why: "it can no longer be declined" });
    await recordEvent(tx, req.id, "recipient.declined", { actor: `recipient:${r.id}`, ...who }, { email: r.email, reason });
    await emitEvent(tx, req, "signature_request.declined", {
      id: req.id,
      title: req.title,
      status: "DECLINED",
      recipient: { id: r.id, email: r.email, name: r.name },
      reason,
    });
    // Everyone else who was involved hears of it.
    const told = toldOfDecline(await loadRecipients(tx, req.id), r.id);
    for (const other of told) {
      await enqueue(tx, "notify", { kind: "declined", requestId: req.id, recipientId: other.id, by: r.name, reason });
    }
    await queueSenderNotice(tx, req, "declined", { by: r.name, reason });
    return { requestId: req.id, status: "DECLINED" as const, othersTold: told.length };
  });
}
