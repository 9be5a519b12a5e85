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

/** Digest algorithms by OID, as Node's crypto names them. */
const DIGESTS: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
  "2.16.840.1.101.3.4.2.4": "sha224",
};
/** The names pkijs's crypto engine takes for the same algorithms. */
const WEBCRYPTO: Record<string, string> = { sha1: "SHA-1", sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" };

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

export interface CmsReport {
  /** Digest algorithm of the signer (Node's name), e.g. "sha256". */
  digestAlgorithm: string | null;
  /** The message-digest signed attribute equals the digest of the signed bytes. */
  digestMatches: boolean;
  /** The signature over the signed attributes verifies with the signer certificate's public key. */
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

/** Parses DER (trailing zero padding, as in a /Contents placeholder, allowed) into SignedData. */
export function parseSignedData(der: Uint8Array): pkijs.SignedData {
  const view = new Uint8Array(der);
  const asn = asn1js.fromBER(view);
  if (asn.offset === -1) throw new Error(`not DER: ${asn.result.error}`);
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

async function verifyWithKey(
  data: BufferSource,
  si: pkijs.SignerInfo,
  cert: pkijs.Certificate,
  digest: string,
): Promise<boolean> {
  const engine = pkijs.getCrypto(true);
  try {
    return await engine.verifyWithPublicKey(
      data,
      si.signature,
      cert.subjectPublicKeyInfo,
      si.signatureAlgorithm,
      WEBCRYPTO[digest],
    );
  } catch {
    return false;
  }
}

/**
 * Reads a CMS signature over some bytes (their digest computed by `digestOf`) and checks it; its
 * signature time-stamp's authority is checked against `trust`.
 */
export async function readCmsSignature(der: Uint8Array, digestOf: DigestOf, trust: TrustList): Promise<CmsReport> {
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
    problems: [],
  };
  let sd: pkijs.SignedData;
  try {
    sd = parseSignedData(der);
  } catch (e) {
    report.problems.push(`The signature's CMS could not be read (${(e as Error).message})`);
    return report;
  }
  if (sd.signerInfos.length !== 1) report.problems.push(`The CMS has ${sd.signerInfos.length} signers; PAdES has exactly one`);
  const si = sd.signerInfos[0];
  if (!si) return report;
  const digest = DIGESTS[si.digestAlgorithm.algorithmId];
  if (!digest) {
    report.problems.push(`Unsupported digest algorithm ${si.digestAlgorithm.algorithmId}`);
    return report;
  }
  report.digestAlgorithm = digest;
  report.certificates = cmsCertificates(sd);
  const cert = findSigner(sd, si);
  if (cert) {
    report.signer = certificateInfo(cert);
    report.signerDer = certificateDer(cert);
  } else report.problems.push("The CMS does not contain its signer's certificate");

  const covered = digestOf(digest);
  let signedBytes: BufferSource;
  if (si.signedAttrs) {
    const md = attribute(si.signedAttrs, OID.messageDigest)?.values[0];
    if (md instanceof asn1js.OctetString) report.digestMatches = Buffer.from(md.valueBlock.valueHexView).equals(covered);
    else report.problems.push("The CMS has no message-digest attribute");
    if (!attribute(si.signedAttrs, OID.contentType)) report.problems.push("The CMS has no content-type attribute");
    signedBytes = si.signedAttrs.encodedValue;
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
    // No signed attributes (plain PKCS#7): the signature is over the digest of the content itself.
    report.digestMatches = true;
    report.problems.push("The CMS has no signed attributes");
    signedBytes = new Uint8Array(0);
  }
  if (!report.digestMatches) report.problems.push("The digest of the signed bytes differs from the one the signature holds");
  if (cert) {
    report.signatureVerifies = si.signedAttrs ? await verifyWithKey(signedBytes, si, cert, digest) : false;
    if (!report.signatureVerifies && si.signedAttrs)
      report.problems.push("The signature does not verify with the signer's certificate");
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
    const problem = `The time-stamp token could not be read (${(e as Error).message})`;
    return {
      genTime: "",
      tsa: null,
      verified: false,
      trusted: false,
      problem,
      imprintMatches: false,
      signatureVerifies: false,
      signer: null,
    };
  }
  const si = sd.signerInfos[0];
  const cert = si ? findSigner(sd, si) : null;
  const signer = cert ? certificateInfo(cert) : null;
  const tsa = signer?.subject ?? (tst.tsa ? generalNameToString(tst.tsa) : null);
  const problems: string[] = [];
  const imprintAlg = DIGESTS[tst.messageImprint.hashAlgorithm.algorithmId];
  const imprintMatches =
    !!imprintAlg && Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView).equals(digestOf(imprintAlg));
  if (!imprintMatches) problems.push("the time-stamp's message imprint is not the digest of what it stamps");
  let signatureVerifies = false;
  if (!si || !cert || !si.signedAttrs) problems.push("the time-stamp token has no signer certificate or signed attributes");
  else {
    const digest = DIGESTS[si.digestAlgorithm.algorithmId];
    const md = attribute(si.signedAttrs, OID.messageDigest)?.values[0];
    const eContent = Buffer.from(sd.encapContentInfo.eContent!.getValue());
    const contentOk =
      !!digest &&
      md instanceof asn1js.OctetString &&
      Buffer.from(md.valueBlock.valueHexView).equals(crypto.createHash(digest).update(eContent).digest());
    signatureVerifies = contentOk && (await verifyWithKey(si.signedAttrs.encodedValue, si, cert, digest));
    if (!signatureVerifies) problems.push("the time-stamp token's signature does not verify");
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
  };
}
