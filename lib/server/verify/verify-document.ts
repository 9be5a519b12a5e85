import "server-only";
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { decideVerdict, VERDICT_TEXT } from "@/lib/pdf/verify/verdict";
import type { PdfVerification, TimestampInfo } from "@/lib/pdf/verify";
import { looksLikePdf } from "@/lib/pdf/sniff";
import type { Verification } from "@/lib/schemas/verify";
import { getDb } from "../db";
import { documentVersions, recipients, signatureRequests } from "../db/schema";
import { pdfErrorToApp, runEngine } from "../engine";
import { AppError } from "../errors";
import { signingCertificate } from "../signing/signing-certificate";
import { trustedCertificates } from "./trust-list";
import { loadDocuments } from "../model/request-queries";

/** "a***@example.com": enough for a signer to recognise their address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${email[0]}***${email.slice(at)}`;
}

const timestampDto = (t: TimestampInfo) => ({ genTime: t.genTime, tsa: t.tsa, verified: t.verified, trusted: t.trusted });

/** The sealed document the server stored with one of these SHA-256s, and its request. */
async function sealedOnRecord(hashes: string[]) {
  const db = await getDb();
  const [row] = await db
    .select({
      sha256: documentVersions.sha256,
      documentId: documentVersions.documentId,
      requestId: signatureRequests.id,
      title: signatureRequests.title,
      environment: signatureRequests.environment,
      completedAt: signatureRequests.completedAt,
    })
    .from(documentVersions)
    .innerJoin(signatureRequests, eq(signatureRequests.id, documentVersions.requestId))
    .where(and(inArray(documentVersions.sha256, hashes), eq(documentVersions.reason, "SEALED")))
    .orderBy(desc(documentVersions.createdAt))
    .limit(1);
  if (!row) return null;
  const signers = await db
    .select({ name: recipients.name, email: recipients.email, signedAt: recipients.signedAt })
    .from(recipients)
    .where(and(eq(recipients.requestId, row.requestId), eq(recipients.role, "SIGNER")))
    .orderBy(asc(recipients.order), asc(recipients.createdAt));
  // The request's documents, each with its sealed version (the newest SEALED: a reseal replaces the seal).
  const docs = await loadDocuments(db, row.requestId);
  const documents = docs.map((d) => ({
    order: d.position,
    name: d.name,
    sealedSha256: d.current.reason === "SEALED" ? d.current.sha256 : null,
    thisFile: d.id === row.documentId,
  }));
  return { ...row, signers, name: docs.find((d) => d.id === row.documentId)?.name ?? row.title, documents };
}

/**
 * POST /api/v1/verify: is `file` a PDF this server sealed, unmodified since? The PDF is read in the
 * engine's threads (lib/pdf/verify); the request behind it is named only when the file's SHA-256 (or,
 * for a file that gained only validation data or a document time-stamp since, the SHA-256 of the
 * revision the seal signed) is a sealed document of this server. Nothing else about any request is
 * looked up or said.
 */
export async function verifyDocument(file: File): Promise<Verification> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length === 0) throw new AppError("FILE_EMPTY", "The file is empty");
  if (!looksLikePdf(bytes)) throw new AppError("NOT_A_PDF", "The file is not a PDF");
  const sha256 = crypto.createHash("sha256").update(bytes).digest("hex");
  const { p12, password } = await signingCertificate();
  let report: PdfVerification;
  try {
    report = await runEngine(
      "verifyPdf",
      [bytes, { sealingP12: { p12, password }, trustedCertificates: await trustedCertificates() }],
      { document: sha256 },
    );
  } catch (e) {
    pdfErrorToApp(e);
  }
  const seal = report.signatures.find((s) => s.index === report.seal) ?? null;
  const hashes = [...new Set([report.sha256, seal?.revisionSha256].filter((h): h is string => !!h))];
  const record = report.signed ? await sealedOnRecord(hashes) : null;
  const { verdict, reasons } = record
    ? decideVerdict(report, { onRecord: true })
    : { verdict: report.verdict, reasons: report.reasons };
  // The whole file is the stored one, or it holds the stored one unchanged (VALID): the holder has it.
  const reveal = record && (record.sha256 === report.sha256 || verdict === "VALID");
  return {
    verdict,
    summary: VERDICT_TEXT[verdict],
    reasons,
    file: { sha256: report.sha256, size: report.size },
    signed: report.signed,
    sealedByThisService: verdict !== "NOT_SEALED_BY_SERVICE",
    level: seal?.level ?? null,
    timestamp: seal?.timestamp ? timestampDto(seal.timestamp) : null,
    signatures: report.signatures.map((s) => ({
      index: s.index,
      kind: s.kind,
      subFilter: s.subFilter,
      claimedSigningTime: s.claimedSigningTime,
      byteRange: s.byteRange,
      byteRangeValid: s.byteRangeValid,
      coversWholeFile: s.coversWholeFile,
      bytesAfter: s.bytesAfter,
      digestMatches: s.digestMatches,
      signatureVerifies: s.signatureVerifies,
      outcome: s.outcome,
      failed: s.failed,
      indeterminate: s.indeterminate,
      modificationsAfter: s.modificationsAfter,
      laterSignatures: s.laterSignatures,
      signer: s.signer,
      isSealingCertificate: s.isSealingCertificate,
      signerTrusted: s.signerTrusted,
      level: s.level,
      timestamp: s.timestamp ? timestampDto(s.timestamp) : null,
      problems: s.problems,
    })),
    dss: report.dss,
    modifications: report.modifications,
    attachments: report.attachments,
    document: reveal
      ? {
          title: record.title,
          sandbox: record.environment === "SANDBOX",
          completedAt: record.completedAt?.toISOString() ?? null,
          signers: record.signers.map((s) => ({
            name: s.name,
            email: maskEmail(s.email),
            signedAt: s.signedAt?.toISOString() ?? null,
          })),
          name: record.name,
          documents: record.documents,
        }
      : null,
  };
}
