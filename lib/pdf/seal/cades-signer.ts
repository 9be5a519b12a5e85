/**
 * A CAdES signer for @signpdf: the CMS SignedData that PAdES (ETSI EN 319 142-1, baseline B-B)
 * puts in a signature with SubFilter ETSI.CAdES.detached.
 *
 * Why not @signpdf/signer-p12: it builds a plain PKCS#7 signature with node-forge, whose signed
 * attributes are content-type, signing-time and message-digest only. PAdES needs the
 * signing-certificate-v2 attribute (which binds the signer's certificate into what is signed) and
 * forbids signing-time (the time is the signature dictionary's /M). So the CMS is assembled here
 * with pkijs (the ASN.1 stack the verification, timestamps and validation data use too), and the
 * RSA or ECDSA signature is made by Node's crypto, synchronously.
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { Signer } from "@signpdf/utils";
import { nameToString } from "../distinguished-name";
import { readPkcs12, type Pkcs12Contents } from "./pkcs12";

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
  ecdsaWithSha256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
};

const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest();
const octets = (b: Uint8Array) => new asn1js.OctetString({ valueHex: new Uint8Array(b) });

/** A signing key and its certificate chain (DER, the signer's own certificate first). */
export interface SigningIdentity {
  key: crypto.KeyObject;
  chain: [Buffer, ...Buffer[]];
  /** The signer certificate's subject common name, for the signature dictionary's /Name. */
  commonName: string;
  /** The signer certificate's subject, "CN=…, O=…" (the certificate of completion prints it). */
  subject: string;
  /** SHA-256 of the signer certificate's DER, hex (its fingerprint). */
  fingerprint: string;
}

const identities = new Map<string, SigningIdentity>();

/** The key types the CMS here signs with. */
const SIGNING_KEYS = new Set(["rsa", "ec"]);

/**
 * Reads a PKCS#12 file (RSA or EC key). Parsing runs the file's key derivation, so the result is
 * kept per file and password for the life of the process.
 */
export function loadIdentity(p12: Uint8Array, password: string): SigningIdentity {
  const cacheKey = crypto.createHash("sha256").update(p12).update("\0").update(password).digest("hex");
  const hit = identities.get(cacheKey);
  if (hit) return hit;
  let contents: Pkcs12Contents;
  let certs: { der: Buffer; x509: crypto.X509Certificate }[];
  try {
    contents = readPkcs12(p12, password);
    certs = contents.certificates.map((c) => ({ der: Buffer.from(c), x509: new crypto.X509Certificate(c) }));
  } catch (e) {
    throw new Error(`The signing certificate (PKCS#12) could not be read: ${(e as Error).message}`);
  }
  const keys = contents.keys.filter((k) => SIGNING_KEYS.has(k.asymmetricKeyType ?? ""));
  if (!keys.length) throw new Error("The signing certificate (PKCS#12) holds no RSA or EC private key");
  let key: crypto.KeyObject | undefined;
  let own: (typeof certs)[number] | undefined;
  for (const k of keys) {
    own = certs.find((c) => c.x509.checkPrivateKey(k));
    if (own) {
      key = k;
      break;
    }
  }
  if (!key || !own) throw new Error("The signing certificate (PKCS#12) holds no certificate for its private key");
  const cert = pkijs.Certificate.fromBER(new Uint8Array(own.der));
  const cn = cert.subject.typesAndValues.find((t) => t.type === OID.commonName)?.value.valueBlock.value;
  const identity: SigningIdentity = {
    key,
    chain: [own.der, ...certs.filter((c) => c !== own).map((c) => c.der)],
    commonName: typeof cn === "string" && cn ? cn : "Signet",
    subject: nameToString(cert.subject),
    fingerprint: sha256(own.der).toString("hex"),
  };
  if (identities.size > 16) identities.clear();
  identities.set(cacheKey, identity);
  return identity;
}

/** The signature algorithm of a CMS signed by `key`: RSA PKCS#1 v1.5 or ECDSA, with SHA-256. */
function signatureAlgorithm(key: crypto.KeyObject): pkijs.AlgorithmIdentifier {
  return key.asymmetricKeyType === "ec"
    ? new pkijs.AlgorithmIdentifier({ algorithmId: OID.ecdsaWithSha256 })
    : new pkijs.AlgorithmIdentifier({ algorithmId: OID.rsaEncryption, algorithmParams: new asn1js.Null() });
}

/** The chain parsed once per identity (identities are kept for the life of the process). */
const parsedChains = new WeakMap<SigningIdentity, pkijs.Certificate[]>();
function parsedChain(identity: SigningIdentity): [pkijs.Certificate, ...pkijs.Certificate[]] {
  let chain = parsedChains.get(identity);
  if (!chain) {
    chain = identity.chain.map((der) => pkijs.Certificate.fromBER(new Uint8Array(der)));
    parsedChains.set(identity, chain);
  }
  return chain as [pkijs.Certificate, ...pkijs.Certificate[]];
}

/** The CMS SignedData (DER) of a detached SHA-256 signature over `content`. */
export function cadesSignature(identity: SigningIdentity, content: Buffer): Buffer {
  const chain = parsedChain(identity);
  const signer = chain[0];
  const sha256Alg = () => new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 });
  // ESSCertIDv2 with the default hash algorithm (SHA-256, so omitted) and issuerSerial.
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      octets(sha256(identity.chain[0])),
      new pkijs.IssuerSerial({
        issuer: new pkijs.GeneralNames({ names: [new pkijs.GeneralName({ type: 4, value: signer.issuer })] }),
        serialNumber: signer.serialNumber,
      }).toSchema(),
    ],
  });
  const attributes = [
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [octets(sha256(content))] }),
    new pkijs.Attribute({
      type: OID.signingCertificateV2,
      values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
    }),
  ];
  // DER: the elements of a SET OF are sorted by their encodings.
  const encoded = (a: pkijs.Attribute) => Buffer.from(a.toSchema().toBER());
  attributes.sort((a, b) => Buffer.compare(encoded(a), encoded(b)));
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes });
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] they are stored in.
  const toSign = Buffer.from(signedAttrs.toSchema().toBER());
  toSign[0] = 0x31;
  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.issuer, serialNumber: signer.serialNumber }),
    digestAlgorithm: sha256Alg(),
    signedAttrs,
    signatureAlgorithm: signatureAlgorithm(identity.key),
    signature: octets(crypto.sign("sha256", toSign, identity.key)),
  });
  const signedData = new pkijs.SignedData({
    version: 1,
    digestAlgorithms: [sha256Alg()],
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: chain,
    signerInfos: [signerInfo],
  });
  const info = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema() });
  return Buffer.from(info.toSchema().toBER());
}

/** The @signpdf Signer interface over cadesSignature. */
export class CadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }
  async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesSignature(this.identity, pdfBuffer);
  }
}
