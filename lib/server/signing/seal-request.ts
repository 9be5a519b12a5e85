import "server-only";
import { asc, eq } from "drizzle-orm";
import type { FieldValue } from "@/lib/schemas/signing";
import {
  CERTIFICATE_PAGE_SIZE,
  levelAtLeast,
  type CertificateData,
  type FieldToDraw,
  type SealAttachment,
  type SignerMark,
} from "@/lib/pdf/seal";
import { certificateLabels, certificateLocale, identificationOf } from "./certificate-labels";
import { runEngine } from "../engine";
import { PdfError } from "@/lib/pdf/errors";
import { returnToSigners } from "./return-to-signers";
import { enqueue, PermanentJobError, type JobContext } from "../jobs/queue";
import { config } from "../config";
import { getDb } from "../db";
import { auditEvents, documentVersions, signatureRequests } from "../db/schema";
import { blobs } from "../blobs/store";
import { actorShown, recordEvent, systemActor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { loadDocuments, loadFields, loadRecipients } from "../model/request-queries";
import type { RequestDocument } from "../model/rows";
import { transitionRequest } from "../model/request-state";
import { queueSenderNotice } from "../turns/notify-sender";
import { recordSealFailure } from "./seal-failure";
import { signerCopy } from "./signer-copy";
import { signingCertificate } from "./signing-certificate";
import { skippedFields } from "../fields/form-values";
import { attachmentsOf } from "../model/request-dto";
import { probeTimestampAuthority, raiseSealLevel } from "../timestamp/raise-seal-level";

/**
 * The seal job: seals the request, or rethrows so that the queue tries again later (with
 * backoff). When the last attempt fails the request says so (sealError, an audit event and the
 * `signature_request.seal_failed` webhook), so a fully signed request is never stuck unseen.
 */
export async function sealRequest(requestId: string, job?: JobContext) {
  try {
    return await sealOnce(requestId);
  } catch (e) {
    // A document the engine refuses (a box off the page, bytes that are not a PDF) will be refused
    // the same way every time: fail for good now rather than after every retry. A deadline or heap
    // limit (TOO_COMPLEX) may be the machine's load: that one is retried.
    const permanent = e instanceof PdfError && e.kind !== "TOO_COMPLEX";
    // A signer's image the seal cannot use: that signer is asked to sign again, not a dead end.
    if (permanent && (await returnToSigners(requestId, e)).length) throw new PermanentJobError(e);
    if (job && (job.final || permanent)) await recordSealFailure(requestId, e, job);
    throw permanent ? new PermanentJobError(e) : e;
  }
}

/**
 * The last signer signed: draw every value into the signers' copy (the anchor text removed:
 * signer-copy.ts), append the certificate, sign the whole file (PAdES), store it as the final
 * version, COMPLETED, and send everyone the sealed PDF.
 * Idempotent: a request already COMPLETED is left as it is. A seal error recorded by an earlier
 * job is cleared when this one succeeds.
 *
 * With a timestamp authority (config.tsa, config.padesLevel above B-B) the authority is asked
 * once before anything else (its name and time go on the certificate; a TSA that is down fails
 * the attempt at once), and the B-B seal is then raised to the level (../timestamp). Every
 * attempt starts from the stored document and stores nothing until the seal is whole, so a
 * retried attempt never leaves a seal without the timestamp it was configured to have.
 */
async function sealOnce(requestId: string) {
  const db = await getDb();
  const [req] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  if (!req || req.status !== "IN_PROGRESS") return { skipped: `request is ${req?.status ?? "gone"}` };
  const docs = await loadDocuments(db, req.id);
  // Each document's first version: what was uploaded (in its one reading).
  const versions = await db
    .select()
    .from(documentVersions)
    .where(eq(documentVersions.requestId, req.id))
    .orderBy(asc(documentVersions.version));
  const originalOf = (documentId: string) => {
    const v = versions.find((x) => x.documentId === documentId);
    if (!v) throw new Error(`Document ${documentId} of request ${req.id} has no original version`);
    return v;
  };
  const recs = await loadRecipients(db, req.id);
  const locale = certificateLocale(req, recs);
  const flds = await loadFields(db, req.id);
  const events = await db.select().from(auditEvents).where(eq(auditEvents.requestId, req.id)).orderBy(asc(auditEvents.createdAt));

  // One read per image: a signer's signature fills many fields and is shown again on the certificate.
  const images = new Map<string, Promise<Uint8Array>>();
  const image = (sha256: string) => {
    let bytes = images.get(sha256);
    if (!bytes) images.set(sha256, (bytes = blobs().get(sha256)));
    return bytes;
  };
  /** Each recipient's signature and initials as the certificate shows them: their first of each, in reading order. */
  const marks = new Map<string, { signature?: SignerMark; initials?: SignerMark }>();
  const values: (FieldToDraw & { documentId: string })[] = [];
  const attachments: {
    id: string;
    name: string;
    mime: string;
    size: number;
    sha256: string;
    documentId: string;
    recipient: string;
    field: string;
  }[] = [];
  for (const f of flds) {
    if (!f.value) continue;
    const v = JSON.parse(f.value) as FieldValue;
    if ((f.type === "SIGNATURE" || f.type === "INITIAL") && (v.kind === "image" || v.kind === "typed")) {
      const mark: SignerMark =
        v.kind === "image" ? { kind: "image", bytes: await image(v.sha256) } : { kind: "typed", text: v.text };
      const own = marks.get(f.recipientId) ?? {};
      if (f.type === "SIGNATURE") own.signature ??= mark;
      else own.initials ??= mark;
      marks.set(f.recipientId, own);
    }
    const box = {
      documentId: f.documentId,
      page: f.page,
      x: f.x,
      y: f.y,
      width: f.width,
      height: f.height,
      type: f.type,
    };
    if (v.kind === "image") values.push({ ...box, value: { kind: "image" as const, bytes: await image(v.sha256) } });
    else if (v.kind === "typed") values.push({ ...box, value: { kind: "typed" as const, text: v.text } });
    else if (v.kind === "check" || v.kind === "choice")
      values.push({ ...box, value: v }); // CHECKBOX, RADIO
    else if (v.kind === "files") {
      // FILE: the box names the files; each is embedded in the sealed PDF and listed on its certificate.
      values.push({
        ...box,
        value: { kind: "text" as const, text: v.files.map((x) => x.name).join(", "), fontSize: f.fontSize ?? undefined },
      });
      for (const file of v.files)
        attachments.push({
          ...file,
          documentId: f.documentId,
          recipient: recs.find((r) => r.id === f.recipientId)?.name ?? "",
          field: f.label || f.name || "FILE",
        });
    } else values.push({ ...box, value: { kind: "text" as const, text: v.text, fontSize: f.fontSize ?? undefined } });
  }
  const signedAt = new Map(recs.map((r) => [r.id, r]));
  // The fields the conditions hid, read again from the stored values (lib/forms): the certificate names them.
  const nameOf = new Map(recs.map((r) => [r.id, r.name]));
  const docName = new Map(docs.map((d) => [d.id, d.name]));
  const skipped = skippedFields(flds).map((f) => ({
    field: f.label || f.name || f.type.toLowerCase(),
    recipient: nameOf.get(f.recipientId) ?? "",
    page: f.page,
    ...(docs.length > 1 && { document: docName.get(f.documentId) }),
  }));
  const level = config.padesLevel;
  const tsa = levelAtLeast(level, "B-T") ? config.tsa! : undefined;
  const probe = tsa ? await probeTimestampAuthority(tsa, req.id) : undefined;
  const { p12, password } = await signingCertificate();
  // Several documents: each certificate lists them all (a file cannot hold its own hash, so the sealed
  // files' hashes are in the record, the audit trail, the webhook and /verify).
  const list = docs.map((d) => ({ name: d.name, pageCount: d.current.pageCount, originalSha256: originalOf(d.id).sha256 }));
  /** One document sealed, in the engine's worker threads, bounded in time and memory like every other document task. */
  const sealOne = (
    bytes: Uint8Array,
    documentSha256: string,
    original: (typeof versions)[number],
    fields: FieldToDraw[],
    more: Pick<CertificateData, "documents">,
    files: SealAttachment[],
  ) =>
    runEngine("sealDocument", [
      bytes,
      {
        fields: fields.map(({ documentId: _documentId, ...f }: FieldToDraw & { documentId?: string }) => f),
        attachments: files,
        sandbox: req.environment === "SANDBOX",
        p12,
        password,
        level,
        timestamp: probe && { authority: probe.authority, checkedAt: probe.genTime, tokenBytes: probe.token.length },
        certificate: {
          requestId: req.id,
          title: req.title,
          environment: req.environment,
          // Every time in the request's zone (and in UTC); the words and the order of a date in its language.
          timeZone: req.timezone,
          dateFormat: req.dateFormat,
          locale,
          labels: certificateLabels(locale),
          sentBy: sentByOf(events),
          originalSha256: original.sha256,
          ...(original.uploadedSha256 !== null && { uploadedSha256: original.uploadedSha256 }),
          documentSha256,
          ...more,
          ...(skipped.length && { skipped }),
          recipients: recs.map((r) => {
            // What they did and when, with the address and browser of the event that records it.
            const act = ACTS[r.role];
            const acted = act && events.find((e) => e.type === act.event && e.actor === `recipient:${r.id}`);
            const at = r.role === "VIEWER" ? r.viewedAt : r.role === "CC" ? null : signedAt.get(r.id)?.signedAt;
            return {
              name: r.name,
              email: r.email,
              role: r.role,
              order: r.order,
              sentAt: r.role === "CC" ? undefined : r.sentAt?.toISOString(),
              viewedAt: r.role === "CC" ? undefined : r.viewedAt?.toISOString(),
              signedAt: at?.toISOString(),
              ip: acted ? (acted.ip ?? undefined) : undefined,
              userAgent: acted ? (acted.userAgent ?? undefined) : undefined,
              identification: identificationOf(r, events, { timeZone: req.timezone, dateFormat: req.dateFormat, locale }),
              ...marks.get(r.id),
            };
          }),
        },
      },
    ]);

  const sealedDocs: {
    doc: RequestDocument;
    stored: { sha256: string; size: number };
    certificatePages: number;
    sealedContentSha256: string;
  }[] = [];
  for (const [index, doc] of docs.entries()) {
    const original = originalOf(doc.id);
    // The values go into the copy the signers were shown (its anchor text already removed, made now if
    // no one opened the document), so the seal removes nothing of its own.
    const shown = await signerCopy(doc.current.sha256, { original: await blobs().get(doc.current.sha256), forSeal: true });
    const sealed = await sealOne(
      shown.bytes,
      doc.current.sha256,
      original,
      values.filter((v) => v.documentId === doc.id),
      {
        ...(docs.length > 1 && { documents: { list, current: index } }),
      },
      // The files attached to this document's FILE fields: embedded in it, under its seal.
      await Promise.all(
        attachments
          .filter((a) => a.documentId === doc.id)
          .map(async ({ documentId: _d, id: _id, ...a }) => ({ ...a, bytes: await blobs().get(a.sha256) })),
      ),
    );
    const stored = await blobs().put(tsa ? await raiseSealLevel(sealed, level, tsa) : sealed.sealed);
    sealedDocs.push({ doc, stored, certificatePages: sealed.certificatePages, sealedContentSha256: sealed.sealedContentSha256 });
  }

  const [first] = sealedDocs;
  if (!first) throw new Error(`Signature request ${req.id} has no document to seal`);
  // Each document as the record, the audit event and the webhook name it once sealed.
  const named = sealedDocs.map((s) => ({
    documentId: s.doc.id,
    name: s.doc.name,
    originalSha256: originalOf(s.doc.id).sha256,
    sealedSha256: s.stored.sha256,
  }));
  await db.transaction(async (tx) => {
    const [cur] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, req.id)).for("update");
    if (cur?.status !== "IN_PROGRESS") return;
    const now = new Date();
    for (const { doc, stored, certificatePages } of sealedDocs) {
      const at = doc.current;
      await tx.insert(documentVersions).values({
        requestId: req.id,
        documentId: doc.id,
        version: at.version + 1,
        sha256: stored.sha256,
        size: stored.size,
        pageCount: at.pageCount + certificatePages,
        pages: [...at.pages, ...Array.from({ length: certificatePages }, () => ({ ...CERTIFICATE_PAGE_SIZE }))],
        reason: "SEALED",
        filename: null,
      });
    }
    await transitionRequest(tx, req.id, "COMPLETED", {
      set: { completedAt: now, updatedAt: now, sealErrorCode: null, sealErrorMessage: null, sealFailedAt: null },
    });
    // The first document's hashes where a one-document request had its only ones; then every document's.
    await recordEvent(tx, req.id, "request.completed", systemActor, {
      originalSha256: originalOf(first.doc.id).sha256,
      sealedContentSha256: first.sealedContentSha256,
      sealedSha256: first.stored.sha256,
      padesLevel: level,
      ...(probe ? { timestampAuthority: probe.authority } : {}),
      ...(docs.length > 1 && { documents: named }),
    });
    const kept = attachmentsOf(flds);
    await emitEvent(tx, req, "signature_request.completed", {
      id: req.id,
      title: req.title,
      status: "COMPLETED",
      sha256: first.stored.sha256,
      ...(docs.length > 1 && { documents: named }),
      ...(kept.length && { attachments: kept }),
    });
    for (const r of recs) await enqueue(tx, "notify", { kind: "completed", requestId: req.id, recipientId: r.id });
    await queueSenderNotice(tx, cur, "completed");
  });
  return { sealed: first.stored.sha256, documents: sealedDocs.length };
}

/** The audit event that records each role's turn (a CC takes none: they receive the sealed copy). */
const ACTS: Record<string, { event: string }> = {
  SIGNER: { event: "recipient.signed" },
  APPROVER: { event: "recipient.approved" },
  VIEWER: { event: "recipient.viewed" },
};

/** Who sent the request (its last `request.sent`: a return to signers sends it again), as the audit trail names them. */
function sentByOf(events: { type: string; actor: string; actorLabel: string | null; ip: string | null; createdAt: Date }[]) {
  const sent = events.filter((e) => e.type === "request.sent").at(-1);
  if (!sent) return undefined;
  return { who: actorShown(sent.actor, sent.actorLabel), at: sent.createdAt.toISOString(), ip: sent.ip };
}
