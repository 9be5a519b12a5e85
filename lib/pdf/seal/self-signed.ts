/**
 * A self-signed certificate for sealing when the operator provides none (SIGNING_P12): the X.509
 * certificate built with pkijs and signed by Node's crypto, in a PKCS#12 file (pkcs12.ts).
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { writePkcs12 } from "./pkcs12";

const OID = {
  sha256WithRsa: "1.2.840.113549.1.1.11",
  commonName: "2.5.4.3",
  organizationName: "2.5.4.10",
  basicConstraints: "2.5.29.19",
  keyUsage: "2.5.29.15",
  subjectKeyIdentifier: "2.5.29.14",
};

/** A DirectoryString: PrintableString when the text fits its alphabet, else UTF8String. */
const directoryString = (value: string) =>
  /^[A-Za-z0-9 '()+,\-./:=?]*$/.test(value) ? new asn1js.PrintableString({ value }) : new asn1js.Utf8String({ value });

/** A Name of one attribute per RDN, in the order given. */
function name(attributes: [type: string, value: string][]): pkijs.RelativeDistinguishedNames {
  const rdns = attributes.map(
    ([type, value]) =>
      new asn1js.Set({
        value: [new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: type }), directoryString(value)] })],
      }),
  );
  // Parsed back from its encoding: pkijs encodes a Name it built itself as one multi-valued RDN.
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER());
}

/** RFC 5280: UTCTime through 2049, GeneralizedTime from 2050; whole seconds. */
function time(date: Date): pkijs.Time {
  const whole = new Date(Math.floor(date.getTime() / 1000) * 1000);
  return new pkijs.Time({
    type: whole.getUTCFullYear() < 2050 ? pkijs.TimeType.UTCTime : pkijs.TimeType.GeneralizedTime,
    value: whole,
  });
}

const extension = (extnID: string, critical: boolean, value: asn1js.AsnType) =>
  new pkijs.Extension({ extnID, critical, extnValue: value.toBER() });

/**
 * A self-signed X.509 certificate and its new RSA 2048 key: valid `years` from a minute ago, key usage
 * digitalSignature + nonRepudiation, sha256WithRSA. Signet's seal when the operator provides none, and a test
 * SAML identity provider's signing key.
 */
export function selfSignedCertificate(commonName: string, years = 10): { privateKey: crypto.KeyObject; der: Uint8Array } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const spki = pkijs.PublicKeyInfo.fromBER(publicKey.export({ type: "spki", format: "der" }));
  // A positive serial of 16 bytes: the top bit cleared, the next one set (so DER keeps all 16).
  const serial = crypto.randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x40;
  const now = new Date();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(now.getUTCFullYear() + years);
  const subject = name([
    [OID.commonName, commonName],
    [OID.organizationName, "Signet"],
  ]);
  const keyId = crypto.createHash("sha1").update(spki.subjectPublicKey.valueBlock.valueHexView).digest();
  const signatureAlgorithm = () =>
    new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRsa, algorithmParams: new asn1js.Null() });
  const cert = new pkijs.Certificate({
    version: 2,
    serialNumber: new asn1js.Integer({ valueHex: serial }),
    signature: signatureAlgorithm(),
    issuer: subject,
    notBefore: time(new Date(now.getTime() - 60_000)),
    notAfter: time(notAfter),
    subject,
    subjectPublicKeyInfo: spki,
    extensions: [
      // cA FALSE is the default, so the sequence is empty.
      extension(OID.basicConstraints, false, new asn1js.Sequence()),
      // digitalSignature (bit 0) and nonRepudiation (bit 1).
      extension(OID.keyUsage, true, new asn1js.BitString({ valueHex: new Uint8Array([0xc0]), unusedBits: 6 })),
      extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: keyId })),
    ],
    signatureAlgorithm: signatureAlgorithm(),
  });
  const tbs = new Uint8Array(cert.encodeTBS().toBER());
  cert.tbsView = tbs;
  cert.signatureValue = new asn1js.BitString({ valueHex: crypto.sign("sha256", tbs, privateKey) });
  return { privateKey, der: new Uint8Array(cert.toSchema().toBER()) };
}

/**
 * A self-signed certificate for sealing when the operator provides none (SIGNING_P12), valid 10 years, in a
 * PKCS#12 file. Validators will say the issuer is not trusted, and still check that the document is unchanged
 * since signing.
 */
export function createSelfSignedP12(commonName: string): { p12: Buffer; password: string } {
  const { privateKey, der } = selfSignedCertificate(commonName);
  const password = crypto.randomBytes(24).toString("base64url");
  return { p12: writePkcs12(privateKey, [der], password, commonName), password };
}
