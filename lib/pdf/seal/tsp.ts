/**
 * RFC 3161 time-stamp protocol, the pure half: the request (TimeStampReq) to send and the checks of
 * the answer (TimeStampResp), with pkijs. The HTTP exchange is the server's (lib/server/timestamp).
 *
 * An answer is accepted only when everything holds: status granted, a token whose TSTInfo imprints
 * our SHA-256 digest with our nonce, a signature that verifies with the certificate in the token,
 * that certificate allowed to time-stamp (extendedKeyUsage timeStamping), and, when the operator
 * names the TSA's CA, a chain from it to that CA. Anything else is a TimestampError, which the seal
 * job retries: a seal never goes out without the timestamp it was configured to have.
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { nameToString } from "../distinguished-name";

import { TimestampError } from "./timestamp-error";

export { TimestampError } from "./timestamp-error";

const OID_SHA256 = "2.16.840.1.101.3.4.2.1";
const OID_DATA = "1.2.840.113549.1.7.1";
const OID_TST_INFO = "1.2.840.113549.1.9.16.1.4";
const OID_EKU = "2.5.29.37";
const OID_KP_TIME_STAMPING = "1.3.6.1.5.5.7.3.8";

/** A fresh nonce: 8 random bytes as a positive integer, in hex. */
export function newNonce(): string {
  const b = crypto.randomBytes(8);
  b.writeUInt8((b.readUInt8(0) & 0x7f) | 0x40, 0); // positive and eight bytes long
  return b.toString("hex");
}

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** TimeStampReq (DER) for a SHA-256 digest, asking for the TSA's certificate in the token. */
export function timestampRequest(digest: Uint8Array, nonceHex: string): Uint8Array<ArrayBuffer> {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID_SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: ab(Buffer.from(nonceHex, "hex")) }),
    certReq: true,
  });
  return new Uint8Array(req.toSchema().toBER());
}

export interface TimestampToken {
  /** The TimeStampToken: a DER ContentInfo (SignedData over a TSTInfo). */
  token: Uint8Array;
  /** The TSA's time (genTime), ISO 8601. */
  genTime: string;
  /** The TSA's name, from its certificate's subject (common name, organization). */
  authority: string;
  /** Every certificate the token carries, the TSA's first, then the trusted ones given (DER). */
  certificates: Uint8Array[];
}

function parse<T>(der: Uint8Array, what: string, make: (schema: asn1js.AsnType) => T): T {
  const asn = asn1js.fromBER(ab(der));
  if (asn.offset === -1) throw new TimestampError(`The timestamp authority's answer is not DER (${what})`);
  try {
    return make(asn.result);
  } catch (e) {
    throw new TimestampError(`The timestamp authority's answer is not a ${what}: ${(e as Error).message}`);
  }
}

/** "CN, O" of a certificate's subject (whichever are there), else the whole name. */
export function subjectName(cert: pkijs.Certificate, parts = ["2.5.4.3", "2.5.4.10"]): string {
  const value = (type: string) =>
    cert.subject.typesAndValues.find((t) => t.type === type)?.value.valueBlock.value as string | undefined;
  const named = parts.map(value).filter((v): v is string => !!v);
  return named.length ? named.join(", ") : nameToString(cert.subject);
}

export function parseCertificate(der: Uint8Array): pkijs.Certificate {
  const asn = asn1js.fromBER(ab(der));
  if (asn.offset === -1) throw new Error("Not a DER certificate");
  return new pkijs.Certificate({ schema: asn.result });
}

/** Certificates of a PEM file (TSA_CA_FILE), as DER. */
export function certificatesFromPem(pem: string): Uint8Array[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/g)].map(
    (m) => new Uint8Array(Buffer.from((m[1] ?? "").replace(/\s+/g, ""), "base64")),
  );
}

const certDer = (c: pkijs.CertificateSetItem) => new Uint8Array((c as pkijs.Certificate).toSchema().toBER());

/**
 * Checks a TimeStampResp against what was asked (`digest`, `nonceHex`) and returns the token.
 * `trusted`: the TSA's CA certificates (DER); when given, the TSA's certificate must chain to one.
 */
export async function readTimestampResponse(
  resp: Uint8Array,
  expected: { digest: Uint8Array; nonceHex: string; trusted?: Uint8Array[] },
): Promise<TimestampToken> {
  const answer = parse(resp, "TimeStampResp", (schema) => new pkijs.TimeStampResp({ schema }));
  const status = answer.status.status;
  if (status !== 0 && status !== 1) {
    const text = answer.status.statusStrings?.map((s) => s.valueBlock.value).join("; ");
    throw new TimestampError(`The timestamp authority refused the request (PKIStatus ${status}${text ? `: ${text}` : ""})`);
  }
  if (!answer.timeStampToken) throw new TimestampError("The timestamp authority granted the request but sent no token");
  const token = new Uint8Array(answer.timeStampToken.toSchema().toBER());
  if (answer.timeStampToken.contentType !== pkijs.ContentInfo.SIGNED_DATA)
    throw new TimestampError("The timestamp token is not a SignedData");
  const signed = parse(
    token,
    "timestamp token",
    (schema) => new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema }).content }),
  );
  if (signed.encapContentInfo.eContentType !== OID_TST_INFO || !signed.encapContentInfo.eContent)
    throw new TimestampError("The timestamp token holds no TSTInfo");
  const tst = parse(
    new Uint8Array(signed.encapContentInfo.eContent.getValue()),
    "TSTInfo",
    (schema) => new pkijs.TSTInfo({ schema }),
  );

  const imprint = tst.messageImprint;
  if (
    imprint.hashAlgorithm.algorithmId !== OID_SHA256 ||
    Buffer.compare(Buffer.from(imprint.hashedMessage.valueBlock.valueHexView), Buffer.from(expected.digest)) !== 0
  ) {
    throw new TimestampError("The timestamp token is not over the digest that was sent (messageImprint differs)");
  }
  if (!tst.nonce || tst.nonce.toBigInt() !== BigInt(`0x${expected.nonceHex}`))
    throw new TimestampError("The timestamp token's nonce is not the request's");

  const trusted = (expected.trusted ?? []).map(parseCertificate);
  let verified: pkijs.SignedDataVerifyResult;
  try {
    // pkijs verifies a TSTInfo's imprint by hashing the time-stamped data itself, which only the
    // engine has (the digest was checked above); as plain data it checks the rest: messageDigest
    // over the TSTInfo, the signature over the signed attributes, and the chain.
    const plain = parse(
      token,
      "timestamp token",
      (schema) => new pkijs.SignedData({ schema: new pkijs.ContentInfo({ schema }).content }),
    );
    plain.encapContentInfo.eContentType = OID_DATA;
    verified = await plain.verify({ signer: 0, checkChain: trusted.length > 0, trustedCerts: trusted, extendedMode: true });
  } catch (e) {
    const r = e as Partial<pkijs.SignedDataVerifyResult> & { message?: string };
    throw new TimestampError(`The timestamp token's signature does not verify: ${r.message ?? String(e)}`);
  }
  if (!verified.signatureVerified || !verified.signerCertificate)
    throw new TimestampError(`The timestamp token's signature does not verify: ${verified.message ?? "no signer"}`);
  if (trusted.length && verified.signerCertificateVerified === false)
    throw new TimestampError("The timestamp authority's certificate does not chain to TSA_CA_FILE");
  const signer = verified.signerCertificate;
  const eku = signer.extensions?.find((x) => x.extnID === OID_EKU)?.parsedValue as pkijs.ExtKeyUsage | undefined;
  if (!eku?.keyPurposes.includes(OID_KP_TIME_STAMPING))
    throw new TimestampError("The timestamp authority's certificate is not for time-stamping (extendedKeyUsage)");

  const own = new Uint8Array(signer.toSchema().toBER());
  const others = (signed.certificates ?? []).map(certDer).filter((c) => Buffer.compare(Buffer.from(c), Buffer.from(own)) !== 0);
  const seen = new Set<string>();
  const certificates = [own, ...others, ...(expected.trusted ?? [])].filter((c) => {
    const k = Buffer.from(c).toString("base64");
    return seen.has(k) ? false : (seen.add(k), true);
  });
  return { token, genTime: tst.genTime.toISOString(), authority: subjectName(signer), certificates };
}
