/**
 * A CAdES signer for @signpdf: the CMS SignedData that PAdES (ETSI EN 319 142-1, baseline B-B)
 * puts in a signature with SubFilter ETSI.CAdES.detached.
 *
 * Why not @signpdf/signer-p12: it builds a plain PKCS#7 signature with node-forge, whose signed
 * attributes are content-type, signing-time and message-digest only. PAdES needs the
 * signing-certificate-v2 attribute (which binds the signer's certificate into what is signed) and
 * forbids signing-time (the time is the signature dictionary's /M). node-forge cannot add an
 * attribute it does not know, so the CMS is assembled here with forge's ASN.1 helpers, and the
 * RSA signature is made by Node's crypto.
 */
import crypto from "node:crypto";
import forge from "node-forge";
import { Signer } from "@signpdf/utils";

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

const OID = {
  data: "1.2.840.113549.1.7.1",
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  signingCertificateV2: "1.2.840.113549.1.9.16.2.47",
  sha256: "2.16.840.1.101.3.4.2.1",
  rsaEncryption: "1.2.840.113549.1.1.1",
};

const U = asn1.Class.UNIVERSAL;
const oid = (o: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(o).getBytes());
const seq = (v: Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, v);
const set = (v: Asn1[]) => asn1.create(U, asn1.Type.SET, true, v);
const octets = (b: Buffer) => asn1.create(U, asn1.Type.OCTETSTRING, false, b.toString("binary"));
const int = (n: number) => asn1.create(U, asn1.Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const nul = () => asn1.create(U, asn1.Type.NULL, false, "");
const tagged = (n: number, v: Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, n, true, v);
const fromDer = (b: Buffer) => asn1.fromDer(forge.util.createBuffer(b.toString("binary")));
const der = (a: Asn1) => Buffer.from(asn1.toDer(a).getBytes(), "binary");
const sha256 = (b: Buffer) => crypto.createHash("sha256").update(b).digest();

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

/**
 * Reads a PKCS#12 file (RSA key). Parsing runs the file's key derivation, so the result is kept
 * per file and password for the life of the process.
 */
export function loadIdentity(p12: Uint8Array, password: string): SigningIdentity {
  const cacheKey = crypto.createHash("sha256").update(p12).update("\0").update(password).digest("hex");
  const hit = identities.get(cacheKey);
  if (hit) return hit;
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = forge.pkcs12.pkcs12FromAsn1(fromDer(Buffer.from(p12)), false, password);
  } catch (e) {
    throw new Error(`The signing certificate (PKCS#12) could not be read: ${(e as Error).message}`);
  }
  const bags = (name: string) => {
    const type = forge.pki.oids[name];
    if (!type) throw new Error(`node-forge has no OID named ${name}`);
    return pfx.getBags({ bagType: type })[type] ?? [];
  };
  const keyBag = [...bags("pkcs8ShroudedKeyBag"), ...bags("keyBag")].find((b) => b.key);
  const certs = bags("certBag").flatMap((b) => (b.cert ? [b.cert] : []));
  const fkey = keyBag?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!fkey || !fkey.n) throw new Error("The signing certificate (PKCS#12) holds no RSA private key");
  const own = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.compareTo(fkey.n) === 0);
  if (!own) throw new Error("The signing certificate (PKCS#12) holds no certificate for its private key");
  const toDer = (c: forge.pki.Certificate) => der(forge.pki.certificateToAsn1(c));
  const ownDer = toDer(own);
  const chain: SigningIdentity["chain"] = [ownDer, ...certs.filter((c) => c !== own).map(toDer)];
  const identity: SigningIdentity = {
    key: crypto.createPrivateKey(forge.pki.privateKeyToPem(fkey)),
    chain,
    commonName: String(own.subject.getField("CN")?.value ?? "Signet"),
    subject: own.subject.attributes.map((a) => `${a.shortName ?? a.name ?? a.type}=${a.value}`).join(", "),
    fingerprint: sha256(ownDer).toString("hex"),
  };
  if (identities.size > 16) identities.clear();
  identities.set(cacheKey, identity);
  return identity;
}

/** issuer Name and serialNumber of a DER certificate, as ASN.1 nodes. */
function issuerAndSerial(certDer: Buffer): { issuer: Asn1; serial: Asn1 } {
  const tbs = childOf(fromDer(certDer), 0);
  const i = childOf(tbs, 0).tagClass === asn1.Class.CONTEXT_SPECIFIC ? 1 : 0; // [0] version is optional
  return { serial: childOf(tbs, i), issuer: childOf(tbs, i + 2) };
}

/** The i-th element of a constructed ASN.1 node of the signer's certificate. */
function childOf(node: Asn1, i: number): Asn1 {
  const child = Array.isArray(node.value) ? node.value[i] : undefined;
  if (!child) throw new Error("The signing certificate is not an X.509 certificate");
  return child;
}

/** The CMS SignedData (DER) of a detached SHA-256 / RSA signature over `content`. */
export function cadesSignature(identity: SigningIdentity, content: Buffer): Buffer {
  const signerDer = identity.chain[0];
  const { issuer, serial } = issuerAndSerial(signerDer);
  const sha256Alg = seq([oid(OID.sha256)]);
  // ESSCertIDv2 with the default hash algorithm (SHA-256, so omitted) and issuerSerial.
  const essCertIdV2 = seq([octets(sha256(signerDer)), seq([seq([tagged(4, [issuer])]), serial])]);
  const attrs = [
    seq([oid(OID.contentType), set([oid(OID.data)])]),
    seq([oid(OID.messageDigest), set([octets(sha256(content))])]),
    seq([oid(OID.signingCertificateV2), set([seq([seq([essCertIdV2])])])]),
  ];
  // DER: the elements of a SET OF are sorted by their encodings.
  attrs.sort((a, b) => Buffer.compare(der(a), der(b)));
  // The signature covers the attributes encoded as a SET (tag 0x31), not as the [0] they are stored in.
  const signature = crypto.sign("sha256", der(set(attrs)), identity.key);
  const signerInfo = seq([
    int(1),
    seq([issuer, serial]),
    sha256Alg,
    tagged(0, attrs),
    seq([oid(OID.rsaEncryption), nul()]),
    octets(signature),
  ]);
  const signedData = seq([
    int(1),
    set([sha256Alg]),
    seq([oid(OID.data)]),
    tagged(0, identity.chain.map(fromDer)),
    set([signerInfo]),
  ]);
  return der(seq([oid(OID.signedData), tagged(0, [signedData])]));
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
