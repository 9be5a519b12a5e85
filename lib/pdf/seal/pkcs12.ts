/**
 * PKCS#12 (RFC 7292) files, read and written with pkijs / asn1js for the structures and node:crypto
 * for the cryptography, synchronously (pkijs's own PFX code runs through WebCrypto, which is async
 * and decrypts PBES2 only).
 *
 * Read: password integrity (the MAC, HMAC with SHA-1 or SHA-2 over the PKCS#12 key derivation),
 * plain and encrypted safe contents, key bags and shrouded key bags, X.509 certificate bags.
 * Encryption: PBES2 (PBKDF2 with HMAC-SHA-1/SHA-2, AES-CBC or 3DES-CBC), as OpenSSL 3, Windows and
 * Signet write it, and the older PKCS#12 PBE schemes with SHA-1 and 3DES or RC2 that OpenSSL 1.x
 * wrote by default (rc2.ts).
 * Written: one private key and its certificates, the key in a shrouded key bag under PBES2
 * (PBKDF2-HMAC-SHA-256, AES-256-CBC), the certificates in plain bags, a SHA-256 MAC.
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { rc2CbcDecrypt } from "./rc2";

const OID = {
  data: "1.2.840.113549.1.7.1",
  encryptedData: "1.2.840.113549.1.7.6",
  keyBag: "1.2.840.113549.1.12.10.1.1",
  pkcs8ShroudedKeyBag: "1.2.840.113549.1.12.10.1.2",
  certBag: "1.2.840.113549.1.12.10.1.3",
  safeContentsBag: "1.2.840.113549.1.12.10.1.6",
  x509Certificate: "1.2.840.113549.1.9.22.1",
  friendlyName: "1.2.840.113549.1.9.20",
  localKeyId: "1.2.840.113549.1.9.21",
  pbes2: "1.2.840.113549.1.5.13",
  pbkdf2: "1.2.840.113549.1.5.12",
  hmacWithSha256: "1.2.840.113549.2.9",
  aes256Cbc: "2.16.840.1.101.3.4.1.42",
  sha256: "2.16.840.1.101.3.4.2.1",
} as const;

/** Digest algorithms of a MAC, by OID: Node's name, and the block size the PKCS#12 key derivation uses. */
type Digest = { name: string; block: number };
const SHA1: Digest = { name: "sha1", block: 64 };
const SHA256: Digest = { name: "sha256", block: 64 };
const DIGESTS: Record<string, Digest> = {
  "1.3.14.3.2.26": SHA1,
  "2.16.840.1.101.3.4.2.4": { name: "sha224", block: 64 },
  "2.16.840.1.101.3.4.2.1": SHA256,
  "2.16.840.1.101.3.4.2.2": { name: "sha384", block: 128 },
  "2.16.840.1.101.3.4.2.3": { name: "sha512", block: 128 },
};

/** PBKDF2's pseudo-random functions, by OID (absent: HMAC-SHA-1). */
const PRFS: Record<string, string> = {
  "1.2.840.113549.2.7": "sha1",
  "1.2.840.113549.2.8": "sha224",
  "1.2.840.113549.2.9": "sha256",
  "1.2.840.113549.2.10": "sha384",
  "1.2.840.113549.2.11": "sha512",
};

/** PBES2's encryption schemes, by OID: Node's cipher and its key length. */
const PBES2_CIPHERS: Record<string, { cipher: string; keyLength: number }> = {
  "2.16.840.1.101.3.4.1.2": { cipher: "aes-128-cbc", keyLength: 16 },
  "2.16.840.1.101.3.4.1.22": { cipher: "aes-192-cbc", keyLength: 24 },
  "2.16.840.1.101.3.4.1.42": { cipher: "aes-256-cbc", keyLength: 32 },
  "1.2.840.113549.3.7": { cipher: "des-ede3-cbc", keyLength: 24 },
};

/** The PKCS#12 PBE schemes (RFC 7292 appendix C), all with SHA-1: the cipher and its key length. */
const PKCS12_PBE: Record<string, { cipher: "des-ede3-cbc" | "rc2"; keyLength: number }> = {
  "1.2.840.113549.1.12.1.3": { cipher: "des-ede3-cbc", keyLength: 24 },
  "1.2.840.113549.1.12.1.5": { cipher: "rc2", keyLength: 16 },
  "1.2.840.113549.1.12.1.6": { cipher: "rc2", keyLength: 5 },
};

export interface Pkcs12Contents {
  /** The private keys, in file order. */
  keys: crypto.KeyObject[];
  /** The X.509 certificates (DER, as stored), in file order. */
  certificates: Uint8Array[];
}

const bytes = (v: ArrayBuffer | Uint8Array) => Buffer.from(v instanceof Uint8Array ? v : new Uint8Array(v));

function fromDer(der: Uint8Array, what: string): asn1js.AsnType {
  const asn = asn1js.fromBER(new Uint8Array(der));
  if (asn.offset === -1) throw new Error(`${what} is not DER`);
  return asn.result;
}

/** The password as the PKCS#12 key derivation takes it: BMPString (UTF-16BE) with a final zero character. */
function bmpPassword(password: string): Buffer {
  const out = Buffer.alloc(2 * password.length + 2);
  for (let i = 0; i < password.length; i++) out.writeUInt16BE(password.charCodeAt(i), 2 * i);
  return out;
}

/** RFC 7292 appendix B.2: `n` bytes of key material (id 1), IV (id 2) or MAC key (id 3). */
function pkcs12Kdf(digest: Digest, password: Buffer, salt: Uint8Array, id: 1 | 2 | 3, iterations: number, n: number): Buffer {
  const v = digest.block;
  const fill = (src: Uint8Array) => {
    const out = Buffer.alloc(src.length ? v * Math.ceil(src.length / v) : 0);
    for (let i = 0; i < out.length; i++) out[i] = src[i % src.length]!;
    return out;
  };
  const D = Buffer.alloc(v, id);
  const I = Buffer.concat([fill(salt), fill(password)]);
  const out: Buffer[] = [];
  for (let length = 0; length < n;) {
    let A = crypto.createHash(digest.name).update(D).update(I).digest();
    for (let r = 1; r < iterations; r++) A = crypto.createHash(digest.name).update(A).digest();
    out.push(A);
    length += A.length;
    // Each v-byte block of I becomes (I_j + B + 1) mod 2^(8v), B being A repeated to v bytes.
    const B = fill(A);
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const sum = I[j + k]! + B[k]! + carry;
        I[j + k] = sum & 0xff;
        carry = sum >> 8;
      }
    }
  }
  return Buffer.concat(out).subarray(0, n);
}

const intOf = (node: asn1js.AsnType | undefined) => (node instanceof asn1js.Integer ? node.valueBlock.valueDec : NaN);

/** Decrypts `data` as `algorithm` (a PBES2 or PKCS#12 PBE AlgorithmIdentifier) says. */
function decrypt(algorithm: pkijs.AlgorithmIdentifier, data: Buffer, password: string): Buffer {
  const id = algorithm.algorithmId;
  if (id === OID.pbes2) {
    const params = new pkijs.PBES2Params({ schema: algorithm.algorithmParams });
    if (params.keyDerivationFunc.algorithmId !== OID.pbkdf2)
      throw new Error(`unsupported key derivation ${params.keyDerivationFunc.algorithmId}`);
    const kdf = new pkijs.PBKDF2Params({ schema: params.keyDerivationFunc.algorithmParams });
    const prf = kdf.prf ? PRFS[kdf.prf.algorithmId] : "sha1";
    const scheme = PBES2_CIPHERS[params.encryptionScheme.algorithmId];
    if (!prf || !scheme)
      throw new Error(`unsupported PBES2 algorithm ${kdf.prf?.algorithmId ?? ""} ${params.encryptionScheme.algorithmId}`);
    if (!(kdf.salt instanceof asn1js.OctetString)) throw new Error("unsupported PBKDF2 salt");
    const iv = params.encryptionScheme.algorithmParams;
    if (!(iv instanceof asn1js.OctetString)) throw new Error("PBES2 without an IV");
    const key = crypto.pbkdf2Sync(
      Buffer.from(password, "utf8"),
      kdf.salt.valueBlock.valueHexView,
      kdf.iterationCount,
      scheme.keyLength,
      prf,
    );
    const decipher = crypto.createDecipheriv(scheme.cipher, key, iv.valueBlock.valueHexView);
    return Buffer.concat([decipher.update(data), decipher.final()]);
  }
  const pbe = PKCS12_PBE[id];
  if (!pbe) throw new Error(`unsupported encryption ${id}`);
  const params = algorithm.algorithmParams as asn1js.Sequence;
  const [salt, count] = params.valueBlock?.value ?? [];
  if (!(salt instanceof asn1js.OctetString)) throw new Error("PKCS#12 PBE parameters without a salt");
  const iterations = intOf(count);
  if (!(iterations >= 1)) throw new Error("PKCS#12 PBE parameters without an iteration count");
  const pw = bmpPassword(password);
  const key = pkcs12Kdf(SHA1, pw, salt.valueBlock.valueHexView, 1, iterations, pbe.keyLength);
  const iv = pkcs12Kdf(SHA1, pw, salt.valueBlock.valueHexView, 2, iterations, 8);
  if (pbe.cipher === "rc2") return Buffer.from(rc2CbcDecrypt(key, 8 * pbe.keyLength, iv, data));
  const decipher = crypto.createDecipheriv(pbe.cipher, key, iv);
  return Buffer.concat([decipher.update(data), decipher.final()]);
}

/** Checks the MAC over the authenticated safe; throws when it does not match (a wrong password, mostly). */
function checkMac(mac: pkijs.MacData, content: Buffer, password: string): void {
  const digest = DIGESTS[mac.mac.digestAlgorithm.algorithmId];
  if (!digest) throw new Error(`unsupported MAC algorithm ${mac.mac.digestAlgorithm.algorithmId}`);
  const expected = bytes(mac.mac.digest.valueBlock.valueHexView);
  const salt = mac.macSalt.valueBlock.valueHexView;
  // An empty password is a BMPString of one zero character, or (some writers) no bytes at all.
  const candidates = password === "" ? [bmpPassword(""), Buffer.alloc(0)] : [bmpPassword(password)];
  for (const pw of candidates) {
    const key = pkcs12Kdf(digest, pw, salt, 3, mac.iterations ?? 1, expected.length);
    const actual = crypto.createHmac(digest.name, key).update(content).digest();
    if (actual.length === expected.length && crypto.timingSafeEqual(actual, expected)) return;
  }
  throw new Error("wrong password, or the file is damaged (its MAC does not match)");
}

/** The bags of a SafeContents (DER), nested safe-contents bags included. */
function readSafeContents(der: Uint8Array, password: string, out: Pkcs12Contents): void {
  const seq = fromDer(der, "A SafeContents");
  if (!(seq instanceof asn1js.Sequence)) throw new Error("A SafeContents is not a SEQUENCE");
  for (const bag of seq.valueBlock.value) {
    const [bagId, wrapped] = bag instanceof asn1js.Sequence ? bag.valueBlock.value : [];
    const value = wrapped instanceof asn1js.Constructed ? wrapped.valueBlock.value[0] : undefined;
    if (!(bagId instanceof asn1js.ObjectIdentifier) || !value) throw new Error("A SafeBag is malformed");
    switch (bagId.valueBlock.toString()) {
      case OID.keyBag:
        out.keys.push(crypto.createPrivateKey({ key: bytes(value.valueBeforeDecodeView), format: "der", type: "pkcs8" }));
        break;
      case OID.pkcs8ShroudedKeyBag: {
        const shrouded = new pkijs.PKCS8ShroudedKeyBag({ schema: value });
        const plain = decrypt(shrouded.encryptionAlgorithm, bytes(shrouded.encryptedData.getValue()), password);
        out.keys.push(crypto.createPrivateKey({ key: plain, format: "der", type: "pkcs8" }));
        break;
      }
      case OID.certBag: {
        const [certId, certValue] = value instanceof asn1js.Sequence ? value.valueBlock.value : [];
        const octets = certValue instanceof asn1js.Constructed ? certValue.valueBlock.value[0] : undefined;
        if (!(certId instanceof asn1js.ObjectIdentifier) || !(octets instanceof asn1js.OctetString))
          throw new Error("A certificate bag is malformed");
        if (certId.valueBlock.toString() === OID.x509Certificate) out.certificates.push(bytes(octets.getValue()));
        break;
      }
      case OID.safeContentsBag:
        readSafeContents(value.valueBeforeDecodeView, password, out);
        break;
      default:
      // CRL and secret bags: nothing to sign with.
    }
  }
}

/** Reads a PKCS#12 file: its MAC is checked and everything it holds decrypted with `password`. */
export function readPkcs12(der: Uint8Array, password: string): Pkcs12Contents {
  const pfx = new pkijs.PFX({ schema: fromDer(der, "The file") });
  if (pfx.authSafe.contentType !== OID.data)
    throw new Error(`unsupported integrity mode (authSafe content type ${pfx.authSafe.contentType})`);
  const content = bytes((pfx.authSafe.content as asn1js.OctetString).getValue());
  if (pfx.macData) checkMac(pfx.macData, content, password);
  const safe = pkijs.AuthenticatedSafe.fromBER(content);
  const out: Pkcs12Contents = { keys: [], certificates: [] };
  for (const info of safe.safeContents) {
    if (info.contentType === OID.data) {
      readSafeContents(bytes((info.content as asn1js.OctetString).getValue()), password, out);
    } else if (info.contentType === OID.encryptedData) {
      const enc = new pkijs.EncryptedData({ schema: info.content }).encryptedContentInfo;
      readSafeContents(decrypt(enc.contentEncryptionAlgorithm, bytes(enc.getEncryptedContent()), password), password, out);
    } else throw new Error(`unsupported safe contents type ${info.contentType}`);
  }
  return out;
}

const octets = (b: Uint8Array) => new asn1js.OctetString({ valueHex: new Uint8Array(b) });

/** The attributes of the key's and its certificate's bags: friendlyName and localKeyId. */
function bagAttributes(friendlyName: string, localKeyId: Uint8Array): pkijs.Attribute[] {
  return [
    new pkijs.Attribute({ type: OID.friendlyName, values: [new asn1js.BmpString({ value: friendlyName })] }),
    new pkijs.Attribute({ type: OID.localKeyId, values: [octets(localKeyId)] }),
  ];
}

const ITERATIONS = 2048;

/**
 * A PKCS#12 file with `key` and `certificates` (DER, the key's own first): the key encrypted with
 * PBES2 (PBKDF2-HMAC-SHA-256, AES-256-CBC) in a shrouded key bag, the certificates in plain
 * certificate bags, the whole under an HMAC-SHA-256 MAC.
 */
export function writePkcs12(key: crypto.KeyObject, certificates: Uint8Array[], password: string, friendlyName: string): Buffer {
  const own = certificates[0];
  if (!own) throw new Error("A PKCS#12 file needs the key's certificate");
  const localKeyId = crypto.createHash("sha1").update(own).digest();

  const certBags = certificates.map(
    (der, i) =>
      new pkijs.SafeBag({
        bagId: OID.certBag,
        bagValue: new pkijs.CertBag({ certId: OID.x509Certificate, certValue: octets(der) }),
        ...(i === 0 ? { bagAttributes: bagAttributes(friendlyName, localKeyId) } : {}),
      }),
  );

  const salt = crypto.randomBytes(16);
  const iv = crypto.randomBytes(16);
  const encKey = crypto.pbkdf2Sync(Buffer.from(password, "utf8"), salt, ITERATIONS, 32, "sha256");
  const cipher = crypto.createCipheriv("aes-256-cbc", encKey, iv);
  const pkcs8 = key.export({ type: "pkcs8", format: "der" });
  const encrypted = Buffer.concat([cipher.update(pkcs8), cipher.final()]);
  const pbes2 = new pkijs.PBES2Params({
    keyDerivationFunc: new pkijs.AlgorithmIdentifier({
      algorithmId: OID.pbkdf2,
      algorithmParams: new pkijs.PBKDF2Params({
        salt: octets(salt),
        iterationCount: ITERATIONS,
        prf: new pkijs.AlgorithmIdentifier({ algorithmId: OID.hmacWithSha256, algorithmParams: new asn1js.Null() }),
      }).toSchema(),
    }),
    encryptionScheme: new pkijs.AlgorithmIdentifier({ algorithmId: OID.aes256Cbc, algorithmParams: octets(iv) }),
  });
  const keyBag = new pkijs.SafeBag({
    bagId: OID.pkcs8ShroudedKeyBag,
    bagValue: new pkijs.PKCS8ShroudedKeyBag({
      encryptionAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.pbes2, algorithmParams: pbes2.toSchema() }),
      encryptedData: octets(encrypted),
    }),
    bagAttributes: bagAttributes(friendlyName, localKeyId),
  });

  const dataInfo = (bags: pkijs.SafeBag[]) =>
    new pkijs.ContentInfo({
      contentType: OID.data,
      content: octets(new Uint8Array(new pkijs.SafeContents({ safeBags: bags }).toSchema().toBER())),
    });
  const authSafe = new Uint8Array(
    new pkijs.AuthenticatedSafe({ safeContents: [dataInfo(certBags), dataInfo([keyBag])] }).toSchema().toBER(),
  );

  const macSalt = crypto.randomBytes(16);
  const macKey = pkcs12Kdf(SHA256, bmpPassword(password), macSalt, 3, ITERATIONS, 32);
  const pfx = new pkijs.PFX({
    version: 3,
    authSafe: new pkijs.ContentInfo({ contentType: OID.data, content: octets(authSafe) }),
    macData: new pkijs.MacData({
      mac: new pkijs.DigestInfo({
        digestAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
        digest: octets(crypto.createHmac("sha256", macKey).update(authSafe).digest()),
      }),
      macSalt: octets(macSalt),
      iterations: ITERATIONS,
    }),
  });
  return Buffer.from(pfx.toSchema().toBER());
}
