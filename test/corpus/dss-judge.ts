/**
 * Compares Signet's report on one of the EU DSS library's test PDFs with what DSS's own JUnit tests conclude
 * about it (test/corpus/dss-expectations.json). Two rules:
 * - a miss: Signet calls a signature intact where DSS does not (broken, or built so that it cannot be checked),
 *   or names no change after a revision that DSS finds changed;
 * - a false alarm: Signet calls a signature broken or uncheckable where DSS finds it intact, or names a change
 *   after a revision that DSS finds unchanged, or refuses a file whose signatures DSS finds intact.
 * What the manifest leaves open (null, or "allowed" changes) is judged by neither rule.
 */
import type { PdfVerification, SignatureReport } from "@/lib/pdf/verify";

export type Integrity = "intact" | "broken" | "not-intact" | "indeterminate";
export type ModificationsAfter = "none" | "changed" | "allowed";

export interface ExpectedSignature {
  kind: SignatureReport["kind"];
  integrity: Integrity | null;
  modificationsAfter: ModificationsAfter | null;
}

export interface CorpusFile {
  /** Path under the corpus directory (DSS's dss-pades/src/test/resources/validation/). */
  file: string;
  sha256: string;
  dssTest: string;
  dssTestFile: string;
  asserts: string;
  signatures: ExpectedSignature[];
}

export interface Manifest {
  source: { repository: string; commit: string; directory: string };
  files: CorpusFile[];
}

export type Rule = "miss" | "false-alarm";
export type Aspect = "integrity" | "modifications" | "signatures" | "file";

export interface Difference {
  file: string;
  /** 1-based, in the order the signed byte ranges end; null for the file as a whole. */
  signature: number | null;
  rule: Rule;
  aspect: Aspect;
  signet: string;
  dss: string;
  /** Everything Signet named (every change after the revision), of which `signet` shows the first. */
  details: string[];
}

export interface KnownDifference {
  file: string;
  /** A signature, null for the file as a whole, or "all": every signature of the file where it occurs. */
  signature: number | null | "all";
  rule: Rule;
  aspect: Aspect;
  /** When given, the difference is this one only if Signet's words contain it (so another cause still fails). */
  match?: string;
  reason: string;
}

/** The per-signature fields the verifier may carry beyond SignatureReport's (read when present, never assumed). */
interface Outcomes {
  outcome?: unknown;
  failed?: unknown;
  indeterminate?: unknown;
  modificationsAfter?: unknown;
}

/** PASSED / FAILED / INDETERMINATE, whatever the case it is written in; undefined when the report has none. */
const outcomeOf = (s: SignatureReport) => {
  const o = (s as SignatureReport & Outcomes).outcome;
  return typeof o === "string" ? o.toUpperCase() : undefined;
};

/** A finding ({ reason, detail }) as one line. */
const findingText = (f: unknown) => {
  if (!f || typeof f !== "object") return null;
  const { reason, detail } = f as { reason?: unknown; detail?: unknown };
  return [reason, detail].filter((x) => typeof x === "string" && x).join(": ") || null;
};

type SignetIntegrity = "intact" | "broken" | "indeterminate";

/** Signet's word on a signature: intact only when every check passed and nothing says otherwise. */
export function signetIntegrity(s: SignatureReport): SignetIntegrity {
  const outcome = outcomeOf(s);
  if (outcome === "INDETERMINATE") return "indeterminate";
  const checks = s.byteRangeValid && s.digestMatches && s.signatureVerifies;
  return checks && (outcome === undefined || outcome === "PASSED") ? "intact" : "broken";
}

/**
 * What Signet names as changed after this signature's revision: its own list when the report has one per
 * signature; else the file's list when it is the seal; else nothing when nothing follows it. Null: unknown.
 */
export function signetModificationsAfter(v: PdfVerification, s: SignatureReport): string[] | null {
  const own = (s as SignatureReport & Outcomes).modificationsAfter;
  if (Array.isArray(own)) return own.map((m) => (typeof m === "string" ? m : JSON.stringify(m)));
  if (s.index === v.seal) return v.modifications;
  if (s.byteRangeValid && s.bytesAfter === 0) return [];
  return null;
}

function signetSays(s: SignatureReport): string {
  const { failed, indeterminate } = s as SignatureReport & Outcomes;
  const verdict = signetIntegrity(s);
  const finding = findingText(failed) ?? findingText(indeterminate);
  const why = [
    ...(finding ? [finding] : []),
    ...(s.byteRangeValid ? [] : ["byte range not valid"]),
    ...(s.digestMatches ? [] : ["digest does not match"]),
    ...(s.signatureVerifies ? [] : ["signature does not verify"]),
    ...s.problems.filter((p) => !/trust/i.test(p)).slice(0, 2),
  ];
  return why.length && verdict !== "intact" ? `${verdict} (${why.join("; ")})` : verdict;
}

const short = (list: string[]) => (list.length > 2 ? [...list.slice(0, 2), `… ${list.length - 2} more`] : list).join(" | ");

export interface Judgement {
  differences: Difference[];
  /** Per-signature judgements both sides made and agree on. */
  agreements: number;
  /** Per-signature judgements DSS made that Signet's report does not state (no per-signature modifications). */
  unjudged: number;
}

/** Compares one report (or the error Signet answered) with the manifest's entry. */
export function judge(entry: CorpusFile, result: PdfVerification | { error: string }): Judgement {
  const out: Judgement = { differences: [], agreements: 0, unjudged: 0 };
  const diff = (signature: number | null, rule: Rule, aspect: Aspect, signet: string, dss: string, details: string[] = []) =>
    out.differences.push({ file: entry.file, signature, rule, aspect, signet, dss, details });

  if ("error" in result) {
    if (entry.signatures.some((s) => s.integrity === "intact"))
      diff(null, "false-alarm", "file", `refused: ${result.error}`, "reads the file; a signature in it is intact");
    return out;
  }
  const got = result.signatures;
  const kinds = (list: { kind: string }[]) => list.map((s) => (s.kind === "signature" ? "S" : "T")).join("");
  if (kinds(got) !== kinds(entry.signatures)) {
    diff(null, "false-alarm", "signatures", `reads ${kinds(got) || "none"}`, `the manifest lists ${kinds(entry.signatures)}`);
    return out;
  }
  entry.signatures.forEach((want, i) => {
    const s = got[i]!;
    const n = i + 1;
    const integrity = signetIntegrity(s);
    if (want.integrity === "intact") {
      if (integrity === "intact") out.agreements++;
      else diff(n, "false-alarm", "integrity", signetSays(s), "intact");
    } else if (want.integrity !== null) {
      if (integrity === "intact") diff(n, "miss", "integrity", "intact", want.integrity);
      else out.agreements++;
    }
    if (want.modificationsAfter === "none" || want.modificationsAfter === "changed") {
      const named = signetModificationsAfter(result, s);
      if (named === null) out.unjudged++;
      else if (want.modificationsAfter === "none" && named.length)
        diff(n, "false-alarm", "modifications", `names changes after it: ${short(named)}`, "no change after it", named);
      else if (want.modificationsAfter === "changed" && !named.length)
        diff(n, "miss", "modifications", "names no change after it", "changed after it");
      else out.agreements++;
    }
  });
  return out;
}

const sameCase = (k: KnownDifference, d: Difference) =>
  k.file === d.file && (k.signature === "all" || k.signature === d.signature) && k.rule === d.rule && k.aspect === d.aspect;

/**
 * The listed differences that account for one found, or null when they do not: an entry without `match`
 * accounts for it whole; entries with `match` must between them account for every change Signet named
 * (so a second cause after the same signature is not hidden by the first one's entry).
 */
export function accountedBy(known: KnownDifference[], d: Difference): KnownDifference[] | null {
  const candidates = known.filter((k) => sameCase(k, d));
  const whole = candidates.find((k) => k.match === undefined);
  if (whole) return [whole];
  const lines = d.details.length ? d.details : [d.signet];
  const used = new Set<KnownDifference>();
  for (const line of lines) {
    const k = candidates.find((c) => line.includes(c.match!));
    if (!k) return null;
    used.add(k);
  }
  return [...used];
}
