import "server-only";
import { asc, eq } from "drizzle-orm";
import { parseStoredFieldValue } from "@/lib/schemas/signing";
import type { DrawnValue, FieldToDraw, PadesLevel, SealAttachment, SealOptions, SealResult, SignerMark } from "@/lib/pdf/seal";
import { CERTIFICATE_PAGE_SIZE } from "@/lib/pdf/seal/certificate-page";
import { levelAtLeast } from "@/lib/pdf/seal/levels";
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
import type { DocumentRow, FieldRow, RecipientRow, RequestDocument, RequestRow } from "../model/rows";
import { transitionRequest } from "../model/request-state";
import { queueSenderNotice } from "../turns/notify-sender";
import { brandOf } from "../model/brand";
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
 *
 * The steps, each below: load, plan what is drawn and attached, then per document its signer copy,
 * its attachments and its signature; then store them all at once.
 */
async function sealOnce(requestId: string) {
  const input = await loadSealInput(requestId);
  if ("skipped" in input) return input;
  const plan = await planDrawing(input);
  const level = config.padesLevel;
  const tsa = levelAtLeast(level, "B-T") ? config.tsa! : undefined;
  const probe = tsa ? await probeTimestampAuthority(tsa, input.req.id) : undefined;
  const signer = { ...(await signingCertificate()), level, probe };
  const certificate = certificateOf(input, plan);
  const sealed: SealedDocument[] = [];
  for (const [index, doc] of input.docs.entries()) {
    const bytes = await signerCopyToSeal(doc);
    const files = await embeddedFilesOf(plan, doc);
    const result = await signDocument(input, { doc, index, bytes, files, values: plan.values, certificate, signer });
    const stored = await blobs().put(tsa ? await raiseSealLevel(result, level, tsa) : result.sealed);
    sealed.push({ doc, stored, certificatePages: result.certificatePages, sealedContentSha256: result.sealedContentSha256 });
  }
  return storeSeal(input, sealed, { level, probe });
}

/** What the seal reads of a request: the record, its documents (each with its first version), recipients, fields and trail. */
interface SealInput {
  req: RequestRow;
  docs: RequestDocument[];
  /** Each document's first version: what was uploaded (in its one reading). */
  originalOf: (documentId: string) => DocumentRow;
  recs: RecipientRow[];
  flds: FieldRow[];
  events: (typeof auditEvents.$inferSelect)[];
  /** The certificate's language. */
  locale: ReturnType<typeof certificateLocale>;
  /** The sending organization, as its signers know it (its brand's name, else its own). */
  organization: string;
}

/** Step 1, load: the request as it stands; a request no longer IN_PROGRESS is left as it is. */
async function loadSealInput(requestId: string): Promise<SealInput | { skipped: string }> {
  const db = await getDb();
  const [req] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  if (!req || req.status !== "IN_PROGRESS") return { skipped: `request is ${req?.status ?? "gone"}` };
  const docs = await loadDocuments(db, req.id);
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
  const flds = await loadFields(db, req.id);
  const events = await db.select().from(auditEvents).where(eq(auditEvents.requestId, req.id)).orderBy(asc(auditEvents.createdAt));
  const { brand } = await brandOf(db, req.orgId);
  return { req, docs, originalOf, recs, flds, events, locale: certificateLocale(req, recs), organization: brand.name };
}

/** A value to draw, with the document it is drawn on. */
type PlacedValue = FieldToDraw & { documentId: string };
/** A file a FILE field keeps, to embed under its document's seal (its bytes read when that document is sealed). */
type KeptFile = Omit<SealAttachment, "bytes"> & { documentId: string };
/** Each recipient's signature and initials as the certificate shows them: their first of each, in reading order. */
type SignerMarks = Map<string, { signature?: SignerMark; initials?: SignerMark }>;

/** What the signatures put on the documents: the values to draw, the files to embed, the marks the certificate shows. */
interface DrawPlan {
  values: PlacedValue[];
  files: KeptFile[];
  marks: SignerMarks;
}

/** Step 2, plan: every stored value as the engine draws it (images read once: a signature fills many fields). */
async function planDrawing({ flds, recs }: SealInput): Promise<DrawPlan> {
  const images = new Map<string, Promise<Uint8Array>>();
  const image = (sha256: string) => {
    let bytes = images.get(sha256);
    if (!bytes) images.set(sha256, (bytes = blobs().get(sha256)));
    return bytes;
  };
  const plan: DrawPlan = { values: [], files: [], marks: new Map() };
  for (const f of flds) {
    const v = parseStoredFieldValue(f.value);
    if (!v) continue;
    const box = { documentId: f.documentId, page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, type: f.type };
    const fontSize = f.fontSize ?? undefined;
    let drawn: DrawnValue;
    switch (v.kind) {
      case "image":
        drawn = { kind: "image", bytes: await image(v.sha256) };
        break;
      case "typed":
        drawn = { kind: "typed", text: v.text };
        break;
      case "check":
      case "choice":
        drawn = v;
        break;
      case "files":
        // FILE: the box names the files; each is embedded in the sealed PDF and listed on its certificate.
        drawn = { kind: "text", text: v.files.map((x) => x.name).join(", "), fontSize };
        for (const { id: _id, ...file } of v.files)
          plan.files.push({
            ...file,
            documentId: f.documentId,
            recipient: recs.find((r) => r.id === (f.signedBy ?? f.recipientId))?.name ?? "",
            field: f.label || f.name || "FILE",
          });
        break;
      case "text":
      case "date":
        drawn = { kind: "text", text: v.text, fontSize };
    }
    if ((f.type === "SIGNATURE" || f.type === "INITIAL") && (drawn.kind === "image" || drawn.kind === "typed")) {
      // A signing group's field is its member's who signed it.
      const by = f.signedBy ?? f.recipientId;
      const own = plan.marks.get(by) ?? {};
      if (f.type === "SIGNATURE") own.signature ??= drawn;
      else own.initials ??= drawn;
      plan.marks.set(by, own);
    }
    plan.values.push({ ...box, value: drawn });
  }
  return plan;
}

/** The certificate's content shared by every document of the request (each adds its own hashes and place in the list). */
type RequestCertificate = Omit<SealOptions["certificate"], "originalSha256" | "uploadedSha256" | "documentSha256" | "documents">;

/** Step 3, the certificate: who did what and when, in the request's zone and language, and the fields the rules hid. */
function certificateOf(
  { req, docs, recs, flds, events, locale, organization }: SealInput,
  { marks }: DrawPlan,
): RequestCertificate {
  const nameOf = new Map(recs.map((r) => [r.id, r.name]));
  const docName = new Map(docs.map((d) => [d.id, d.name]));
  // The fields the conditions hid, read again from the stored values (lib/forms): the certificate names them.
  const skipped = skippedFields(flds).map((f) => ({
    field: f.label || f.name || f.type.toLowerCase(),
    recipient: nameOf.get(f.recipientId) ?? "",
    page: f.page,
    ...(docs.length > 1 && { document: docName.get(f.documentId) }),
  }));
  const dates = { timeZone: req.timezone, dateFormat: req.dateFormat, locale };
  return {
    requestId: req.id,
    title: req.title,
    environment: req.environment,
    organization,
    // Every time in the request's zone (and in UTC); the words and the order of a date in its language.
    timeZone: req.timezone,
    dateFormat: req.dateFormat,
    locale,
    labels: certificateLabels(locale),
    sentBy: sentByOf(events),
    ...startedFromOf(events),
    ...(skipped.length && { skipped }),
    recipients: recs.map((r) => {
      // What they did and when, with the address and browser of the event that records it.
      const act = ACTS[r.role];
      const acted = act && events.find((e) => e.type === act.event && e.actor === `recipient:${r.id}`);
      const at = r.role === "VIEWER" ? r.viewedAt : r.role === "CC" ? null : r.signedAt;
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
        identification: identificationOf(r, events, dates),
        ...(r.delegatedFrom && { onBehalfOf: r.delegatedFrom }),
        ...(r.groupId &&
          r.groupName && {
            group: {
              name: r.groupName,
              required: r.groupRequired ?? 1,
              size: recs.filter((m) => m.groupId === r.groupId).length,
            },
          }),
        ...(r.status === "RELEASED" && { releasedAt: releasedAtOf(r.id, events) }),
        ...marks.get(r.id),
      };
    }),
  };
}

/**
 * Step 4, the signer copy: the values go into the copy the signers were shown (its anchor text already
 * removed, made now if no one opened the document), so the seal removes nothing of its own.
 */
async function signerCopyToSeal(doc: RequestDocument): Promise<Uint8Array> {
  const shown = await signerCopy(doc.current.sha256, { original: await blobs().get(doc.current.sha256), forSeal: true });
  return shown.bytes;
}

/** Step 5, attach: the files attached to this document's FILE fields, embedded in it, under its seal. */
function embeddedFilesOf({ files }: DrawPlan, doc: RequestDocument): Promise<SealAttachment[]> {
  return Promise.all(
    files
      .filter((f) => f.documentId === doc.id)
      .map(async ({ documentId: _d, ...f }) => ({ ...f, bytes: await blobs().get(f.sha256) })),
  );
}

/** The server's seal: its key, the level the seal is brought to, and the authority's first answer (B-T and above). */
interface SealSigner {
  p12: Uint8Array;
  password: string;
  level: PadesLevel;
  probe: Awaited<ReturnType<typeof probeTimestampAuthority>> | undefined;
}

/** One document to seal: its signer copy, its values and files, and its place among the request's documents. */
interface DocumentToSeal {
  doc: RequestDocument;
  index: number;
  bytes: Uint8Array;
  files: SealAttachment[];
  values: PlacedValue[];
  certificate: RequestCertificate;
  signer: SealSigner;
}

/**
 * Step 6, sign: draw, append the certificate and sign, in the engine's worker threads, bounded in time and
 * memory like every other document task. With several documents each certificate lists them all (a file
 * cannot hold its own hash, so the sealed files' hashes are in the record, the audit trail, the webhook and
 * /verify).
 */
function signDocument({ req, docs, originalOf }: SealInput, d: DocumentToSeal): Promise<SealResult> {
  const original = originalOf(d.doc.id);
  const list = docs.map((x) => ({ name: x.name, pageCount: x.current.pageCount, originalSha256: originalOf(x.id).sha256 }));
  const { probe } = d.signer;
  return runEngine("sealDocument", [
    d.bytes,
    {
      fields: d.values.filter((v) => v.documentId === d.doc.id).map(({ documentId: _documentId, ...f }) => f),
      attachments: d.files,
      sandbox: req.environment === "SANDBOX",
      p12: d.signer.p12,
      password: d.signer.password,
      level: d.signer.level,
      timestamp: probe && { authority: probe.authority, checkedAt: probe.genTime, tokenBytes: probe.token.length },
      certificate: {
        ...d.certificate,
        originalSha256: original.sha256,
        ...(original.uploadedSha256 !== null && { uploadedSha256: original.uploadedSha256 }),
        documentSha256: d.doc.current.sha256,
        ...(docs.length > 1 && { documents: { list, current: d.index } }),
      },
    },
  ]);
}

/** A document sealed and its bytes stored, not yet recorded. */
interface SealedDocument {
  doc: RequestDocument;
  stored: { sha256: string; size: number };
  certificatePages: number;
  sealedContentSha256: string;
}

/**
 * Step 7, store: every sealed document as its document's new version, the request COMPLETED, the event,
 * the webhook and the mails, in one transaction (nothing when another attempt got there first).
 */
async function storeSeal(
  { req, docs, originalOf, flds, recs }: SealInput,
  sealedDocs: SealedDocument[],
  { level, probe }: Pick<SealSigner, "level" | "probe">,
) {
  const [first] = sealedDocs;
  if (!first) throw new Error(`Signature request ${req.id} has no document to seal`);
  // Each document as the record, the audit event and the webhook name it once sealed.
  const named = sealedDocs.map((s) => ({
    documentId: s.doc.id,
    name: s.doc.name,
    originalSha256: originalOf(s.doc.id).sha256,
    sealedSha256: s.stored.sha256,
  }));
  const db = await getDb();
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

/** A visitor's request: the public link and the visitor, as its `request.created` event recorded them. */
function startedFromOf(events: { type: string; data: Record<string, unknown> }[]) {
  const link = events.find((e) => e.type === "request.created")?.data.publicLink as
    { name?: unknown; visitor?: { name?: unknown; email?: unknown; emailConfirmed?: unknown } } | undefined;
  if (!link || typeof link.name !== "string" || typeof link.visitor?.name !== "string") return {};
  return {
    startedFrom: {
      link: link.name,
      who: `${link.visitor.name} <${String(link.visitor.email ?? "")}>`,
      emailConfirmed: link.visitor.emailConfirmed === true,
    },
  };
}

/** When a signing group's member was let go (their `recipient.released` event). */
function releasedAtOf(id: string, events: { type: string; data: Record<string, unknown>; createdAt: Date }[]) {
  return events.find((e) => e.type === "recipient.released" && e.data.recipientId === id)?.createdAt.toISOString();
}

/** Who sent the request (its last `request.sent`: a return to signers sends it again), as the audit trail names them. */
function sentByOf(events: { type: string; actor: string; actorLabel: string | null; ip: string | null; createdAt: Date }[]) {
  const sent = events.filter((e) => e.type === "request.sent").at(-1);
  if (!sent) return undefined;
  return { who: actorShown(sent.actor, sent.actorLabel), at: sent.createdAt.toISOString(), ip: sent.ip };
}
