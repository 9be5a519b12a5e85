/**
 * Verifying a PDF ("Verify"): its signatures, what each covers, whether the bytes are still
 * the ones signed, who signed, the PAdES level (ETSI EN 319 142-1) and time-stamps (RFC 3161), and a
 * verdict against the server's sealing certificate. Bytes in, a report out: no HTTP, no database.
 *
 * Signatures are found among the parsed objects (every dictionary with /ByteRange and /Contents, or a
 * field's /V holding one), not by searching the bytes, so text in a stream cannot pose as one. Each
 * one's /ByteRange must leave out exactly its own /Contents (the CMS is read from the excluded bytes),
 * start at 0, and, for the seal, reach the end of the file or be followed only by a DSS / document
 * time-stamp update (updates.ts).
 *
 * A time-stamp raises the level, and a signer counts as vouched for, only when its certificate chains
 * to the trust list (trust.ts: the certificates the caller passes, and the sealing certificate); a
 * time-stamp that verifies but does not chain is reported as untrusted and changes no verdict.
 */
import crypto from "node:crypto";
import { embeddedFiles, type EmbeddedFile } from "./attachments";
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFString,
  type PDFContext,
  type PDFDocument,
  type PDFObject,
} from "@cantoo/pdf-lib";
import { PdfError } from "../errors";
import { openPdf } from "../load";
import { tooComplex, withBudget } from "../limits";
import { loadIdentity } from "../seal/cades-signer";
import {
  readCmsSignature,
  readTimestampToken,
  timestampInfo,
  type CertificateInfo,
  type FailureReason,
  type Finding,
  type IndeterminateReason,
  type TimestampInfo,
} from "./cms";
import { checkChain, TrustList } from "./trust";
import { isDocumentTimestamp, isSignatureDict, judgeAfter } from "./updates";
import { revisionEnds, type XrefChain } from "../xref";
import { popplerDisagreements } from "./poppler-judge";
import { decideVerdict, type Verdict } from "./verdict";

export type { CertificateInfo, FailureReason, Finding, IndeterminateReason, TimestampInfo } from "./cms";
export { CMS_LIMITS } from "./cms";
export { decideVerdict, VERDICT_TEXT, type Verdict } from "./verdict";

export type PadesLevel = "B-B" | "B-T" | "B-LT" | "B-LTA";

/** Signatures read from one file; a real one has one to three. */
const MAX_SIGNATURES = 32;
/** Signatures besides the seal whose "after" the second judge (poppler) also draws. */
const POPPLER_JUDGED = 3;
/** Certificates of a /DSS compared with the signer's. */
const MAX_DSS_CERTS = 256;

/**
 * A signature's own checks, as DSS reports them: PASSED (its byte range, digest and signature value
 * were checked and hold), FAILED (a check ran and failed: `failed` says which) or INDETERMINATE (it
 * could not be checked: an algorithm or encoding Signet does not check, a CMS beyond CMS_LIMITS, no
 * signer certificate; `indeterminate` says why). Who the signer is, and whether they are trusted, is
 * not part of it (signerTrusted).
 */
export type Outcome = "PASSED" | "FAILED" | "INDETERMINATE";

export interface SignatureReport {
  /** Place among the file's signatures, by where their signed bytes end (1 = first). */
  index: number;
  kind: "signature" | "document-timestamp";
  subFilter: string | null;
  /** /M of the signature dictionary, as written (a claim of the signer, not a trusted time). */
  claimedSigningTime: string | null;
  byteRange: number[];
  /** The byte range starts at 0 and leaves out exactly this signature's /Contents. */
  byteRangeValid: boolean;
  /** …and reaches the end of the file. */
  coversWholeFile: boolean;
  /** Bytes of the file after the end of the signed range. */
  bytesAfter: number;
  /** SHA-256 of the file up to the end of the signed range (the revision this signature signed). */
  revisionSha256: string | null;
  /** The digest of the covered bytes equals the one the CMS signed (message-digest / message imprint). */
  digestMatches: boolean;
  /** The CMS signature verifies with the certificate inside it. */
  signatureVerifies: boolean;
  outcome: Outcome;
  /** The check that failed, when the outcome is FAILED. */
  failed: Finding<FailureReason> | null;
  /** Why the signature could not be checked, when the outcome is INDETERMINATE. */
  indeterminate: Finding<IndeterminateReason> | null;
  /**
   * What was appended after this signature that is not validation data (DSS) or a document time-stamp
   * (the same judges as for the seal: updates.ts, then poppler); null when its byte range gives no end.
   */
  modificationsAfter: string[] | null;
  /**
   * The later signatures (their indexes) whose addition after this one was judged signing again, not
   * a modification: their field, widget, appearance and value, each written before their own signed
   * bytes end (docs/api.md, "A later signature"). Never for the seal: a signature added after the
   * seal is one of its modifications.
   */
  laterSignatures: number[];
  signer: CertificateInfo | null;
  /** The signer certificate is one of the server's sealing certificates. */
  isSealingCertificate: boolean;
  /**
   * The signer's certificate chains to the trust list (trust.ts), at the time of its earliest trusted
   * time-stamp, else now; for a document time-stamp, its authority's (the same as timestamp.trusted).
   */
  signerTrusted: boolean;
  /** CAdES: an ESS signing-certificate-v2 (or v1) signed attribute, and it names the signer's certificate. */
  signingCertificateAttribute: "v2" | "v1" | null;
  /** PAdES level of this signature (signatures only; null: not PAdES). */
  level: PadesLevel | null;
  /** The signature time-stamp (B-T), or for a document time-stamp its own time. */
  timestamp: TimestampInfo | null;
  problems: string[];
}

export interface DssReport {
  certificates: number;
  ocsps: number;
  crls: number;
  /** The sealing signature's certificate is among /Certs. */
  includesSigner: boolean;
}

export interface PdfVerification {
  sha256: string;
  size: number;
  signed: boolean;
  signatures: SignatureReport[];
  /** Index (1-based) of the signature judged as the seal: the last signature by a sealing certificate, else the last signature. */
  seal: number | null;
  dss: DssReport | null;
  /** What was appended after the seal that is not a DSS / document time-stamp update. */
  modifications: string[];
  /** The files embedded in the file as viewers read it (a Signet seal embeds what signers attached). */
  attachments: EmbeddedFile[];
  /** The verdict for a file not on the server's record (see decideVerdict). */
  verdict: Verdict;
  reasons: string[];
}

export interface VerifyOptions {
  /** DER certificates the server seals with. */
  sealingCertificates?: Uint8Array[];
  /** Or its PKCS#12 (the certificate is read from it; the key is not used). */
  sealingP12?: { p12: Uint8Array; password: string };
  /**
   * DER certificates a time-stamp authority or a signer must chain to (TSA_CA_FILE, TRUST_BUNDLE_FILE).
   * The sealing certificates, and the CA certificates the sealing PKCS#12 holds, are trusted as well.
   */
  trustedCertificates?: Uint8Array[];
}

export type { EmbeddedFile } from "./attachments";

const sha256hex = (b: Uint8Array) => crypto.createHash("sha256").update(b).digest("hex");

interface Found {
  dict: PDFDict;
  byteRange: number[] | null;
}

function numbers(arr: PDFObject | undefined, ctx: PDFContext): number[] | null {
  const a = ctx.lookup(arr);
  if (!(a instanceof PDFArray) || a.size() > 64) return null;
  const out: number[] = [];
  for (const o of a.asArray()) {
    const n = ctx.lookup(o);
    if (!(n instanceof PDFNumber) || !Number.isSafeInteger(n.asNumber()) || n.asNumber() < 0) return null;
    out.push(n.asNumber());
  }
  return out;
}

/**
 * The signatures of the file as viewers read it; when that reading has none (an update replaced the
 * catalog, so nothing reaches the signature any more), those of its latest earlier revision that has
 * some, each revision read through its own cross-reference: the seal is then judged against what was
 * appended after it.
 */
async function findSignatures(bytes: Uint8Array, doc: PDFDocument): Promise<{ found: Found[]; context: PDFContext }> {
  const found = signatureDicts(doc);
  if (found.length) return { found, context: doc.context };
  for (const end of revisionEnds(bytes).reverse().slice(0, MAX_SIGNATURES)) {
    if (end >= bytes.length) continue;
    try {
      const revision = await openPdf(bytes.subarray(0, end));
      const earlier = revision.reading === "xref" ? signatureDicts(revision.doc) : [];
      if (earlier.length) return { found: earlier, context: revision.doc.context };
    } catch (e) {
      if (e instanceof PdfError && e.kind === "TOO_COMPLEX") throw e;
    }
  }
  return { found, context: doc.context };
}

function signatureDicts(doc: PDFDocument): Found[] {
  const ctx = doc.context;
  const found = new Map<PDFDict, Found>();
  const consider = (d: PDFObject | undefined) => {
    if (!(d instanceof PDFDict) || found.has(d) || !isSignatureDict(d)) return;
    if (found.size >= MAX_SIGNATURES) throw tooComplex(`it has more than ${MAX_SIGNATURES} signatures`);
    found.set(d, { dict: d, byteRange: numbers(d.get(PDFName.of("ByteRange")), ctx) });
  };
  for (const [, obj] of ctx.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFDict)) continue;
    consider(obj);
    const v = obj.get(PDFName.of("V"));
    if (v instanceof PDFDict) consider(v);
  }
  return [...found.values()];
}

const text = (o: PDFObject | undefined): string | null => {
  if (o instanceof PDFName) return o.decodeText();
  if (o instanceof PDFString || o instanceof PDFHexString) return o.decodeText();
  return null;
};

function pdfDate(o: PDFObject | undefined): string | null {
  try {
    return o instanceof PDFString || o instanceof PDFHexString ? o.decodeDate().toISOString() : null;
  } catch {
    return null;
  }
}

/** A /ByteRange of four numbers, the only shape a signature's has. */
type ByteRange = readonly [number, number, number, number];

function fourNumbers(br: readonly number[]): ByteRange | null {
  const [a, b, c, d] = br;
  return br.length === 4 && a !== undefined && b !== undefined && c !== undefined && d !== undefined ? [a, b, c, d] : null;
}

/** The CMS between the byte range's two parts: `<hex>` exactly where the range leaves a gap. */
function contentsAt(bytes: Uint8Array, br: ByteRange): Uint8Array | null {
  const [start, len1, gapEnd] = br;
  if (start !== 0 || len1 < 1 || gapEnd <= len1 + 1 || gapEnd > bytes.length) return null;
  if (bytes[len1] !== 0x3c || bytes[gapEnd - 1] !== 0x3e) return null;
  const hex = Buffer.from(bytes.buffer, bytes.byteOffset + len1 + 1, gapEnd - len1 - 2)
    .toString("latin1")
    .replace(/[\0\t\n\f\r ]/g, "");
  if (!/^[0-9a-fA-F]*$/.test(hex)) return null;
  return new Uint8Array(Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex"));
}

/** The byte range's two parts, in order (views of the file, not copies). */
function rangeParts(bytes: Uint8Array, br: ByteRange | null): Uint8Array[] {
  if (!br) return [];
  return [
    [br[0], br[1]],
    [br[2], br[3]],
  ]
    .filter(([from, length]) => from! + length! <= bytes.length)
    .map(([from, length]) => bytes.subarray(from!, from! + length!));
}

const same = (a: Uint8Array, b: Uint8Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));

async function readSignature(
  bytes: Uint8Array,
  f: Found,
  ctx: PDFContext,
  sealing: Set<string>,
  trust: TrustList,
  chains: Map<SignatureReport, SignerChain>,
): Promise<SignatureReport> {
  const d = f.dict;
  const br = f.byteRange ?? [];
  const problems: string[] = [];
  const kind = isDocumentTimestamp(d) ? "document-timestamp" : "signature";
  const four = fourNumbers(br);
  const range = four && four[0] === 0 && four[1] > 0 && four[2] > four[1] && four[2] + four[3] <= bytes.length ? four : null;
  const wellFormed = range !== null;
  const gap = range ? contentsAt(bytes, range) : null;
  const dictContents = ctx.lookup(d.get(PDFName.of("Contents")));
  const fromDict = dictContents instanceof PDFHexString || dictContents instanceof PDFString ? dictContents.asBytes() : null;
  if (!wellFormed) problems.push("The /ByteRange is malformed: it must be [0 a b c] within the file");
  else if (!gap) problems.push("The /ByteRange does not leave out a hexadecimal /Contents");
  else if (!fromDict || !same(gap, fromDict)) problems.push("The /ByteRange does not leave out this signature's own /Contents");
  const byteRangeValid = problems.length === 0;
  const end = range ? range[2] + range[3] : 0;
  const cms = gap ?? fromDict ?? new Uint8Array(0);
  const parts = rangeParts(bytes, range);
  const report: SignatureReport = {
    index: 0,
    kind,
    subFilter: text(d.get(PDFName.of("SubFilter"))),
    claimedSigningTime: pdfDate(d.get(PDFName.of("M"))),
    byteRange: br,
    byteRangeValid,
    coversWholeFile: byteRangeValid && end === bytes.length,
    bytesAfter: wellFormed ? bytes.length - end : bytes.length,
    revisionSha256: wellFormed ? sha256hex(bytes.subarray(0, end)) : null,
    digestMatches: false,
    signatureVerifies: false,
    outcome: "INDETERMINATE",
    failed: null,
    indeterminate: null,
    modificationsAfter: null,
    laterSignatures: [],
    signer: null,
    isSealingCertificate: false,
    signerTrusted: false,
    signingCertificateAttribute: null,
    level: null,
    timestamp: null,
    problems,
  };
  let checks: Checks;
  try {
    const read = await readCms(report, kind, cms, parts, sealing, trust);
    chains.set(report, read.chain);
    checks = read.checks;
  } catch (e) {
    // pkijs on a CMS that parses but is not what it claims (missing parts): the signature fails.
    if (e instanceof PdfError) throw e;
    const detail = `The signature's CMS could not be read (${(e as Error).message})`;
    problems.push(detail);
    checks = { failed: { reason: "FORMAT_FAILURE", detail }, indeterminate: null };
  }
  Object.assign(report, judgeOutcome(report, checks));
  return report;
}

interface Checks {
  failed: Finding<FailureReason> | null;
  indeterminate: Finding<IndeterminateReason> | null;
}

/**
 * The outcome: FAILED when a check ran and failed (the byte range first: without it nothing else is
 * about this file), else INDETERMINATE when one could not run, else PASSED when every check held.
 */
function judgeOutcome(
  s: Pick<SignatureReport, "byteRangeValid" | "digestMatches" | "signatureVerifies" | "problems">,
  checks: Checks,
): Pick<SignatureReport, "outcome" | "failed" | "indeterminate"> {
  if (!s.byteRangeValid) {
    const detail = s.problems.find((p) => p.includes("/ByteRange")) ?? "The /ByteRange is malformed";
    return { outcome: "FAILED", failed: { reason: "BYTE_RANGE_INVALID", detail }, indeterminate: null };
  }
  if (checks.failed) return { outcome: "FAILED", failed: checks.failed, indeterminate: null };
  if (checks.indeterminate) return { outcome: "INDETERMINATE", failed: null, indeterminate: checks.indeterminate };
  if (s.digestMatches && s.signatureVerifies) return { outcome: "PASSED", failed: null, indeterminate: null };
  // Unreachable by the readers' contracts; a check that neither held nor was reported does not pass.
  const detail = "The signature's checks did not all run";
  return { outcome: "INDETERMINATE", failed: null, indeterminate: { reason: "UNSUPPORTED_FORMAT", detail } };
}

/** A signature's certificate and the certificates its CMS carries (DER), for its path to the trust list. */
interface SignerChain {
  signerDer: Uint8Array | null;
  certificates: Uint8Array[];
}

async function readCms(
  report: SignatureReport,
  kind: SignatureReport["kind"],
  cms: Uint8Array,
  parts: Uint8Array[],
  sealing: Set<string>,
  trust: TrustList,
): Promise<{ chain: SignerChain; checks: Checks }> {
  const problems = report.problems;
  if (kind === "document-timestamp") {
    const digestOf = (alg: string) => {
      const h = crypto.createHash(alg);
      for (const p of parts) h.update(p);
      return h.digest();
    };
    const ts = await readTimestampToken(cms, digestOf, trust);
    report.signer = ts.signer;
    report.digestMatches = ts.imprintMatches;
    report.signatureVerifies = ts.signatureVerifies;
    report.signerTrusted = ts.trusted;
    report.timestamp = timestampInfo(ts);
    if (ts.problem) problems.push(ts.problem);
    if (ts.untrustedBecause) problems.push(ts.untrustedBecause);
    return { chain: { signerDer: null, certificates: [] }, checks: { failed: ts.failed, indeterminate: ts.indeterminate } };
  }
  const r = await readCmsSignature(cms, parts, trust, report.subFilter);
  problems.push(...r.problems);
  Object.assign(report, {
    digestMatches: r.digestMatches,
    signatureVerifies: r.signatureVerifies,
    signer: r.signer,
    isSealingCertificate: !!r.signerDer && sealing.has(sha256hex(r.signerDer)),
    signingCertificateAttribute: r.signingCertificateAttribute,
    timestamp: r.timestamp,
  });
  if (r.signingCertificateAttribute && !r.signingCertificateBound)
    problems.push("The signing-certificate attribute names another certificate than the signer's");
  return {
    chain: { signerDer: r.signerDer, certificates: r.certificates },
    checks: { failed: r.failed, indeterminate: r.indeterminate },
  };
}

function readDss(doc: PDFDocument, signerSha256: string | undefined): { report: DssReport; ref: PDFRef | null } | null {
  const ctx = doc.context;
  const raw = doc.catalog.get(PDFName.of("DSS"));
  const dss = ctx.lookup(raw);
  if (!(dss instanceof PDFDict)) return null;
  const list = (key: string) => {
    const a = ctx.lookup(dss.get(PDFName.of(key)));
    return a instanceof PDFArray ? a.asArray() : [];
  };
  const certs = list("Certs");
  let includesSigner = false;
  for (const c of certs.slice(0, MAX_DSS_CERTS)) {
    const s = ctx.lookup(c);
    if (!(s instanceof PDFRawStream) || !signerSha256) continue;
    try {
      if (sha256hex(decodePDFRawStream(s).decode()) === signerSha256) includesSigner = true;
    } catch (e) {
      if (e instanceof PdfError) throw e; // the decode budget
    }
  }
  return {
    report: { certificates: certs.length, ocsps: list("OCSPs").length, crls: list("CRLs").length, includesSigner },
    ref: raw instanceof PDFRef ? raw : null,
  };
}

/**
 * Where the object in force for `ref` is written, as the file's cross-reference says: its offset, or
 * that of the object stream that holds it.
 */
function definedAt(chain: XrefChain, ref: PDFRef): number | undefined {
  const e = chain.table.get(ref.objectNumber);
  if (e?.kind === "offset") return e.offset;
  if (e?.kind !== "compressed") return undefined;
  const container = chain.table.get(e.stream);
  return container?.kind === "offset" ? container.offset : undefined;
}

/**
 * The fingerprints of the server's sealing certificates, and the trust list: the certificates the
 * caller trusts, the sealing certificates and the CA certificates the sealing PKCS#12 holds.
 */
function ownCertificates(opts: VerifyOptions): { sealing: Set<string>; trust: TrustList } {
  const sealingDers = [...(opts.sealingCertificates ?? [])];
  const chain: Uint8Array[] = [];
  if (opts.sealingP12) {
    try {
      const identity = loadIdentity(opts.sealingP12.p12, opts.sealingP12.password);
      sealingDers.push(identity.chain[0]);
      chain.push(...identity.chain);
    } catch {
      // The server's own certificate unreadable: nothing is then "ours" (the seal job reports it).
    }
  }
  return {
    sealing: new Set(sealingDers.map(sha256hex)),
    trust: new TrustList([...(opts.trustedCertificates ?? []), ...sealingDers, ...chain]),
  };
}

/**
 * Whether each signature's certificate chains to the trust list, checked at the time of the earliest
 * trusted time-stamp over it (its own, or a document time-stamp written after it), else now: a
 * trusted time-stamp proves the signature existed while the certificate was valid.
 */
async function judgeSigners(
  signatures: SignatureReport[],
  chains: Map<SignatureReport, SignerChain>,
  trust: TrustList,
): Promise<void> {
  for (const s of signatures) {
    const chain = chains.get(s);
    if (s.kind !== "signature" || !chain?.signerDer) continue;
    const range = fourNumbers(s.byteRange);
    const end = range ? range[2] + range[3] : Infinity;
    const times = [
      ...(s.timestamp?.trusted ? [s.timestamp.genTime] : []),
      ...signatures
        .filter(
          (t) =>
            t.kind === "document-timestamp" && t.byteRangeValid && t.timestamp?.trusted && (t.byteRange[1] ?? -Infinity) >= end,
        )
        .map((t) => t.timestamp!.genTime),
    ].map((iso) => new Date(iso).getTime());
    const at = times.length ? new Date(Math.min(...times)) : new Date();
    const check = await checkChain(chain.signerDer, chain.certificates, trust, at, "signing");
    s.signerTrusted = check.trusted;
    if (!check.trusted)
      s.problems.push(
        `The signer's certificate is not one this service trusts: ${check.problem ?? "no path to a trusted certificate"}`,
      );
  }
}

/** Reads and checks every signature of `bytes`. Throws PdfError for bytes that are not a readable PDF. */
export function verifyPdf(bytes: Uint8Array, opts: VerifyOptions = {}): Promise<PdfVerification> {
  return withBudget(async () => {
    const opened = await openPdf(bytes);
    const { doc } = opened;
    const { sealing, trust } = ownCertificates(opts);
    const { found, context } = await findSignatures(bytes, doc);
    const signatures: SignatureReport[] = [];
    const chains = new Map<SignatureReport, SignerChain>();
    const dicts = new Map<SignatureReport, PDFDict>();
    for (const f of found) {
      const report = await readSignature(bytes, f, context, sealing, trust, chains);
      signatures.push(report);
      // A later signature is recognised by its value in the file as read now (not an earlier revision's reading).
      if (context === doc.context) dicts.set(report, f.dict);
    }
    const endOf = (s: SignatureReport) => {
      const r = fourNumbers(s.byteRange);
      return r ? r[2] + r[3] : 0;
    };
    signatures.sort((a, b) => endOf(a) - endOf(b));
    signatures.forEach((s, i) => (s.index = i + 1));
    await judgeSigners(signatures, chains, trust);

    const real = signatures.filter((s) => s.kind === "signature");
    const seal = real.filter((s) => s.isSealingCertificate).at(-1) ?? real.at(-1) ?? null;
    const dssRead = readDss(doc, seal?.signer?.sha256);
    let modifications: string[] = [];
    // What follows each signature, judged as what follows a seal; a signature whose byte range is
    // unusable has no "after" (it is judged on its own). The second judge (poppler, which draws every
    // page twice) runs where the first finds nothing, and for at most POPPLER_JUDGED signatures.
    // After any signature but the seal, a later signature of the file (one whose byte range is
    // well-formed and leaves out its own /Contents) is signing again, not a modification; poppler then
    // compares from the last such signature on, since its appearance is drawn on the page and the first
    // judge has judged what came before.
    let popplerRuns = 0;
    for (const s of signatures) {
      if (!s.byteRangeValid) continue;
      const later = new Map<PDFDict, number>();
      if (s !== seal)
        for (const t of signatures) {
          const dict = dicts.get(t);
          if (t.kind === "signature" && t.byteRangeValid && dict && endOf(t) > endOf(s)) later.set(dict, endOf(t));
        }
      const judged = await judgeAfter(bytes, endOf(s), doc, later);
      let after = judged.problems;
      const signedLater = signatures.filter((t) => judged.signedLater.some((d) => dicts.get(t) === d));
      s.laterSignatures = signedLater.map((t) => t.index);
      if (!after.length && (s === seal || popplerRuns < POPPLER_JUDGED)) {
        if (s !== seal) popplerRuns++;
        after = await popplerDisagreements(bytes, Math.max(endOf(s), ...signedLater.map(endOf)));
      }
      // The judges speak of "the seal"; after any other signature, and on a file this service did not
      // seal, they mean this signature.
      s.modificationsAfter =
        s === seal && s.isSealingCertificate
          ? after
          : after.map((p) =>
              p.replaceAll("after the seal", "after this signature").replaceAll("the seal signed", "this signature signed"),
            );
    }
    if (seal) {
      modifications = seal.modificationsAfter ?? [];
      seal.level = padesLevel(seal, signatures, dssRead, opened.chain);
    }
    for (const s of real) if (s !== seal) s.level = padesLevel(s, signatures, null, opened.chain);
    const result: PdfVerification = {
      sha256: sha256hex(bytes),
      size: bytes.length,
      signed: signatures.length > 0,
      signatures,
      seal: seal?.index ?? null,
      dss: dssRead?.report ?? null,
      modifications,
      attachments: embeddedFiles(doc),
      verdict: "NOT_SEALED_BY_SERVICE",
      reasons: [],
    };
    return { ...result, ...decideVerdict(result, { onRecord: false }) };
  });
}

function padesLevel(
  s: SignatureReport,
  all: SignatureReport[],
  dss: { report: DssReport; ref: PDFRef | null } | null,
  chain: XrefChain | undefined,
): PadesLevel | null {
  if (s.subFilter !== "ETSI.CAdES.detached" || !s.signingCertificateAttribute) return null;
  const range = fourNumbers(s.byteRange);
  const end = range ? range[2] + range[3] : Infinity;
  // Where a document time-stamp's /Contents starts (its byte range is valid: four numbers).
  const gapStart = (t: SignatureReport) => t.byteRange[1] ?? -Infinity;
  // Document time-stamps over this signature's whole revision, whose own checks pass and whose
  // authority chains to the trust list: an untrusted time-stamp raises no level.
  const later = all.filter(
    (t) =>
      t.kind === "document-timestamp" &&
      t.byteRangeValid &&
      t.digestMatches &&
      t.signatureVerifies &&
      !!t.timestamp?.trusted &&
      gapStart(t) >= end,
  );
  if (!((s.timestamp?.verified && s.timestamp.trusted) || later.length)) return "B-B";
  if (!dss || dss.report.certificates === 0) return "B-T";
  // B-LTA: a document time-stamp covers the DSS (is written after it).
  if (later.length) {
    const at = dss.ref && chain ? definedAt(chain, dss.ref) : undefined;
    if (at !== undefined && at >= end && later.some((t) => gapStart(t) > at)) return "B-LTA";
  }
  return "B-LT";
}
