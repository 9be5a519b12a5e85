/**
 * The PAdES signature over the whole sealed file, with @signpdf: a placeholder added with
 * @signpdf/placeholder-pdf-lib, the document written as an incremental update (incremental.ts),
 * then @signpdf/signpdf fills /ByteRange and /Contents with a CAdES signature (cades-signer.ts).
 *
 * SubFilter ETSI.CAdES.detached: @signpdf's placeholder takes it as an option, and the CMS that
 * cades-signer.ts builds carries what that SubFilter promises (signing-certificate-v2, no
 * signing-time). pdfsig (poppler with NSS) validates it like adbe.pkcs7.detached.
 */
import type { PDFDocument } from "pdf-lib";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { SUBFILTER_ETSI_CADES_DETACHED } from "@signpdf/utils";
import { loadPdf } from "../load";
import { CadesSigner, loadIdentity, type SigningIdentity } from "./cades-signer";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";

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
 * Room for the CMS, in hex digits (@signpdf's unit: half as many bytes): the certificates, the
 * signature and the attributes, with a margin, and `reserveBytes` more for a timestamp token that
 * timestamp.ts adds later as an unsigned attribute.
 */
function placeholderLength(identity: SigningIdentity, reserveBytes = 0): number {
  return Math.max(8192, identity.chain.reduce((n, c) => n + c.length, 0) + 4096) + 2 * reserveBytes;
}

/** Adds the signature field and its placeholder to `doc` (the widget is invisible, on page 1). */
export function addSignaturePlaceholder(
  doc: PDFDocument,
  identity: SigningIdentity,
  opts: Omit<SignOptions, "p12" | "password"> & { reserveBytes?: number },
): void {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: opts.reason,
    name: opts.name ?? identity.commonName,
    location: opts.location ?? "",
    contactInfo: opts.contactInfo ?? "",
    signingTime: opts.signingTime,
    signatureLength: placeholderLength(identity, opts.reserveBytes),
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: "Signet",
  });
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
