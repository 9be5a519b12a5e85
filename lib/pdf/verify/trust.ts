/**
 * Whether a certificate is vouched for: a path from it to one of the certificates the caller trusts
 * (the trust list), with every certificate's signature checked by its issuer's key, every one valid
 * at the moment that matters, the CAs on the way allowed to be CAs (basic constraints, keyCertSign,
 * path length), no critical extension left unread, and the certificate itself allowed to do what it
 * did (a time-stamp authority's: extendedKeyUsage id-kp-timeStamping, critical and alone, RFC 3161
 * 2.3; a signer's: a key usage that allows signing). pkijs's CertificateChainValidationEngine builds
 * and checks the path; the rest is checked here.
 *
 * Names decide nothing: a certificate that calls itself "DigiCert" and one that names a trusted CA
 * as its issuer chain only if the trusted key signed them. Revocation is not checked here.
 */
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const OID = {
  keyUsage: "2.5.29.15",
  basicConstraints: "2.5.29.19",
  extKeyUsage: "2.5.29.37",
  timeStamping: "1.3.6.1.5.5.7.3.8",
} as const;

/** Extensions whose meaning this check or pkijs's path validation applies; any other, marked critical, fails the path. */
const UNDERSTOOD = new Set([
  "2.5.29.14", // subjectKeyIdentifier
  "2.5.29.15", // keyUsage
  "2.5.29.17", // subjectAltName
  "2.5.29.18", // issuerAltName
  "2.5.29.19", // basicConstraints
  "2.5.29.30", // nameConstraints
  "2.5.29.31", // cRLDistributionPoints
  "2.5.29.32", // certificatePolicies
  "2.5.29.33", // policyMappings
  "2.5.29.35", // authorityKeyIdentifier
  "2.5.29.36", // policyConstraints
  "2.5.29.37", // extKeyUsage
  "2.5.29.46", // freshestCRL
  "2.5.29.54", // inhibitAnyPolicy
  "1.3.6.1.5.5.7.1.1", // authorityInfoAccess
  "1.3.6.1.5.5.7.1.3", // qcStatements (informative)
]);

/** Certificates of a CMS taken as possible intermediates; a real chain has two or three. */
const MAX_INTERMEDIATES = 16;
/** Issuer look-ups while building one path: certificates that name each other in a loop stop here. */
const MAX_ISSUER_LOOKUPS = 64;

/** What a certificate is checked for. */
export type CertificatePurpose = "timestamping" | "signing";

export interface ChainCheck {
  trusted: boolean;
  /** Why not, in words, when not. */
  problem?: string;
}

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

function parse(der: Uint8Array): pkijs.Certificate | null {
  try {
    const asn = asn1js.fromBER(ab(der));
    return asn.offset === -1 ? null : new pkijs.Certificate({ schema: asn.result });
  } catch {
    return null;
  }
}

const tbsOf = (c: pkijs.Certificate) => Buffer.from(c.encodeTBS().toBER(false));
const same = (a: pkijs.Certificate, b: pkijs.Certificate) =>
  tbsOf(a).equals(tbsOf(b)) &&
  Buffer.from(a.signatureValue.valueBlock.valueHexView).equals(Buffer.from(b.signatureValue.valueBlock.valueHexView));

/** The certificates the caller trusts, parsed once; DER that is not a certificate is left out. */
export class TrustList {
  readonly anchors: pkijs.Certificate[];
  constructor(ders: readonly Uint8Array[]) {
    const anchors: pkijs.Certificate[] = [];
    for (const der of ders) {
      const c = parse(der);
      if (c && !anchors.some((a) => same(a, c))) anchors.push(c);
    }
    this.anchors = anchors;
  }
}

const extension = (c: pkijs.Certificate, oid: string) => c.extensions?.find((x) => x.extnID === oid);

/** keyUsage bits (first byte: digitalSignature 0x80, nonRepudiation 0x40, keyCertSign 0x04), or null without the extension. */
function keyUsage(c: pkijs.Certificate): number | null {
  const ku = extension(c, OID.keyUsage)?.parsedValue as asn1js.BitString | undefined;
  if (!ku) return null;
  return ku.valueBlock?.valueHexView?.[0] ?? 0;
}

function basicConstraints(c: pkijs.Certificate): { cA: boolean; pathLen?: number } {
  const bc = extension(c, OID.basicConstraints)?.parsedValue as pkijs.BasicConstraints | undefined;
  if (!bc) return { cA: false };
  const len = bc.pathLenConstraint;
  return { cA: bc.cA === true, ...(typeof len === "number" ? { pathLen: len } : {}) };
}

const name = (c: pkijs.Certificate) =>
  c.subject.typesAndValues
    .map((tv) => (tv.value as { valueBlock?: { value?: unknown } }).valueBlock?.value)
    .filter((v): v is string => typeof v === "string")
    .join(", ")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .slice(0, 200) || "an unnamed certificate";

/** What the certificate itself must allow for `purpose`; a sentence when it does not. */
function purposeProblem(c: pkijs.Certificate, purpose: CertificatePurpose): string | null {
  const ku = keyUsage(c);
  if (ku !== null && (ku & 0xc0) === 0) return "its key usage does not allow signing";
  if (purpose === "timestamping") {
    const eku = extension(c, OID.extKeyUsage);
    const purposes = (eku?.parsedValue as pkijs.ExtKeyUsage | undefined)?.keyPurposes ?? [];
    if (!eku || !purposes.includes(OID.timeStamping)) return "it is not a time-stamping certificate (extendedKeyUsage)";
    if (!eku.critical || purposes.length !== 1)
      return "its extendedKeyUsage is not id-kp-timeStamping alone and critical, as RFC 3161 requires";
  }
  return null;
}

/** Checks pkijs leaves to the caller: unread critical extensions, and every CA's path length. */
function pathProblem(path: pkijs.Certificate[]): string | null {
  for (const c of path) {
    const bad = c.extensions?.find(
      (x) => x.critical && (!UNDERSTOOD.has(x.extnID) || (x.parsedValue as { parsingError?: string } | undefined)?.parsingError),
    );
    if (bad) return `${name(c)} has a critical extension that cannot be applied (${bad.extnID})`;
  }
  // path[0] is the certificate checked, path[k] (k ≥ 1) a CA with k - 1 intermediate CAs below it.
  for (let k = 1; k < path.length; k++) {
    const c = path[k]!;
    const { pathLen } = basicConstraints(c);
    const below = path.slice(1, k).filter((x) => !x.subject.isEqual(x.issuer)).length;
    if (pathLen !== undefined && below > pathLen) return `${name(c)} allows ${pathLen} CAs below it, the path has ${below}`;
  }
  return null;
}

const validAt = (c: pkijs.Certificate, at: Date) => c.notBefore.value <= at && at <= c.notAfter.value;

/**
 * Does `leaf` (DER) chain to `trust` at the time `at`, for `purpose`? `others`: certificates that came
 * with it (the CMS's), used only as possible intermediates.
 */
export async function checkChain(
  leafDer: Uint8Array,
  others: readonly Uint8Array[],
  trust: TrustList,
  at: Date,
  purpose: CertificatePurpose,
): Promise<ChainCheck> {
  const leaf = parse(leafDer);
  if (!leaf) return { trusted: false, problem: "the certificate cannot be read" };
  const untrusted = (problem: string): ChainCheck => ({ trusted: false, problem });
  if (!trust.anchors.length) return untrusted("no trusted certificate is configured");
  const why = purposeProblem(leaf, purpose);
  if (why) return untrusted(why);
  if (Number.isNaN(at.getTime())) return untrusted("the moment to check it at is unknown");

  // A trusted certificate itself (the self-signed sealing certificate, a TSA certificate an operator
  // lists): no path to build, its validity and its own extensions still checked.
  if (trust.anchors.some((a) => same(a, leaf))) {
    if (!validAt(leaf, at)) return untrusted(`it was not valid at ${at.toISOString()}`);
    const p = pathProblem([leaf]);
    return p ? untrusted(p) : { trusted: true };
  }

  const intermediates: pkijs.Certificate[] = [];
  for (const der of others) {
    if (intermediates.length >= MAX_INTERMEDIATES) break;
    const c = parse(der);
    if (!c || same(c, leaf) || trust.anchors.some((a) => same(a, c)) || intermediates.some((i) => same(i, c))) continue;
    intermediates.push(c);
  }
  let lookups = 0;
  const engine = new pkijs.CertificateChainValidationEngine({
    trustedCerts: trust.anchors,
    // pkijs takes the last certificate of this list as the one whose path it builds.
    certs: [...intermediates, leaf],
    checkDate: at,
    findIssuer: (cert, eng, crypto) => {
      if (++lookups > MAX_ISSUER_LOOKUPS) throw new Error("the certificates name each other in a loop");
      return eng.defaultFindIssuer(cert, eng, crypto);
    },
  });
  let result: pkijs.CertificateChainValidationEngineVerifyResult;
  try {
    result = await engine.verify();
  } catch (e) {
    return untrusted((e as Error).message);
  }
  if (!result.result) return untrusted(result.resultMessage || "no path to a trusted certificate");
  const path = result.certificatePath ?? [];
  if (!path.length || !same(path[0]!, leaf)) return untrusted("no path to a trusted certificate");
  const p = pathProblem(path);
  return p ? untrusted(p) : { trusted: true };
}
