/**
 * Sealing a completed document ("Completion"): the values drawn and the anchor text
 * removed (draw-values.ts), then a certificate of completion (certificate.ts), then a PAdES
 * signature over the whole file (pades.ts).
 *
 * The file is written once: the drawn document is saved (that is the "sealed content"), and the
 * certificate pages and the signature placeholder are appended to it as one incremental update
 * from the same in-memory document, which @signpdf then signs. So the sealed file starts with
 * the exact bytes whose SHA-256 the certificate prints (see certificate.ts), and a 100-page
 * document is parsed once and serialized once.
 *
 * That is PAdES B-B. The higher levels need a timestamp authority, which only the server can reach,
 * so they are further engine steps the seal job runs around its requests to the TSA (see
 * docs/architecture.md, "Timestamps"): timestamp.ts (B-T's signature timestamp, B-LTA's document
 * timestamp) and validation-data.ts (B-LT's /DSS). sealDocument only makes room for the token and
 * names the level and the authority on the certificate.
 */
import crypto from "node:crypto";
import { AFRelationship, type PDFDocument } from "@cantoo/pdf-lib";
import { loadPdf } from "../load";
import { withBudget } from "../limits";
import { addCertificatePages, type CertificateAttachment, type CertificateData } from "./certificate";
import type { PadesLevel } from "./levels";
import { signatureTimestampToken } from "./timestamp";
import { drawFieldValuesInto, SealMarks, type CoverBox, type FieldToDraw } from "./draw-values";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";
import { addSignaturePlaceholder, fillSignature, type SignOptions } from "./pades";
import { loadIdentity } from "./cades-signer";

export { SANDBOX_LINE, drawFieldValues, drawFieldValuesInto, removeAnchorText } from "./draw-values";
export type { CoverBox, DrawOptions, DrawReport, FieldToDraw, FieldType, DrawnValue, PageBox, SignerMark } from "./draw-values";
export { appendCertificatePage, addCertificatePages, CERTIFICATE_PAGE_SIZE } from "./certificate";
export type { CertificateData, CertificateLabels, CertificateRecipient, CertificateSeal } from "./certificate";
export { ENGLISH_CERTIFICATE_LABELS } from "./certificate";
export { PADES_LEVELS, PADES_LEVEL_TEXT, levelAtLeast, type PadesLevel } from "./levels";
export { fillDocumentTimestamp, prepareDocumentTimestamp, timestampSignature } from "./timestamp";
export { addValidationData, type ValidationData } from "./validation-data";
export { signPdf } from "./pades";
export { createSelfSignedP12 } from "./self-signed";
export type { SignOptions } from "./pades";

/**
 * A file a signer attached, embedded in the sealed PDF before it is signed (so the signature covers it): in
 * /EmbeddedFiles, with /AF naming it as a Supplement, and listed on the certificate.
 */
export interface SealAttachment {
  name: string;
  mime: string;
  size: number;
  /** SHA-256 (hex) of `bytes`. */
  sha256: string;
  bytes: Uint8Array;
  /** Who attached it, and to which field (its label or name). */
  recipient: string;
  field: string;
}

export interface SealOptions {
  fields: FieldToDraw[];
  /** Files signers attached to this document's FILE fields. */
  attachments?: SealAttachment[];
  /** Anchor boxes: their text is removed from the document (only the token's own glyphs, when `text` names it). */
  cover?: CoverBox[];
  /** Sandbox documents carry the sandbox line on every page, certificate pages included, in the certificate's language. */
  sandbox?: boolean;
  /**
   * The certificate's content; the hashes are filled in here (originalSha256 and documentSha256 default
   * to the input's; the seal job names the document version it seals when the input is its signers' copy).
   */
  certificate: Omit<CertificateData, "originalSha256" | "sealedContentSha256" | "sealedContentLength" | "seal"> & {
    originalSha256?: string;
  };
  /** The level the seal job will bring this seal to (printed on the certificate); default B-B. */
  level?: PadesLevel;
  /** For B-T and above: the authority's name and time from the job's first request, and the room its token needs. */
  timestamp?: { authority: string; checkedAt?: string; tokenBytes: number };
  /** PKCS#12 with the server's signing key and certificate. */
  p12: Uint8Array;
  password: string;
  /** Signature dictionary entries; defaults name the service. */
  signature?: Partial<Omit<SignOptions, "p12" | "password">>;
}

export interface SealResult {
  sealed: Uint8Array;
  /** SHA-256 (hex) of the original document: `certificate.originalSha256`, else of the input. */
  originalSha256: string;
  /** SHA-256 (hex) of the sealed content: the first `sealedContentLength` bytes of `sealed`. */
  sealedContentSha256: string;
  sealedContentLength: number;
  /** SHA-256 (hex) of `sealed`, the file as stored and sent. */
  sealedSha256: string;
  /** Pages appended for the certificate (A4, CERTIFICATE_PAGE_SIZE). */
  certificatePages: number;
  /** SHA-256 of the CMS signature value: what a signature timestamp imprints (B-T). */
  signatureImprint: Uint8Array;
  /** The sealing certificate and its chain (DER), for the /DSS (B-LT). */
  signerChain: Uint8Array[];
}

/**
 * Embeds each file as an associated file of the document (/EmbeddedFiles and /AF, relationship Supplement),
 * named apart when two share a name; returns them as the certificate lists them.
 */
async function attachFiles(doc: PDFDocument, files: SealAttachment[]): Promise<CertificateAttachment[]> {
  const taken = new Set<string>();
  const out: CertificateAttachment[] = [];
  for (const f of files) {
    if (sha256(f.bytes) !== f.sha256) throw new Error(`Attachment ${f.name} does not match its SHA-256`);
    let name = f.name;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = f.name.replace(/(\.[^.]*)?$/, (ext) => ` (${n})${ext}`);
    taken.add(name.toLowerCase());
    await doc.attach(f.bytes, name, {
      mimeType: f.mime,
      description: `${f.field} (${f.recipient})`,
      afRelationship: AFRelationship.Supplement,
    });
    out.push({ name, size: f.size, sha256: f.sha256, recipient: f.recipient, field: f.field });
  }
  return out;
}

/** Room for the timestamp token beyond its size at the job's first request: its serial, time and nonce may grow. */
const TOKEN_MARGIN = 2048;

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

/**
 * Seals `original`. Throws PdfError for a PDF or a box that cannot be used (see ../errors.ts),
 * or Error when the signing certificate cannot be read; nothing is returned half-done.
 */
export function sealDocument(original: Uint8Array, opts: SealOptions): Promise<SealResult> {
  return withBudget(() => seal(original, opts));
}

async function seal(original: Uint8Array, opts: SealOptions): Promise<SealResult> {
  const identity = loadIdentity(opts.p12, opts.password);
  const inputSha256 = sha256(original);
  const doc = await loadPdf(original);
  // The certificate shows each signer's signature: the image the document's fields embedded, drawn again.
  const marks = new SealMarks(doc);
  await drawFieldValuesInto(doc, opts.fields, {
    cover: opts.cover,
    sandbox: opts.sandbox,
    sandboxLine: opts.certificate.labels?.sandboxLine,
    marks,
  });
  const attached = await attachFiles(doc, opts.attachments ?? []);
  const content = await doc.save({ useObjectStreams: false, objectsPerTick: Infinity });
  const sealedContentSha256 = sha256(content);

  const snap = snapshotObjects(doc, content);
  const originalSha256 = opts.certificate.originalSha256 ?? inputSha256;
  const certificatePages = await addCertificatePages(
    doc,
    {
      ...opts.certificate,
      originalSha256,
      documentSha256: opts.certificate.documentSha256 ?? inputSha256,
      sealedContentSha256,
      sealedContentLength: content.length,
      ...(attached.length && { attachments: attached }),
      seal: {
        certificateSubject: identity.subject,
        certificateSha256: identity.fingerprint,
        level: opts.level ?? "B-B",
        timestampAuthority: opts.timestamp?.authority,
        timestampAuthorityCheckedAt: opts.timestamp?.checkedAt,
      },
    },
    { sandbox: opts.sandbox, marks },
  );
  const reserveBytes = opts.timestamp ? opts.timestamp.tokenBytes + TOKEN_MARGIN : 0;
  addSignaturePlaceholder(doc, identity, {
    reason: "Signed with Signet: document sealed after all signers signed",
    ...opts.signature,
    reserveBytes,
  });
  const prepared = await writeIncrementalUpdate(content, doc, snap);
  // pdf-lib wrote `content` itself, so it always ends with a cross-reference table.
  if (!prepared) throw new Error("The sealed content has no cross-reference table");
  const sealed = await fillSignature(prepared, identity);
  return {
    sealed,
    originalSha256,
    sealedContentSha256,
    sealedContentLength: content.length,
    sealedSha256: sha256(sealed),
    certificatePages,
    signatureImprint: signatureTimestampToken(sealed).imprint,
    signerChain: identity.chain.map((c) => new Uint8Array(c)),
  };
}
