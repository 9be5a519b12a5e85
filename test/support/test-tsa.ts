// A timestamp authority made with pkijs (RFC 3161 tokens, no network), for the verify and tamper tests.
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { OID } from "../../lib/pdf/verify/cms";

export const sha256 = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest();
const webcrypto = crypto.webcrypto as unknown as Crypto;

export interface Tsa {
  cert: pkijs.Certificate;
  key: CryptoKey;
}

/**
 * A self-signed TSA certificate: extendedKeyUsage id-kp-timeStamping (critical, alone) as RFC 3161
 * asks, unless `timeStamping` is false (a certificate not meant for time-stamping). Verify trusts it
 * only when the test puts it in the trust list.
 */
export async function makeTsa({ timeStamping = true }: { timeStamping?: boolean } = {}): Promise<Tsa> {
  const alg = { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" };
  const { privateKey, publicKey } = (await webcrypto.subtle.generateKey(alg, true, ["sign", "verify"])) as CryptoKeyPair;
  const cert = new pkijs.Certificate();
  cert.version = 2;
  cert.serialNumber = new asn1js.Integer({ value: 4242 });
  const name = [
    new pkijs.AttributeTypeAndValue({ type: "2.5.4.3", value: new asn1js.Utf8String({ value: "Verify Test TSA" }) }),
    new pkijs.AttributeTypeAndValue({ type: "2.5.4.10", value: new asn1js.Utf8String({ value: "Test Authority" }) }),
  ];
  cert.subject.typesAndValues.push(...name);
  cert.issuer.typesAndValues.push(...name);
  // From long before the fixed genTimes the tests stamp with: a token dated before its certificate is not trusted.
  cert.notBefore.value = new Date("2020-01-01T00:00:00Z");
  cert.notAfter.value = new Date(Date.now() + 86_400_000 * 365);
  cert.extensions = [
    new pkijs.Extension({
      extnID: "2.5.29.15", // keyUsage: digitalSignature, nonRepudiation
      critical: true,
      extnValue: new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 }).toBER(false),
    }),
  ];
  if (timeStamping)
    cert.extensions.push(
      new pkijs.Extension({
        extnID: "2.5.29.37",
        critical: true,
        extnValue: new pkijs.ExtKeyUsage({ keyPurposes: ["1.3.6.1.5.5.7.3.8"] }).toSchema().toBER(false),
      }),
    );
  await cert.subjectPublicKeyInfo.importKey(publicKey);
  await cert.sign(privateKey, "SHA-256");
  return { cert, key: privateKey };
}

/** A TimeStampToken (ContentInfo DER) over `data`, as an RFC 3161 authority answers. */
export async function timestampToken(tsa: Tsa, data: Uint8Array, genTime: Date): Promise<Uint8Array> {
  const tst = new pkijs.TSTInfo({
    version: 1,
    policy: "1.2.3.4.1",
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: sha256(data) }),
    }),
    serialNumber: new asn1js.Integer({ value: 7 }),
    genTime,
    tsa: new pkijs.GeneralName({ type: 4, value: tsa.cert.subject }),
  });
  const content = new Uint8Array(tst.toSchema().toBER(false));
  const sd = new pkijs.SignedData({
    version: 3,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({
      eContentType: OID.tstInfo,
      eContent: new asn1js.OctetString({ valueHex: content }),
    }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: tsa.cert.issuer, serialNumber: tsa.cert.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: sha256(content) })] }),
          ],
        }),
      }),
    ],
    certificates: [tsa.cert],
  });
  await sd.sign(tsa.key, 0, "SHA-256");
  return new Uint8Array(
    new pkijs.ContentInfo({ contentType: OID.signedData, content: sd.toSchema(true) }).toSchema().toBER(false),
  );
}
