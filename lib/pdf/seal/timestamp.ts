/**
 * The timestamps of a seal (PAdES B-T and B-LTA), the PDF and CMS half. The token itself is fetched
 * by the server between two engine steps (lib/server/timestamp), so each step here is pure:
 *
 * - B-T: the seal's CMS gets the TSA's token over its signature value as the unsigned attribute
 *   id-aa-signatureTimeStampToken (RFC 3161 appendix A). Unsigned attributes are outside what the
 *   signature covers, so the CMS is rewritten in place inside /Contents, which sealDocument sized
 *   for it: the byte ranges, and so the signature, stay as they are.
 * - B-LTA: a document timestamp (/Type /DocTimeStamp, /SubFilter /ETSI.RFC3161) appended as the last
 *   revision; /Contents is the token itself over the SHA-256 of its byte ranges.
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { loadPdf } from "../load";
import { snapshotObjects, writeIncrementalUpdate } from "./incremental";
import { addSignatureField, addSignatureValue } from "./placeholder";

const OID_SIGNATURE_TIMESTAMP = "1.2.840.113549.1.9.16.2.14";

/** Where the last signature's /Contents lies in the file, and the DER inside it. */
interface SignatureSlot {
  byteRange: [number, number, number, number];
  /** Offsets of the hex digits between `<` and `>`. */
  hexStart: number;
  hexEnd: number;
  der: Uint8Array;
}

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const sha256 = (...parts: Uint8Array[]) => parts.reduce((h, p) => h.update(p), crypto.createHash("sha256")).digest();

/** Every filled signature of the file (/ByteRange with numbers), in file order: this seal's come last. */
function signatureSlots(pdf: Uint8Array): SignatureSlot[] {
  const buf = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.length);
  const slots: SignatureSlot[] = [];
  for (let at = buf.indexOf("/ByteRange ["); at >= 0; at = buf.indexOf("/ByteRange [", at + 1)) {
    const m = /^\/ByteRange \[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(buf.subarray(at, at + 80).toString("latin1"));
    if (!m) continue;
    const byteRange = m.slice(1, 5).map(Number) as SignatureSlot["byteRange"];
    const hexStart = byteRange[1] + 1;
    const hexEnd = byteRange[2] - 1;
    if (buf[hexStart - 1] !== 0x3c || buf[hexEnd] !== 0x3e)
      throw new Error("A signature's /Contents is not where its /ByteRange says");
    const raw = Buffer.from(buf.subarray(hexStart, hexEnd).toString("latin1"), "hex");
    // The DER's own length says where it ends: the placeholder is padded with zeros.
    const asn = asn1js.fromBER(ab(raw));
    if (asn.offset === -1) throw new Error("A signature's /Contents is not DER");
    slots.push({ byteRange, hexStart, hexEnd, der: new Uint8Array(raw.subarray(0, asn.offset)) });
  }
  return slots;
}

/** The last signature of the file (the one this seal appended last): its byte range and its DER. */
function lastSignature(pdf: Uint8Array): SignatureSlot {
  const slots = signatureSlots(pdf);
  const last = slots.at(-1);
  if (!last) throw new Error("The sealed file has no signed /ByteRange");
  return last;
}

/** Writes `der` into the /Contents of `slot`, padded with zeros; the rest of the file is unchanged. */
function fillSlot(pdf: Uint8Array, slot: SignatureSlot, der: Uint8Array): Uint8Array {
  const hex = Buffer.from(der).toString("hex");
  const room = slot.hexEnd - slot.hexStart;
  if (hex.length > room) throw new Error(`The signature placeholder is too small: ${hex.length / 2} bytes for ${room / 2}`);
  const out = new Uint8Array(pdf);
  Buffer.from(out.buffer, out.byteOffset, out.length).write(hex.padEnd(room, "0"), slot.hexStart, "latin1");
  return out;
}

function signedDataOf(der: Uint8Array): { info: pkijs.ContentInfo; signed: pkijs.SignedData; signer: pkijs.SignerInfo } {
  const info = pkijs.ContentInfo.fromBER(ab(der));
  if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) throw new Error("The signature is not a CMS SignedData");
  const signed = new pkijs.SignedData({ schema: info.content });
  const signer = signed.signerInfos[0];
  if (!signer) throw new Error("The signature's CMS has no SignerInfo");
  return { info, signed, signer };
}

/**
 * B-T: puts `token` (a TimeStampToken, DER) into the last signature's CMS as its
 * signature-timestamp attribute. Only unsigned data changes: the signed attributes and the
 * certificates are kept as the bytes they were (pkijs re-encodes what it parsed unchanged, and
 * this checks it), so the signature still verifies.
 */
export function timestampSignature(pdf: Uint8Array, token: Uint8Array): Uint8Array {
  const slot = lastSignature(pdf);
  const { signed, signer } = signedDataOf(slot.der);
  const before = signer.signedAttrs ? Buffer.from(signer.signedAttrs.encodedValue) : undefined;
  const tokenAsn = asn1js.fromBER(ab(token));
  if (tokenAsn.offset === -1) throw new Error("The timestamp token is not DER");
  const attribute = new pkijs.Attribute({ type: OID_SIGNATURE_TIMESTAMP, values: [tokenAsn.result] });
  const others = signer.unsignedAttrs?.attributes.filter((a) => a.type !== OID_SIGNATURE_TIMESTAMP) ?? [];
  signer.unsignedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: [...others, attribute] });
  const der = new Uint8Array(
    new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signed.toSchema(true) }).toSchema().toBER(),
  );

  const check = signedDataOf(der).signer;
  if (before && Buffer.compare(before, Buffer.from(check.signedAttrs!.encodedValue)) !== 0)
    throw new Error("Re-encoding the CMS changed its signed attributes");
  return fillSlot(pdf, slot, der);
}

/**
 * The signature-timestamp token in the CMS of signature `index` (0-based, file order; default the
 * last), if it has one (DER), and the SHA-256 of that signature's value, which the token imprints.
 */
export function signatureTimestampToken(pdf: Uint8Array, index = -1): { token?: Uint8Array; imprint: Uint8Array } {
  const slot = signatureSlots(pdf).at(index);
  if (!slot) throw new Error(`The file has no signature ${index}`);
  const { signer } = signedDataOf(slot.der);
  const imprint = sha256(new Uint8Array(signer.signature.valueBlock.valueHexView));
  const attr = signer.unsignedAttrs?.attributes.find((a) => a.type === OID_SIGNATURE_TIMESTAMP);
  return { token: attr ? new Uint8Array(attr.values[0].toBER()) : undefined, imprint };
}

/** A @signpdf Signer that signs nothing: it keeps what would be signed, so that its digest can go to a TSA. */
class CapturingSigner extends Signer {
  signed?: Buffer;
  async sign(pdfBuffer: Buffer): Promise<Buffer> {
    this.signed = pdfBuffer;
    return Buffer.alloc(0);
  }
}

/**
 * B-LTA, first step: appends a document-timestamp field (its /Contents `reserveBytes` of zeros) as
 * an incremental update, fixes its /ByteRange, and returns the file with the SHA-256 of the byte
 * ranges, which the TSA's token must imprint (fillDocumentTimestamp puts the token in).
 */
export async function prepareDocumentTimestamp(
  pdf: Uint8Array,
  reserveBytes: number,
): Promise<{ pdf: Uint8Array; imprint: Uint8Array }> {
  const doc = await loadPdf(pdf);
  const snap = snapshotObjects(doc, pdf);
  const value = addSignatureValue(doc, { type: "DocTimeStamp", subFilter: "ETSI.RFC3161", contentsBytes: reserveBytes });
  addSignatureField(doc, { value, name: "Signet document timestamp" });

  const prepared = await writeIncrementalUpdate(pdf, doc, snap);
  if (!prepared) throw new Error("The sealed file has no cross-reference section to update");
  const capture = new CapturingSigner();
  const out = await new SignPdf().sign(Buffer.from(prepared.buffer, prepared.byteOffset, prepared.length), capture);
  return { pdf: new Uint8Array(out.buffer, out.byteOffset, out.length), imprint: sha256(capture.signed!) };
}

/** B-LTA, second step: the TSA's token (DER) into the document timestamp prepared above. */
export function fillDocumentTimestamp(pdf: Uint8Array, token: Uint8Array): Uint8Array {
  return fillSlot(pdf, lastSignature(pdf), token);
}

/** The last revision's signed content and /Contents DER (tests, and checks after filling). */
export function lastSignatureData(pdf: Uint8Array): {
  byteRange: [number, number, number, number];
  der: Uint8Array;
  digest: Uint8Array;
} {
  const slot = lastSignature(pdf);
  const [a, b, c, d] = slot.byteRange;
  return { byteRange: slot.byteRange, der: slot.der, digest: sha256(pdf.subarray(a, a + b), pdf.subarray(c, c + d)) };
}
