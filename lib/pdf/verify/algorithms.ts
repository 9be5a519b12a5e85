/**
 * The signature algorithms a CMS signer may name, and checking a signature value with Node's crypto.
 * Each algorithm is an exact entry (its OID, the key it needs, the hash it signs with, how the value
 * is encoded); anything else is reported as unsupported, so that a signature Signet cannot check is
 * "indeterminate", never "does not verify".
 *
 * - RSA PKCS#1 v1.5: rsaEncryption (the hash is the SignerInfo's digest algorithm) and the
 *   sha*WithRSAEncryption / id-rsassa-pkcs1-v1_5-with-sha3-* OIDs (the hash the OID names).
 * - RSASSA-PSS (RFC 4055): its parameters read exactly; MGF1 over the same hash, trailer field 1.
 * - ECDSA: ecdsa-with-SHA* and -SHA3-* (X9.62, a DER SEQUENCE of r and s), and BSI TR-03111's
 *   "plain" ECDSA (0.4.0.127.0.7.1.1.4.1.x, r‖s of the curve's size); id-ecPublicKey named as the
 *   signature algorithm, as some signers write, signs with the SignerInfo's digest algorithm.
 */
import crypto from "node:crypto";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

/** Digest algorithms by OID, as Node's crypto names them. */
export const DIGESTS: Record<string, string> = {
  "1.3.14.3.2.26": "sha1",
  "2.16.840.1.101.3.4.2.1": "sha256",
  "2.16.840.1.101.3.4.2.2": "sha384",
  "2.16.840.1.101.3.4.2.3": "sha512",
  "2.16.840.1.101.3.4.2.4": "sha224",
  "2.16.840.1.101.3.4.2.7": "sha3-224",
  "2.16.840.1.101.3.4.2.8": "sha3-256",
  "2.16.840.1.101.3.4.2.9": "sha3-384",
  "2.16.840.1.101.3.4.2.10": "sha3-512",
};

interface Algorithm {
  name: string;
  key: "rsa" | "ec";
  /** The hash signed with; null: the SignerInfo's digest algorithm. */
  hash: string | null;
  ecdsa?: "der" | "ieee-p1363";
}

const rsa = (name: string, hash: string | null): Algorithm => ({ name, key: "rsa", hash });
const ecdsa = (name: string, hash: string | null, encoding: "der" | "ieee-p1363"): Algorithm => ({
  name,
  key: "ec",
  hash,
  ecdsa: encoding,
});

const PSS = "1.2.840.113549.1.1.10";
const MGF1 = "1.2.840.113549.1.1.8";

const ALGORITHMS: Record<string, Algorithm> = {
  "1.2.840.113549.1.1.1": rsa("RSA PKCS#1 v1.5", null),
  "1.2.840.113549.1.1.5": rsa("SHA-1 with RSA", "sha1"),
  "1.2.840.113549.1.1.14": rsa("SHA-224 with RSA", "sha224"),
  "1.2.840.113549.1.1.11": rsa("SHA-256 with RSA", "sha256"),
  "1.2.840.113549.1.1.12": rsa("SHA-384 with RSA", "sha384"),
  "1.2.840.113549.1.1.13": rsa("SHA-512 with RSA", "sha512"),
  "2.16.840.1.101.3.4.3.13": rsa("SHA3-224 with RSA", "sha3-224"),
  "2.16.840.1.101.3.4.3.14": rsa("SHA3-256 with RSA", "sha3-256"),
  "2.16.840.1.101.3.4.3.15": rsa("SHA3-384 with RSA", "sha3-384"),
  "2.16.840.1.101.3.4.3.16": rsa("SHA3-512 with RSA", "sha3-512"),
  "1.2.840.10045.2.1": ecdsa("ECDSA", null, "der"),
  "1.2.840.10045.4.1": ecdsa("ECDSA with SHA-1", "sha1", "der"),
  "1.2.840.10045.4.3.1": ecdsa("ECDSA with SHA-224", "sha224", "der"),
  "1.2.840.10045.4.3.2": ecdsa("ECDSA with SHA-256", "sha256", "der"),
  "1.2.840.10045.4.3.3": ecdsa("ECDSA with SHA-384", "sha384", "der"),
  "1.2.840.10045.4.3.4": ecdsa("ECDSA with SHA-512", "sha512", "der"),
  "2.16.840.1.101.3.4.3.9": ecdsa("ECDSA with SHA3-224", "sha3-224", "der"),
  "2.16.840.1.101.3.4.3.10": ecdsa("ECDSA with SHA3-256", "sha3-256", "der"),
  "2.16.840.1.101.3.4.3.11": ecdsa("ECDSA with SHA3-384", "sha3-384", "der"),
  "2.16.840.1.101.3.4.3.12": ecdsa("ECDSA with SHA3-512", "sha3-512", "der"),
  "0.4.0.127.0.7.1.1.4.1.1": ecdsa("plain ECDSA with SHA-1", "sha1", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.2": ecdsa("plain ECDSA with SHA-224", "sha224", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.3": ecdsa("plain ECDSA with SHA-256", "sha256", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.4": ecdsa("plain ECDSA with SHA-384", "sha384", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.5": ecdsa("plain ECDSA with SHA-512", "sha512", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.8": ecdsa("plain ECDSA with SHA3-224", "sha3-224", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.9": ecdsa("plain ECDSA with SHA3-256", "sha3-256", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.10": ecdsa("plain ECDSA with SHA3-384", "sha3-384", "ieee-p1363"),
  "0.4.0.127.0.7.1.1.4.1.11": ecdsa("plain ECDSA with SHA3-512", "sha3-512", "ieee-p1363"),
};

/** The outcome of checking one signature value: checked (true or false), or why it could not be. */
export type ValueCheck = { verifies: boolean; problem?: string } | { unsupported: string };

/** RSASSA-PSS parameters (RFC 4055), with their defaults; null when Node's crypto cannot check them. */
function pssParameters(params: unknown): { hash: string; saltLength: number } | string {
  let p: pkijs.RSASSAPSSParams;
  try {
    p = params instanceof asn1js.Sequence ? new pkijs.RSASSAPSSParams({ schema: params }) : new pkijs.RSASSAPSSParams();
  } catch {
    return "RSASSA-PSS parameters that cannot be read";
  }
  const hash = DIGESTS[p.hashAlgorithm.algorithmId];
  if (!hash) return `RSASSA-PSS with the hash ${p.hashAlgorithm.algorithmId}`;
  if (p.maskGenAlgorithm.algorithmId !== MGF1) return `RSASSA-PSS with the mask generation ${p.maskGenAlgorithm.algorithmId}`;
  let mgfHash: string | undefined;
  try {
    const inner = p.maskGenAlgorithm.algorithmParams;
    mgfHash = inner instanceof asn1js.Sequence ? DIGESTS[new pkijs.AlgorithmIdentifier({ schema: inner }).algorithmId] : "sha1";
  } catch {
    mgfHash = undefined;
  }
  // Node's crypto (as WebCrypto) hashes MGF1 with the signature's own hash.
  if (mgfHash !== hash) return "RSASSA-PSS whose MGF1 hash differs from its message hash";
  if (p.trailerField !== 1) return `RSASSA-PSS with the trailer field ${p.trailerField}`;
  return { hash, saltLength: p.saltLength };
}

/**
 * Checks `signature` over `data` (its parts, in order) with the certificate's public key, by the
 * algorithm the SignerInfo names; `digest` is the SignerInfo's digest algorithm (Node's name).
 */
export function verifySignatureValue(
  data: readonly Uint8Array[],
  signature: Uint8Array,
  algorithm: pkijs.AlgorithmIdentifier,
  digest: string,
  spki: pkijs.PublicKeyInfo,
): ValueCheck {
  let key: crypto.KeyObject;
  try {
    key = crypto.createPublicKey({ key: Buffer.from(spki.toSchema().toBER(false)), format: "der", type: "spki" });
  } catch {
    return { unsupported: `a public key of type ${spki.algorithm.algorithmId}` };
  }
  const keyType = key.asymmetricKeyType;
  let hash: string;
  const options: crypto.VerifyKeyObjectInput = { key };
  if (algorithm.algorithmId === PSS) {
    const p = pssParameters(algorithm.algorithmParams);
    if (typeof p === "string") return { unsupported: p };
    if (keyType !== "rsa" && keyType !== "rsa-pss")
      return { verifies: false, problem: `An RSASSA-PSS signature cannot be made with a ${keyType} key` };
    hash = p.hash;
    Object.assign(options, { padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: p.saltLength });
  } else {
    const a = ALGORITHMS[algorithm.algorithmId];
    if (!a) return { unsupported: `the signature algorithm ${algorithm.algorithmId}` };
    if (a.key !== keyType) return { verifies: false, problem: `A ${a.name} signature cannot be made with a ${keyType} key` };
    hash = a.hash ?? digest;
    if (a.ecdsa) options.dsaEncoding = a.ecdsa;
    else options.padding = crypto.constants.RSA_PKCS1_PADDING;
  }
  let verifier: crypto.Verify;
  try {
    verifier = crypto.createVerify(hash);
  } catch {
    return { unsupported: `the hash ${hash}` };
  }
  for (const part of data) verifier.update(part);
  try {
    return { verifies: verifier.verify(options, signature) };
  } catch {
    // A value of the wrong size or shape for the key: checked, and it is not a signature by this key.
    return { verifies: false };
  }
}
