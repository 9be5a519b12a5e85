/**
 * The PAdES signature over the whole sealed file, with @signpdf: a placeholder (placeholder.ts),
 * the document written as an incremental update (incremental.ts), then @signpdf/signpdf fills
 * /ByteRange and /Contents with a CAdES signature (cades-signer.ts).
 *
 * SubFilter ETSI.CAdES.detached: the CMS that cades-signer.ts builds carries what that SubFilter
 * promises (signing-certificate-v2, no signing-time). pdfsig (poppler with NSS) validates it like
 * adbe.pkcs7.detached.
 */
import { type PDFDocument, PDFString } from "@cantoo/pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { loadPdf } from "../load";
import { CadesSigner, loadIdentity, type SigningIdentity } from "./cades-signer";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";
import { addSignatureField, addSignatureValue } from "./placeholder";

export interface SignOptions {
  /** PKCS#12 file with an RSA or EC key and its certificate (chain). */
  p12: Uint8Array;
  password: string;
  reason: string;
  /** The signer's name in the signature dictionary; default: the certificate's common name. */
  name?: string;
  location?: string;
  contactInfo?: string;
  /** /M of the signature dictionary; default now. */
  signingTime?: Date;
}

/**
 * Room for the CMS, in bytes: the certificates, the signature and the attributes, with a margin, and
 * `reserveBytes` more for a timestamp token that timestamp.ts adds later as an unsigned attribute.
 * (Whole bytes: an odd number of hex digits would leave @signpdf's signature a digit short.)
 */
function placeholderBytes(identity: SigningIdentity, reserveBytes = 0): number {
  return Math.ceil(Math.max(8192, identity.chain.reduce((n, c) => n + c.length, 0) + 4096) / 2) + reserveBytes;
}

/** Adds the signature field and its placeholder to `doc` (the widget is invisible, on page 1). */
export function addSignaturePlaceholder(
  doc: PDFDocument,
  identity: SigningIdentity,
  opts: Omit<SignOptions, "p12" | "password"> & { reserveBytes?: number },
): void {
  const value = addSignatureValue(doc, {
    type: "Sig",
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    contentsBytes: placeholderBytes(identity, opts.reserveBytes),
    entries: {
      Reason: PDFString.of(opts.reason),
      M: PDFString.fromDate(opts.signingTime ?? new Date()),
      ContactInfo: PDFString.of(opts.contactInfo ?? ""),
      Name: PDFString.of(opts.name ?? identity.commonName),
      Location: PDFString.of(opts.location ?? ""),
      Prop_Build: doc.context.obj({ Filter: { Name: "Adobe.PPKLite" }, App: { Name: "Signet" } }),
    },
  });
  addSignatureField(doc, { value, name: "Signature1", appearance: true });
}

/** Fills the placeholder of a prepared file: the signature covers every byte but its own. */
export async function fillSignature(prepared: Uint8Array, identity: SigningIdentity): Promise<Uint8Array> {
  const signed = await new SignPdf().sign(
    Buffer.from(prepared.buffer, prepared.byteOffset, prepared.length),
    new CadesSigner(identity),
  );
  return new Uint8Array(signed.buffer, signed.byteOffset, signed.length);
}

/**
 * Signs the whole file. The input bytes are kept as they are and the signature is appended as an
 * incremental update, so the signed file starts with exactly `pdfBytes`.
 */
export async function signPdf(pdfBytes: Uint8Array, opts: SignOptions): Promise<Uint8Array> {
  const identity = loadIdentity(opts.p12, opts.password);
  const doc = await loadPdf(pdfBytes);
  const snap = snapshotObjects(doc, pdfBytes);
  addSignaturePlaceholder(doc, identity, opts);
  // A file whose cross-reference data pdf-lib had to rebuild is rewritten whole instead.
  const prepared =
    (await writeIncrementalUpdate(pdfBytes, doc, snap)) ??
    (await doc.save({ useObjectStreams: false, objectsPerTick: Infinity }));
  return fillSignature(prepared, identity);
}
