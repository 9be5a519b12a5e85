/**
 * What a signature's CMS SignedData (RFC 5652) says, read with pkijs and asn1js: the signer's
 * certificate, the digest it signed (the message-digest attribute), whether the signature verifies
 * with that certificate's key, the CAdES attributes PAdES asks for (ETSI EN 319 142-1: ESS
 * signing-certificate-v2), and an RFC 3161 signature time-stamp token (id-aa-signatureTimeStampToken,
 * an unsigned attribute: PAdES B-T). A document time-stamp (SubFilter ETSI.RFC3161) is a time-stamp
 * token itself, read by readTimestampToken.
 *
 * The checks are that the bytes are what the CMS says it signed, and which certificate signed them.
 * A time-stamp's authority is vouched for only when its certificate chains to the caller's trust list
 * (trust.ts) at the time-stamp's time; a verified token from any other authority is reported, not
 * trusted. Whether the signer's certificate is the server's, or chains, is the caller's question.
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { nameToString } from "../distinguished-name";
import { DIGESTS, verifySignatureValue } from "./algorithms";
import { checkChain, type TrustList } from "./trust";

export const OID = {
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificate: "1.2.840.113549.1.9.16.2.12",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  signatureTimeStampToken: "1.2.840.113549.1.9.16.2.14",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  sha256: "2.16.840.1.101.3.4.2.1",
} as const;

/** Computes a digest of the signed bytes (the caller knows where they are). */
export type DigestOf = (nodeAlgorithm: string) => Buffer;

export interface CertificateInfo {
  /** RFC 4514-like: "CN=Signet document sealing, O=Signet". */
  subject: string;
  issuer: string;
  /** SHA-256 of the certificate's DER, lower-case hex. */
  sha256: string;
  serialNumber: string;
  notBefore: string;
  notAfter: string;
}

export interface TimestampInfo {
  /** TSTInfo genTime (ISO 8601). */
  genTime: string;
  /**
   * The subject of the certificate that signed the token (the TSTInfo's tsa name only when the token
   * carries no certificate): a name, not a credential — `trusted` says whether it is vouched for.
   */
  tsa: string | null;
  /** The token's own signature verifies and its message imprint is the digest of what it stamps. */
  verified: boolean;
  /** Verified, and the authority's certificate chains to the trust list at genTime (trust.ts). */
  trusted: boolean;
  /** Why it does not verify, when it does not. */
  problem?: string;
  /** Why its authority is not trusted, when it verifies but is not. */
  untrustedBecause?: string;
}

/** Why a signature could not be checked (it is then neither intact nor broken). */
export type IndeterminateReason =
  /** A digest or signature algorithm (or a key type) Signet does not check. */
  | "UNSUPPORTED_ALGORITHM"
  /** A signature encoding (SubFilter) Signet does not read, such as adbe.x509.rsa_sha1. */
  | "UNSUPPORTED_FORMAT"
  /** The CMS is larger, or has more ASN.1 nodes or nesting, than Signet reads (CMS_LIMITS). */
  | "PARSE_LIMIT"
  /** The CMS does not carry the certificate of its signer, or one that is not well-formed DER: there is no key to check it with. */
  | "NO_SIGNING_CERTIFICATE_FOUND";

/** Why a check that ran failed. */
export type FailureReason =
  /** The /ByteRange is malformed or does not leave out exactly this signature's /Contents. */
  | "BYTE_RANGE_INVALID"
  /** The /Contents is not a CMS of the form its SubFilter promises. */
  | "FORMAT_FAILURE"
  /** The signed bytes' digest differs from the one the signature holds. */
  | "HASH_FAILURE"
  /** The signature value does not verify with the signer's key. */
  | "SIG_CRYPTO_FAILURE";

export interface Finding<R extends string> {
  reason: R;
  detail: string;
}

/**
 * What one CMS is read with, at most: its bytes (its own DER length, not the placeholder's zero
 * padding), ASN.1 nodes and nesting. A CMS with a certificate chain, a time-stamp and revocation data
 * (a CRL of a few thousand entries, as Adobe's adbe-revocationInfoArchival holds) fits; beyond, the
 * signature is INDETERMINATE (PARSE_LIMIT), not read and not called broken.
 */
export const CMS_LIMITS = { bytes: 256 * 1024, nodes: 100_000, depth: 100 } as const;

/** A CMS beyond CMS_LIMITS. */
export class CmsParseLimit extends Error {}

export interface CmsReport {
  /** Digest algorithm of the signer (Node's name), e.g. "sha256". */
  digestAlgorithm: string | null;
  /** The digest of the signed bytes equals the one the CMS signed (checked and equal). */
  digestMatches: boolean;
  /** The signature value verifies with the signer certificate's public key (checked and verifies). */
  signatureVerifies: boolean;
  signer: CertificateInfo | null;
  /** DER of the signer's certificate (not sent to clients; compared with the sealing certificate). */
  signerDer: Uint8Array | null;
  /** DER of every certificate the CMS carries (the possible intermediates of the signer's path). */
  certificates: Uint8Array[];
  /** ESS signing-certificate(-v2) present, and its hash names the signer's certificate. */
  signingCertificateAttribute: "v2" | "v1" | null;
  signingCertificateBound: boolean;
  /** An RFC 3161 signature time-stamp token in the unsigned attributes (B-T). */
  timestamp: TimestampInfo | null;
  /** A check that ran and failed, the first one. */
  failed: Finding<FailureReason> | null;
  /** Why the signature could not be checked (when no check failed). */
  indeterminate: Finding<IndeterminateReason> | null;
  problems: string[];
}

function certificateDer(cert: pkijs.Certificate): Uint8Array {
  return new Uint8Array(cert.toSchema().toBER(false));
}

function certificateInfo(cert: pkijs.Certificate): CertificateInfo {
  const der = certificateDer(cert);
  return {
    subject: nameToString(cert.subject),
    issuer: nameToString(cert.issuer),
    sha256: crypto.createHash("sha256").update(der).digest("hex"),
    serialNumber: Buffer.from(cert.serialNumber.valueBlock.valueHexView).toString("hex"),
    notBefore: cert.notBefore.value.toISOString(),
    notAfter: cert.notAfter.value.toISOString(),
  };
}

function generalNameToString(g: pkijs.GeneralName): string | null {
  if (g.type === 4 && g.value instanceof pkijs.RelativeDistinguishedNames) return nameToString(g.value);
  if (typeof g.value === "string") return g.value.slice(0, 512);
  return null;
}

/**
 * The length of the DER element `der` starts with (header included), from its header alone; null for
 * an indefinite length (BER), whose end-of-contents octets are zeros like the placeholder's padding.
 */
function encodedLength(der: Uint8Array): number | null {
  const first = der[1];
  if (first === undefined) return der.length;
  if (first === 0x80) return null;
  if (first < 0x80) return 2 + first;
  const n = first & 0x7f;
  if (n > 4 || der.length < 2 + n) return der.length;
  let len = 0;
  for (let i = 0; i < n; i++) len = len * 256 + der[2 + i]!;
  return 2 + n + len;
}

/** The bytes before trailing zero padding. */
function unpadded(der: Uint8Array): number {
  let end = der.length;
  while (end > 0 && der[end - 1] === 0) end--;
  return end;
}

const LIMIT_ERRORS = [
  "Maximum ASN.1 node count exceeded",
  "Maximum ASN.1 nesting depth exceeded",
  "Maximum ASN.1 content length exceeded",
];

/**
 * Parses DER (trailing zero padding, as in a /Contents placeholder, allowed) into SignedData; throws
 * CmsParseLimit for a CMS beyond CMS_LIMITS, an Error for one that is not a SignedData.
 */
export function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const length = encodedLength(der);
  const size = length ?? unpadded(der);
  if (size > CMS_LIMITS.bytes) throw new CmsParseLimit(`the CMS is ${size} bytes long; Signet reads at most ${CMS_LIMITS.bytes}`);
  // A definite length is read as written (and never past the bytes there are), an indefinite one whole.
  const view = new Uint8Array(length === null || length > der.length ? der : der.subarray(0, length));
  const asn = asn1js.fromBER(view, { maxNodes: CMS_LIMITS.nodes, maxDepth: CMS_LIMITS.depth });
  if (asn.offset === -1) {
    const error = asn.result.error;
    if (LIMIT_ERRORS.includes(error))
      throw new CmsParseLimit(
        `${error.toLowerCase()} (Signet reads at most ${CMS_LIMITS.nodes} ASN.1 nodes, ${CMS_LIMITS.depth} deep)`,
      );
    throw new Error(`not DER: ${error}`);
  }
  const info = new pkijs.ContentInfo({ schema: asn.result });
  if (info.contentType !== OID.signedData) throw new Error(`content type ${info.contentType} is not SignedData`);
  return new pkijs.SignedData({ schema: info.content });
}

const cmsCertificates = (sd: pkijs.SignedData): Uint8Array[] =>
  (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate).map(certificateDer);

function findSigner(sd: pkijs.SignedData, si: pkijs.SignerInfo): pkijs.Certificate | null {
  const certs = (sd.certificates ?? []).filter((c): c is pkijs.Certificate => c instanceof pkijs.Certificate);
  if (si.sid instanceof pkijs.IssuerAndSerialNumber) {
    const sid = si.sid;
    return certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null;
  }
  // [0] SubjectKeyIdentifier: SHA-1 of the public key, by RFC 5280's first method.
  const sid = si.sid as asn1js.Constructed & asn1js.OctetString;
  const keyId = Buffer.from(
    sid.idBlock.isConstructed
      ? (sid.valueBlock.value[0] as asn1js.OctetString).valueBlock.valueHexView
      : (sid as asn1js.OctetString).valueBlock.valueHexView,
  );
  return (
    certs.find((c) =>
      crypto.createHash("sha1").update(c.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView).digest().equals(keyId),
    ) ?? null
  );
}

function attribute(attrs: pkijs.SignedAndUnsignedAttributes | undefined, oid: string): pkijs.Attribute | undefined {
  return attrs?.attributes.find((a) => a.type === oid);
}

/** ESSCertID(v2)'s certHash and its hash algorithm (SHA-256 by default in v2, SHA-1 in v1). */
function essCertHash(attr: pkijs.Attribute, v2: boolean): { algorithm: string; hash: Buffer } | null {
  const certs = (attr.values[0] as asn1js.Sequence | undefined)?.valueBlock.value[0] as asn1js.Sequence | undefined;
  const first = certs?.valueBlock.value[0] as asn1js.Sequence | undefined;
  const items = first?.valueBlock.value ?? [];
  let algorithm = v2 ? "sha256" : "sha1";
  let i = 0;
  if (v2 && items[0] instanceof asn1js.Sequence) {
    const alg = new pkijs.AlgorithmIdentifier({ schema: items[0] });
    algorithm = DIGESTS[alg.algorithmId] ?? "";
    i = 1;
  }
  const hash = items[i];
  if (!(hash instanceof asn1js.OctetString) || !algorithm) return null;
  return { algorithm, hash: Buffer.from(hash.valueBlock.valueHexView) };
}

const digestOfParts = (parts: readonly Uint8Array[], algorithm: string): Buffer => {
  const h = crypto.createHash(algorithm);
  for (const p of parts) h.update(p);
  return h.digest();
};

/**
 * What a signature covers: the parts of its byte range, in order (hashed and checked without being
 * joined), or only a function that gives their digest (then a CMS without signed attributes, which
 * signs the bytes themselves, cannot be checked).
 */
export type Covered = readonly Uint8Array[] | DigestOf;

/** The SubFilters whose /Contents is a CMS SignedData this module reads. */
const DETACHED = new Set(["adbe.pkcs7.detached", "ETSI.CAdES.detached"]);
/** SubFilters whose /Contents is not a CMS (a PKCS#1 value, the certificate in /Cert): not checked. */
const NOT_CMS = new Set(["adbe.x509.rsa_sha1"]);
const SHA1_FORM = "adbe.pkcs7.sha1";

/**
 * Reads a CMS signature over some bytes and checks it; its signature time-stamp's authority is checked
 * against `trust`. The SubFilter says what the CMS signs (ISO 32000-1 12.8.3.3):
 * - adbe.pkcs7.detached, ETSI.CAdES.detached (and none given): the byte range itself, with no content
 *   in the CMS; with signed attributes their message-digest is the byte range's digest and the
 *   signature is over them, without, the signature is over the byte range directly;
 * - adbe.pkcs7.sha1: the CMS encapsulates the SHA-1 of the byte range, and signs that content (directly,
 *   or through the message-digest of its signed attributes).
 */
export async function readCmsSignature(
  der: Uint8Array,
  covered: Covered,
  trust: TrustList,
  subFilter: string | null = null,
): Promise<CmsReport> {
  const report: CmsReport = {
    digestAlgorithm: null,
    digestMatches: false,
    signatureVerifies: false,
    signer: null,
    signerDer: null,
    certificates: [],
    signingCertificateAttribute: null,
    signingCertificateBound: false,
    timestamp: null,
    failed: null,
    indeterminate: null,
    problems: [],
  };
  const fail = (reason: FailureReason, detail: string) => {
    report.failed ??= { reason, detail };
    report.problems.push(detail);
    return report;
  };
  const cannot = (reason: IndeterminateReason, detail: string) => {
    report.indeterminate ??= { reason, detail };
    report.problems.push(detail);
    return report;
  };
  if (subFilter !== null && NOT_CMS.has(subFilter))
    return cannot("UNSUPPORTED_FORMAT", `The signature's SubFilter ${subFilter} is not one Signet checks`);
  // Another SubFilter (PBAD.PAdES, …) is read as a detached CMS, as other validators do; when it holds
  // none, Signet does not know its form and cannot call it broken.
  const known = subFilter === null || subFilter === SHA1_FORM || DETACHED.has(subFilter);
  let sd: pkijs.SignedData;
  try {
    sd = parseSignedData(der);
  } catch (e) {
    if (e instanceof CmsParseLimit) return cannot("PARSE_LIMIT", `The signature's CMS could not be checked: ${e.message}`);
    if (!known)
      return cannot("UNSUPPORTED_FORMAT", `The signature's SubFilter ${subFilter} is not one Signet checks, and it holds no CMS`);
    return fail("FORMAT_FAILURE", `The signature's CMS could not be read (${(e as Error).message})`);
  }
  if (sd.signerInfos.length !== 1) report.problems.push(`The CMS has ${sd.signerInfos.length} signers; PAdES has exactly one`);
  const si = sd.signerInfos[0];
  if (!si) return fail("FORMAT_FAILURE", "The CMS has no signer");
  report.certificates = cmsCertificates(sd);
  const cert = findSigner(sd, si);
  if (cert) {
    report.signer = certificateInfo(cert);
    report.signerDer = certificateDer(cert);
    // X.509 certificates are DER. One that OpenSSL (what Node's crypto reads keys with) refuses, such as
    // a serial number with needless leading zeros, is read differently by lenient and strict readers:
    // its key is not checked with, and the signature is indeterminate.
    try {
      new crypto.X509Certificate(report.signerDer);
    } catch {
      return cannot(
        "NO_SIGNING_CERTIFICATE_FOUND",
        "The signer's certificate is not well-formed DER; it could not be read to check with",
      );
    }
  }
  const digest = DIGESTS[si.digestAlgorithm.algorithmId];
  if (!digest) return cannot("UNSUPPORTED_ALGORITHM", `Unsupported digest algorithm ${si.digestAlgorithm.algorithmId}`);
  report.digestAlgorithm = digest;
  if (digest === "sha1") report.problems.push("The signature uses SHA-1, which no longer resists collisions");

  // What the signature signs: the byte range, or (adbe.pkcs7.sha1) the SHA-1 of it that the CMS holds.
  const eContent = sd.encapContentInfo.eContent;
  let content: readonly Uint8Array[] | null;
  let contentDigest: (alg: string) => Buffer;
  if (subFilter === SHA1_FORM) {
    if (!eContent)
      return fail("FORMAT_FAILURE", "An adbe.pkcs7.sha1 signature must hold the SHA-1 of the byte range; this one holds nothing");
    const held = new Uint8Array(eContent.getValue());
    const rangeSha1 = typeof covered === "function" ? covered("sha1") : digestOfParts(covered, "sha1");
    if (!rangeSha1.equals(held))
      return fail("HASH_FAILURE", "The SHA-1 of the signed bytes differs from the one the signature holds");
    content = [held];
    contentDigest = (alg) => digestOfParts([held], alg);
  } else {
    // A CMS that holds content signs that content (RFC 5652 5.4): read as detached only when what it
    // holds is exactly the byte range's bytes; an empty content is content too.
    if (eContent) {
      const held = new Uint8Array(eContent.getValue());
      const rangeSha256 = typeof covered === "function" ? covered("sha256") : digestOfParts(covered, "sha256");
      if (!digestOfParts([held], "sha256").equals(rangeSha256))
        return fail("FORMAT_FAILURE", "The CMS holds content other than the byte range's bytes: it did not sign them");
    }
    content = typeof covered === "function" ? null : covered;
    contentDigest = typeof covered === "function" ? covered : (alg) => digestOfParts(covered, alg);
  }

  let signedData: readonly Uint8Array[];
  if (si.signedAttrs) {
    const md = attribute(si.signedAttrs, OID.messageDigest)?.values[0];
    if (!(md instanceof asn1js.OctetString)) return fail("FORMAT_FAILURE", "The CMS has no message-digest attribute");
    if (!attribute(si.signedAttrs, OID.contentType)) report.problems.push("The CMS has no content-type attribute");
    report.digestMatches = Buffer.from(md.valueBlock.valueHexView).equals(contentDigest(digest));
    if (!report.digestMatches) fail("HASH_FAILURE", "The digest of the signed bytes differs from the one the signature holds");
    const encoded = new Uint8Array(si.signedAttrs.encodedValue);
    const der = derSetOf(encoded);
    if (!der) return fail("FORMAT_FAILURE", "The CMS's signed attributes are not a well-formed SET");
    // RFC 5652 5.4: the signature is over the DER encoding of the signed attributes, whose SET OF is
    // sorted. Attributes written in another order are read two ways (validators that re-encode them
    // as DER check other bytes than the signer signed): only the DER form is checked.
    if (!Buffer.from(der).equals(Buffer.from(encoded)))
      report.problems.push("The CMS's signed attributes are not in DER order; the signature is checked over their DER form");
    signedData = [der];
    const v2 = attribute(si.signedAttrs, OID.signingCertificateV2);
    const v1 = attribute(si.signedAttrs, OID.signingCertificate);
    const ess = v2 ?? v1;
    if (ess) {
      report.signingCertificateAttribute = v2 ? "v2" : "v1";
      const h = essCertHash(ess, !!v2);
      if (h && report.signerDer)
        report.signingCertificateBound = crypto.createHash(h.algorithm).update(report.signerDer).digest().equals(h.hash);
    }
  } else {
    // No signed attributes (plain PKCS#7): the signature is over the content itself, and checks its digest.
    if (subFilter === "ETSI.CAdES.detached") report.problems.push("The CMS has no signed attributes, which PAdES requires");
    if (!content)
      return cannot("UNSUPPORTED_FORMAT", "The CMS has no signed attributes, and the bytes it signs were not given to check it");
    signedData = content;
  }

  if (!cert) return cannot("NO_SIGNING_CERTIFICATE_FOUND", "The CMS does not contain its signer's certificate");
  const check = verifySignatureValue(
    signedData,
    new Uint8Array(si.signature.valueBlock.valueHexView),
    si.signatureAlgorithm,
    digest,
    cert.subjectPublicKeyInfo,
  );
  if ("unsupported" in check)
    cannot("UNSUPPORTED_ALGORITHM", `The signature could not be checked: Signet does not check ${check.unsupported}`);
  else {
    report.signatureVerifies = check.verifies;
    if (!si.signedAttrs) report.digestMatches = check.verifies; // the digest is inside the signature value
    if (check.problem) report.problems.push(check.problem);
    if (!check.verifies)
      fail(
        si.signedAttrs ? "SIG_CRYPTO_FAILURE" : "HASH_FAILURE",
        si.signedAttrs
          ? "The signature does not verify with the signer's certificate"
          : "The signature over the signed bytes does not verify with the signer's certificate: the bytes or the signature were changed",
      );
  }

  const tst = attribute(si.unsignedAttrs, OID.signatureTimeStampToken);
  if (tst) {
    // RFC 3161 / CAdES: the token's message imprint is the digest of the signature value.
    const signatureValue = Buffer.from(si.signature.valueBlock.valueHexView);
    const token = tst.values[0];
    const t = await readTimestampToken(
      new Uint8Array(token.toBER(false)),
      (alg) => crypto.createHash(alg).update(signatureValue).digest(),
      trust,
    );
    report.timestamp = timestampInfo(t);
    if (t.problem) report.problems.push(t.problem);
    if (t.untrustedBecause) report.problems.push(t.untrustedBecause);
  }
  return report;
}

export interface TokenReport extends TimestampInfo {
  /** The token's message imprint is the digest of what it stamps. */
  imprintMatches: boolean;
  /** The token's signature verifies with the TSA certificate inside it. */
  signatureVerifies: boolean;
  signer: CertificateInfo | null;
  /** A check that ran and failed, the first one. */
  failed: Finding<FailureReason> | null;
  /** Why the token could not be checked (when no check failed). */
  indeterminate: Finding<IndeterminateReason> | null;
}

/** The part of a token's report that describes the time-stamp. */
export function timestampInfo(t: TimestampInfo): TimestampInfo {
  return {
    genTime: t.genTime,
    tsa: t.tsa,
    verified: t.verified,
    trusted: t.trusted,
    ...(t.problem ? { problem: t.problem } : {}),
    ...(t.untrustedBecause ? { untrustedBecause: t.untrustedBecause } : {}),
  };
}

/**
 * An RFC 3161 TimeStampToken (a CMS SignedData whose content is a TSTInfo): its time, its TSA,
 * whether it stamps the bytes whose digest `digestOf` gives and its signature verifies, and whether
 * the TSA's certificate chains to `trust` at the token's time, for time-stamping.
 */
export async function readTimestampToken(der: Uint8Array, digestOf: DigestOf, trust: TrustList): Promise<TokenReport> {
  let sd: pkijs.SignedData;
  let tst: pkijs.TSTInfo;
  try {
    sd = parseSignedData(der);
    if (sd.encapContentInfo.eContentType !== OID.tstInfo || !sd.encapContentInfo.eContent)
      throw new Error("its content is not a TSTInfo");
    tst = pkijs.TSTInfo.fromBER(sd.encapContentInfo.eContent.getValue());
  } catch (e) {
    const limit = e instanceof CmsParseLimit;
    const problem = limit
      ? `The time-stamp token could not be checked: ${(e as Error).message}`
      : `The time-stamp token could not be read (${(e as Error).message})`;
    return {
      genTime: "",
      tsa: null,
      verified: false,
      trusted: false,
      problem,
      imprintMatches: false,
      signatureVerifies: false,
      signer: null,
      failed: limit ? null : { reason: "FORMAT_FAILURE", detail: problem },
      indeterminate: limit ? { reason: "PARSE_LIMIT", detail: problem } : null,
    };
  }
  const si = sd.signerInfos[0];
  const cert = si ? findSigner(sd, si) : null;
  const signer = cert ? certificateInfo(cert) : null;
  const tsa = signer?.subject ?? (tst.tsa ? generalNameToString(tst.tsa) : null);
  const problems: string[] = [];
  let failed: Finding<FailureReason> | null = null;
  let indeterminate: Finding<IndeterminateReason> | null = null;
  const imprintAlg = DIGESTS[tst.messageImprint.hashAlgorithm.algorithmId];
  const imprintMatches =
    !!imprintAlg && Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(digestOf(imprintAlg));
  if (!imprintAlg) {
    problems.push(`the time-stamp's imprint algorithm ${tst.messageImprint.hashAlgorithm.algorithmId} is not one Signet checks`);
    indeterminate = { reason: "UNSUPPORTED_ALGORITHM", detail: problems.at(-1)! };
  } else if (!imprintMatches) {
    problems.push("the time-stamp's message imprint is not the digest of what it stamps");
    failed = { reason: "HASH_FAILURE", detail: problems.at(-1)! };
  }
  let signatureVerifies = false;
  if (!si || !si.signedAttrs) {
    problems.push("the time-stamp token has no signer or signed attributes");
    failed ??= { reason: "FORMAT_FAILURE", detail: problems.at(-1)! };
  } else if (!cert) {
    problems.push("the time-stamp token does not contain its authority's certificate");
    indeterminate ??= { reason: "NO_SIGNING_CERTIFICATE_FOUND", detail: problems.at(-1)! };
  } else {
    const digest = DIGESTS[si.digestAlgorithm.algorithmId];
    const md = attribute(si.signedAttrs, OID.messageDigest)?.values[0];
    const eContent = Buffer.from(sd.encapContentInfo.eContent!.getValue());
    if (!digest) {
      problems.push(`the time-stamp token's digest algorithm ${si.digestAlgorithm.algorithmId} is not one Signet checks`);
      indeterminate ??= { reason: "UNSUPPORTED_ALGORITHM", detail: problems.at(-1)! };
    } else if (
      !(md instanceof asn1js.OctetString) ||
      !Buffer.from(md.valueBlock.valueHexView).equals(crypto.createHash(digest).update(eContent).digest())
    ) {
      problems.push("the time-stamp token's signature does not verify");
      failed ??= { reason: "HASH_FAILURE", detail: problems.at(-1)! };
    } else {
      const check = verifySignatureValue(
        [derSetOf(new Uint8Array(si.signedAttrs.encodedValue)) ?? new Uint8Array(si.signedAttrs.encodedValue)],
        new Uint8Array(si.signature.valueBlock.valueHexView),
        si.signatureAlgorithm,
        digest,
        cert.subjectPublicKeyInfo,
      );
      if ("unsupported" in check) {
        problems.push(`the time-stamp token could not be checked: Signet does not check ${check.unsupported}`);
        indeterminate ??= { reason: "UNSUPPORTED_ALGORITHM", detail: problems.at(-1)! };
      } else {
        signatureVerifies = check.verifies;
        if (!signatureVerifies) {
          problems.push("the time-stamp token's signature does not verify");
          failed ??= { reason: "SIG_CRYPTO_FAILURE", detail: problems.at(-1)! };
        }
      }
    }
  }
  const verified = imprintMatches && signatureVerifies;
  const problem = problems.length ? `Time-stamp: ${problems.join("; ")}` : undefined;
  let untrustedBecause: string | undefined;
  if (verified && cert) {
    const chain = await checkChain(certificateDer(cert), cmsCertificates(sd), trust, tst.genTime, "timestamping");
    if (!chain.trusted)
      untrustedBecause = `Time-stamp: its authority (${tsa ?? "unnamed"}) is not one this service trusts: ${chain.problem ?? "no path to a trusted certificate"}`;
  }
  return {
    genTime: tst.genTime.toISOString(),
    tsa,
    verified,
    trusted: verified && !!cert && !untrustedBecause,
    ...(problem ? { problem } : {}),
    ...(untrustedBecause ? { untrustedBecause } : {}),
    imprintMatches,
    signatureVerifies,
    signer,
    failed,
    indeterminate: failed ? null : indeterminate,
  };
}

/** One BER/DER tag-length-value at `at`: where its contents start and where it ends; null when malformed. */
function tlv(b: Uint8Array, at: number): { start: number; end: number } | null {
  if (at + 2 > b.length || (b[at]! & 0x1f) === 0x1f) return null; // multi-byte tags do not occur here
  const first = b[at + 1]!;
  let len = first;
  let start = at + 2;
  if (first & 0x80) {
    const n = first & 0x7f;
    if (n === 0 || n > 4 || start + n > b.length) return null; // indefinite or absurd lengths
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + b[start + i]!;
    start += n;
  }
  const end = start + len;
  return end <= b.length ? { start, end } : null;
}

/**
 * The DER form of an encoded SET OF (the signed attributes): the same elements in ascending order of
 * their encodings (X.690 11.6, shorter ones padded with zeros). Null when the bytes are not one SET.
 */
export function derSetOf(encoded: Uint8Array): Uint8Array | null {
  if (encoded[0] !== 0x31) return null;
  const set = tlv(encoded, 0);
  if (!set || set.end !== encoded.length) return null;
  const items: Uint8Array[] = [];
  for (let at = set.start; at < set.end;) {
    const item = tlv(encoded, at);
    if (!item || item.end > set.end) return null;
    items.push(encoded.subarray(at, item.end));
    at = item.end;
  }
  const compare = (a: Uint8Array, b: Uint8Array) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = (a[i] ?? 0) - (b[i] ?? 0);
      if (d) return d;
    }
    return 0;
  };
  items.sort(compare);
  const out = new Uint8Array(encoded.length);
  out.set(encoded.subarray(0, set.start));
  let at = set.start;
  for (const item of items) {
    out.set(item, at);
    at += item.length;
  }
  return out;
}
