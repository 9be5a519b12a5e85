// PDFs signed the ways other tools sign them, made here with Node's crypto and pkijs: a CMS with or
// without signed attributes (adbe.pkcs7.detached, adbe.pkcs7.sha1, ETSI.CAdES.detached), RSA PKCS#1 v1.5,
// RSASSA-PSS, ECDSA (X9.62 DER or BSI TR-03111 plain r‖s), and a CMS that carries a CRL of a chosen size.
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { PDFDocument, PDFString } from "@cantoo/pdf-lib";
import { SignPdf } from "@signpdf/signpdf";
import { Signer } from "@signpdf/utils";
import { snapshotObjects, writeIncrementalUpdate } from "../../lib/pdf/seal/incremental";
import { addSignatureField, addSignatureValue } from "../../lib/pdf/seal/placeholder";
import { OID } from "../../lib/pdf/verify/cms";

const OIDS = {
  data: "1.2.840.113549.1.7.1",
  sha1: "1.3.14.3.2.26",
  sha256: "2.16.840.1.101.3.4.2.1",
  sha512: "2.16.840.1.101.3.4.2.3",
  rsaEncryption: "1.2.840.113549.1.1.1",
  sha256WithRsa: "1.2.840.113549.1.1.11",
  pss: "1.2.840.113549.1.1.10",
  mgf1: "1.2.840.113549.1.1.8",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  plainEcdsaSha256: "0.4.0.127.0.7.1.1.4.1.3",
};
const DIGEST_OID: Record<Digest, string> = { sha1: OIDS.sha1, sha256: OIDS.sha256, sha512: OIDS.sha512 };

export type Digest = "sha1" | "sha256" | "sha512";

export interface TestSigner {
  cert: pkijs.Certificate;
  key: crypto.KeyObject;
  /** "rsa" or "ec" (P-256). */
  type: "rsa" | "ec";
}

const algorithm = (algorithmId: string, params?: asn1js.AsnType) =>
  new pkijs.AlgorithmIdentifier({ algorithmId, ...(params ? { algorithmParams: params } : {}) });

/** A self-signed certificate for an RSA 2048 or EC P-256 key, named `name`; `paddedSerial`: one that is not DER. */
export function makeSigner(type: "rsa" | "ec", name: string, opts: { paddedSerial?: boolean } = {}): TestSigner {
  const { privateKey, publicKey } =
    type === "rsa"
      ? crypto.generateKeyPairSync("rsa", { modulusLength: 2048 })
      : crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const subject = new pkijs.RelativeDistinguishedNames({
    typesAndValues: [new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: name }) })],
  });
  const sigAlg = () => (type === "rsa" ? algorithm(OIDS.sha256WithRsa, new asn1js.Null()) : algorithm(OIDS.ecdsaWithSha256));
  const cert = new pkijs.Certificate({
    version: 2,
    // paddedSerial: a needless leading zero, not DER (as DSS's BadEncodedCMS.pdf's certificate has).
    serialNumber: opts.paddedSerial
      ? new asn1js.Integer({ valueHex: new Uint8Array([0x00, 0x12, 0x34, 0x56]) })
      : new asn1js.Integer({ value: crypto.randomInt(1, 2 ** 31) }),
    signature: sigAlg(),
    issuer: subject,
    subject,
    subjectPublicKeyInfo: pkijs.PublicKeyInfo.fromBER(publicKey.export({ type: "spki", format: "der" })),
    signatureAlgorithm: sigAlg(),
  });
  cert.notBefore.value = new Date(Date.now() - 86_400_000);
  cert.notAfter.value = new Date(Date.now() + 86_400_000 * 365);
  const tbs = new Uint8Array(cert.encodeTBS().toBER());
  cert.tbsView = tbs;
  cert.signatureValue = new asn1js.BitString({ valueHex: crypto.sign("sha256", tbs, privateKey) });
  // Parsed back from its encoding, so that what the CMS carries is exactly what a reader sees.
  return { cert: pkijs.Certificate.fromBER(cert.toSchema().toBER(false)), key: privateKey, type };
}

/** How the signature value is made: the algorithm named in the SignerInfo and how the value is computed. */
export type SignatureScheme =
  | { kind: "rsa-pkcs1"; oid?: string }
  | { kind: "rsa-pss"; hash: Digest; saltLength: number }
  | { kind: "ecdsa-der" }
  /** r‖s; `oid` names another algorithm (to test a value that is not what its OID says). */
  | { kind: "ecdsa-plain"; oid?: string }
  /** A value made with RSA PKCS#1 v1.5, named by an algorithm OID Signet does not know. */
  | { kind: "unknown"; oid: string };

export interface CmsOptions {
  /** signed-attributes: CAdES-like; direct: no signed attributes (plain PKCS#7). */
  form: "signed-attributes" | "direct";
  /** adbe.pkcs7.sha1: the CMS holds the SHA-1 of the byte range and signs that. */
  sha1Content?: boolean;
  digest: Digest;
  scheme: SignatureScheme;
  /** A CRL of this many revoked serial numbers in the CMS's crls (as adbe-revocationInfoArchival carries). */
  crlEntries?: number;
  /** An unsigned attribute holding this many NULLs: a CMS of many ASN.1 nodes and few bytes. */
  nullNodes?: number;
  /** Leave the signer's certificate out of the CMS. */
  withoutCertificate?: boolean;
  /** Enveloping: the CMS holds the byte range's bytes themselves as its content. */
  envelop?: boolean;
  /** The signed attributes written (and signed) in reverse of DER's sorted order, as some tools write them. */
  attributesUnsorted?: boolean;
}

function signValue(signer: TestSigner, data: Uint8Array, digest: Digest, scheme: SignatureScheme): Buffer {
  switch (scheme.kind) {
    case "rsa-pkcs1":
    case "unknown":
      return crypto.sign(digest, data, { key: signer.key, padding: crypto.constants.RSA_PKCS1_PADDING });
    case "rsa-pss":
      return crypto.sign(scheme.hash, data, {
        key: signer.key,
        padding: crypto.constants.RSA_PKCS1_PSS_PADDING,
        saltLength: scheme.saltLength,
      });
    case "ecdsa-der":
      return crypto.sign(digest, data, { key: signer.key, dsaEncoding: "der" });
    case "ecdsa-plain":
      return crypto.sign(digest, data, { key: signer.key, dsaEncoding: "ieee-p1363" });
  }
}

function schemeAlgorithm(scheme: SignatureScheme): pkijs.AlgorithmIdentifier {
  switch (scheme.kind) {
    case "rsa-pkcs1":
      return algorithm(scheme.oid ?? OIDS.rsaEncryption, new asn1js.Null());
    case "unknown":
      return algorithm(scheme.oid);
    case "rsa-pss": {
      const hash = algorithm(DIGEST_OID[scheme.hash]);
      const params = new pkijs.RSASSAPSSParams({
        hashAlgorithm: hash,
        maskGenAlgorithm: algorithm(OIDS.mgf1, hash.toSchema()),
        saltLength: scheme.saltLength,
      });
      return algorithm(OIDS.pss, params.toSchema());
    }
    case "ecdsa-der":
      return algorithm(OIDS.ecdsaWithSha256);
    case "ecdsa-plain":
      return algorithm(scheme.oid ?? OIDS.plainEcdsaSha256);
  }
}

function crl(signer: TestSigner, entries: number): pkijs.CertificateRevocationList {
  const when = new pkijs.Time({ type: pkijs.TimeType.UTCTime, value: new Date("2026-01-01T00:00:00Z") });
  const sigAlg = () => algorithm(OIDS.sha256WithRsa, new asn1js.Null());
  const list = new pkijs.CertificateRevocationList({
    version: 1,
    signature: sigAlg(),
    issuer: signer.cert.subject,
    thisUpdate: when,
    revokedCertificates: Array.from(
      { length: entries },
      (_, i) =>
        new pkijs.RevokedCertificate({
          userCertificate: new asn1js.Integer({ value: 1_000_000 + i }),
          revocationDate: when,
        }),
    ),
    signatureAlgorithm: sigAlg(),
    signatureValue: new asn1js.BitString({ valueHex: new Uint8Array(256) }),
  });
  return list;
}

/** A CMS SignedData (ContentInfo DER) over `covered`, the bytes of the byte range. */
export function buildCms(signer: TestSigner, covered: Uint8Array, opts: CmsOptions): Uint8Array {
  const digestAlg = () => algorithm(DIGEST_OID[opts.digest]);
  const held = opts.sha1Content ? crypto.createHash("sha1").update(covered).digest() : opts.envelop ? covered : null;
  const content = held ?? covered;
  let signedAttrs: pkijs.SignedAndUnsignedAttributes | undefined;
  let toSign: Uint8Array = content;
  if (opts.form === "signed-attributes") {
    signedAttrs = new pkijs.SignedAndUnsignedAttributes({
      type: 0,
      attributes: [
        new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OIDS.data })] }),
        new pkijs.Attribute({
          type: OID.messageDigest,
          values: [new asn1js.OctetString({ valueHex: crypto.createHash(opts.digest).update(content).digest() })],
        }),
      ][opts.attributesUnsorted ? "reverse" : "slice"](),
    });
    // The signature is over the attributes' DER as a SET (RFC 5652 5.4), not their [0] IMPLICIT tag.
    toSign = new Uint8Array(signedAttrs.toSchema().toBER(false));
    toSign[0] = 0x31;
  }
  const unsignedAttrs = opts.nullNodes
    ? new pkijs.SignedAndUnsignedAttributes({
        type: 1,
        attributes: [
          new pkijs.Attribute({
            type: "1.2.3.4.5.6.7",
            values: [new asn1js.Sequence({ value: Array.from({ length: opts.nullNodes }, () => new asn1js.Null()) })],
          }),
        ],
      })
    : undefined;
  const sd = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [digestAlg()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OIDS.data,
      ...(held ? { eContent: new asn1js.OctetString({ valueHex: held }) } : {}),
    }),
    certificates: opts.withoutCertificate ? [] : [signer.cert],
    ...(opts.crlEntries ? { crls: [crl(signer, opts.crlEntries)] } : {}),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.cert.issuer, serialNumber: signer.cert.serialNumber }),
        digestAlgorithm: digestAlg(),
        ...(signedAttrs ? { signedAttrs } : {}),
        ...(unsignedAttrs ? { unsignedAttrs } : {}),
        signatureAlgorithm: schemeAlgorithm(opts.scheme),
        signature: new asn1js.OctetString({ valueHex: signValue(signer, toSign, opts.digest, opts.scheme) }),
      }),
    ],
  });
  return new Uint8Array(
    new pkijs.ContentInfo({ contentType: OID.signedData, content: sd.toSchema(true) }).toSchema().toBER(false),
  );
}

class FnSigner extends Signer {
  constructor(private readonly fn: (covered: Buffer) => Uint8Array) {
    super();
  }
  async sign(covered: Buffer): Promise<Buffer> {
    return Buffer.from(this.fn(covered));
  }
}

/**
 * Signs `pdf` by incremental update with a signature field whose /SubFilter is `subFilter` and whose
 * CMS `build` makes from the bytes of the byte range (room: `contentsBytes`).
 */
export async function signWithCms(
  pdf: Uint8Array,
  subFilter: string,
  build: (covered: Uint8Array) => Uint8Array,
  contentsBytes = 16_384,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const snap = snapshotObjects(doc, pdf);
  const value = addSignatureValue(doc, {
    type: "Sig",
    subFilter,
    contentsBytes,
    entries: { M: PDFString.fromDate(new Date()), Name: PDFString.of("Another tool") },
  });
  addSignatureField(doc, { value, name: `Signature${Date.now().toString(36)}`, appearance: true });
  const prepared = (await writeIncrementalUpdate(pdf, doc, snap))!;
  return new Uint8Array(await new SignPdf().sign(Buffer.from(prepared), new FnSigner((c) => build(new Uint8Array(c)))));
}

/** `pdf` signed by `signer` with a CMS of `opts` under `subFilter`. */
export function signedWith(
  pdf: Uint8Array,
  signer: TestSigner,
  subFilter: string,
  opts: CmsOptions,
  contentsBytes?: number,
): Promise<Uint8Array> {
  return signWithCms(pdf, subFilter, (covered) => buildCms(signer, covered, opts), contentsBytes);
}

/**
 * An RFC 3161 TimeStampToken imprinting `imprint` (SHA-256), signed by `signer` with signed attributes;
 * `scheme` names its signature algorithm (an unknown OID makes a token Signet cannot check).
 */
export function timestampTokenFor(
  signer: TestSigner,
  imprint: Uint8Array,
  scheme: SignatureScheme = { kind: "rsa-pkcs1" },
): Uint8Array {
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: "1.2.3.4.1",
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: algorithm(OIDS.sha256),
      hashedMessage: new asn1js.OctetString({ valueHex: imprint }),
    }),
    serialNumber: new asn1js.Integer({ value: 9 }),
    genTime: new Date(),
  });
  const content = new Uint8Array(tst.toSchema().toBER(false));
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
      new pkijs.Attribute({
        type: OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: crypto.createHash("sha256").update(content).digest() })],
      }),
    ],
  });
  const toSign = new Uint8Array(signedAttrs.toSchema().toBER(false));
  toSign[0] = 0x31;
  const sd = new pkijs.SignedData({
    version: 3,
    digestAlgorithms: [algorithm(OIDS.sha256)],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    certificates: [signer.cert],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.cert.issuer, serialNumber: signer.cert.serialNumber }),
        digestAlgorithm: algorithm(OIDS.sha256),
        signedAttrs,
        signatureAlgorithm: schemeAlgorithm(scheme),
        signature: new asn1js.OctetString({ valueHex: signValue(signer, toSign, "sha256", scheme) }),
      }),
    ],
  });
  return new Uint8Array(
    new pkijs.ContentInfo({ contentType: OID.signedData, content: sd.toSchema(true) }).toSchema().toBER(false),
  );
}
