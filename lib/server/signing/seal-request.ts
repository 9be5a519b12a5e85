import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import type { FieldValue } from "@/lib/schemas/signing";
import { CERTIFICATE_PAGE_SIZE } from "@/lib/pdf/seal";
import { runEngine } from "../engine";
import { PdfError } from "@/lib/pdf/errors";
import { PermanentJobError } from "../jobs/queue";
import { config } from "../config";
import { getDb } from "../db";
import { auditEvents, documentVersions, signatureRequests } from "../db/schema";
import { blobs } from "../blobs/store";
import { recordEvent, systemActor } from "../audit/record-event";
import { emitEvent } from "../webhooks/emit-event";
import { enqueue } from "../jobs/queue";
import { currentDocument, loadFields, loadRecipients } from "../requests/load-request";
import { anchorBoxes } from "../anchors/text-layer-cache";
import { recordSealFailure } from "./seal-failure";

/** The server's signing certificate: SIGNING_P12 (a file) or one generated once under DATA_DIR. */
export async function signingCertificate(): Promise<{ p12: Buffer; password: string }> {
  if (process.env.SIGNING_P12) {
    return { p12: await fs.readFile(process.env.SIGNING_P12), password: process.env.SIGNING_P12_PASSWORD ?? "" };
  }
  const file = path.join(config.dataDir, "signing.p12");
  const passFile = `${file}.password`;
  try {
    return { p12: await fs.readFile(file), password: (await fs.readFile(passFile, "utf8")).trim() };
  } catch {
    // RSA key generation takes a second or two: in the engine's threads, not the server's.
    const made = await runEngine("createSelfSignedP12", ["Signet document sealing (self-signed)"]);
    const p12 = Buffer.from(made.p12);
    const password = made.password;
    await fs.mkdir(config.dataDir, { recursive: true });
    await fs.writeFile(passFile, password, { mode: 0o600 });
    await fs.writeFile(`${file}.tmp`, p12, { mode: 0o600 });
    await fs.rename(`${file}.tmp`, file);
    return { p12, password };
  }
}

/** The seal job's attempt, as the queue runs it (lib/server/jobs/handlers.ts JobContext). */
export interface SealAttempt {
  id: string;
  attempt: number;
  /** The queue gives up after this attempt: if it fails, the request is marked seal-failed. */
  final: boolean;
}

/**
 * The seal job: seals the request, or rethrows so that the queue tries again later (with
 * backoff). When the last attempt fails the request says so (sealError, an audit event and the
 * `signature_request.seal_failed` webhook), so a fully signed request is never stuck unseen.
 */
export async function sealRequest(requestId: string, job?: SealAttempt) {
  try {
    return await sealOnce(requestId);
  } catch (e) {
    // A document the engine refuses (a box off the page, bytes that are not a PDF) will be refused
    // the same way every time: fail for good now rather than after every retry. A deadline or heap
    // limit (TOO_COMPLEX) may be the machine's load: that one is retried.
    const permanent = e instanceof PdfError && e.kind !== "TOO_COMPLEX";
    if (job && (job.final || permanent)) await recordSealFailure(requestId, e, job);
    throw permanent ? new PermanentJobError(e) : e;
  }
}

/**
 * The last signer signed: draw every value, cover the anchors, append the certificate, sign the
 * whole file (PAdES), store it as the final version, COMPLETED, and send everyone the sealed PDF.
 * Idempotent: a request already COMPLETED is left as it is. A seal error recorded by an earlier
 * job is cleared when this one succeeds.
 */
async function sealOnce(requestId: string) {
  const db = await getDb();
  const [req] = await db.select().from(signatureRequests).where(eq(signatureRequests.id, requestId));
  if (!req || req.status !== "IN_PROGRESS") return { skipped: `request is ${req?.status ?? "gone"}` };
  const doc = await currentDocument(db, req.id);
  const [original] = await db.select().from(documentVersions).where(eq(documentVersions.requestId, req.id)).orderBy(asc(documentVersions.version)).limit(1);
  const bytes = await blobs().get(doc.sha256);
  const recs = await loadRecipients(db, req.id);
  const flds = await loadFields(db, req.id);
  const events = await db.select().from(auditEvents).where(eq(auditEvents.requestId, req.id)).orderBy(asc(auditEvents.createdAt));

  const values = [];
  for (const f of flds) {
    if (!f.value) continue;
    const v = JSON.parse(f.value) as FieldValue;
    const box = { page: f.page, x: f.x, y: f.y, width: f.width, height: f.height, type: f.type as "SIGNATURE" | "INITIAL" | "DATE" | "TEXT" };
    if (v.kind === "image") values.push({ ...box, value: { kind: "image" as const, bytes: await blobs().get(v.sha256) } });
    else if (v.kind === "typed") values.push({ ...box, value: { kind: "typed" as const, text: v.text } });
    else values.push({ ...box, value: { kind: "text" as const, text: v.text, fontSize: f.fontSize ?? undefined } });
  }
  const signedAt = new Map(recs.map((r) => [r.id, r]));
  const { p12, password } = await signingCertificate();
  // In the engine's worker threads, bounded in time and memory like every other document task.
  const sealed = await runEngine("sealDocument", [bytes, {
    fields: values,
    cover: await anchorBoxes(doc.sha256, bytes),
    sandbox: req.environment === "SANDBOX",
    p12,
    password,
    certificate: {
      requestId: req.id,
      title: req.title,
      environment: req.environment,
      originalSha256: original.sha256,
      recipients: recs.map((r) => {
        const signed = events.find((e) => e.type === "recipient.signed" && e.actor === `recipient:${r.id}`);
        return {
          name: r.name,
          email: r.email,
          role: r.role,
          order: r.order,
          status: r.status,
          signedAt: signedAt.get(r.id)?.signedAt?.toISOString(),
          ip: signed?.ip ?? undefined,
          userAgent: signed?.userAgent ?? undefined,
        };
      }),
      events: events.map((e) => ({ at: e.createdAt.toISOString(), type: e.type, actor: e.actorLabel ?? e.actor, ip: e.ip ?? undefined, userAgent: e.userAgent ?? undefined })),
    },
  }]);
  const stored = await blobs().put(sealed.sealed);

  await db.transaction(async (tx) => {
    const [cur] = await tx.select().from(signatureRequests).where(eq(signatureRequests.id, req.id)).for("update");
    if (cur.status !== "IN_PROGRESS") return;
    const now = new Date();
    await tx.insert(documentVersions).values({
      requestId: req.id,
      version: doc.version + 1,
      sha256: stored.sha256,
      size: stored.size,
      pageCount: doc.pageCount + sealed.certificatePages,
      pages: [...doc.pages, ...Array.from({ length: sealed.certificatePages }, () => ({ ...CERTIFICATE_PAGE_SIZE }))],
      reason: "SEALED",
      filename: null,
    });
    await tx
      .update(signatureRequests)
      .set({ status: "COMPLETED", completedAt: now, updatedAt: now, sealErrorCode: null, sealErrorMessage: null, sealFailedAt: null })
      .where(eq(signatureRequests.id, req.id));
    await recordEvent(tx, req.id, "request.completed", systemActor, {
      originalSha256: original.sha256,
      sealedContentSha256: sealed.sealedContentSha256,
      sealedSha256: stored.sha256,
    });
    await emitEvent(tx, req, "signature_request.completed", { id: req.id, title: req.title, status: "COMPLETED", sha256: stored.sha256 });
    for (const r of recs) await enqueue(tx, "notify", { kind: "completed", requestId: req.id, recipientId: r.id });
  });
  return { sealed: stored.sha256 };
}
