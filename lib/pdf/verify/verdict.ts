/**
 * The verdict over a verification report: a module of its own, with no PDF library in it, so the server's
 * main thread (which reads a stored report back) imports it without loading the engine's parsers.
 */
import type { TimestampInfo } from "./cms";
import type { PdfVerification, SignatureReport } from "./index";

export type Verdict = "VALID" | "ALTERED" | "NOT_SEALED_BY_SERVICE";

export const VERDICT_TEXT: Record<Verdict, string> = {
  VALID: "Valid — sealed by this service, unmodified since",
  ALTERED: "Altered after sealing",
  NOT_SEALED_BY_SERVICE: "Not sealed by this service",
};

/**
 * The verdict. `onRecord`: the file (or the revision its seal signed) is a sealed document the server
 * stored, so it was sealed here even if the sealing certificate has changed since.
 * - no signature, or none by a sealing certificate (and not on record): NOT_SEALED_BY_SERVICE;
 * - the seal's byte range, digest or signature fails, or something other than a DSS / document
 *   time-stamp update follows it, or such a time-stamp fails its own checks: ALTERED;
 * - else VALID. A time-stamp that verifies but whose authority is not trusted changes no verdict
 *   (adding a document time-stamp is an honest update); the reasons then say its time is not vouched for.
 */
export function decideVerdict(
  v: Pick<PdfVerification, "signatures" | "seal" | "modifications">,
  { onRecord }: { onRecord: boolean },
): { verdict: Verdict; reasons: string[] } {
  const seal = v.signatures.find((s) => s.index === v.seal);
  if (!v.signatures.length) return { verdict: "NOT_SEALED_BY_SERVICE", reasons: ["The file carries no signature"] };
  if (!seal)
    return {
      verdict: "NOT_SEALED_BY_SERVICE",
      reasons: ["The file carries only document time-stamps, no signature", ...signatureFindings(v.signatures)],
    };
  if (!seal.isSealingCertificate && !onRecord) {
    const who = seal.signer ? `by ${seal.signer.subject}` : "by a certificate that cannot be read";
    return {
      verdict: "NOT_SEALED_BY_SERVICE",
      reasons: [`The file is signed ${who}, not with this service's sealing certificate`, ...signatureFindings(v.signatures)],
    };
  }
  const reasons: string[] = [];
  if (seal.outcome === "FAILED") {
    if (!seal.byteRangeValid) reasons.push(...seal.problems.filter((p) => p.includes("/ByteRange")));
    if (!seal.digestMatches) reasons.push("The signed bytes were changed: their digest differs from the one sealed");
    if (!seal.signatureVerifies) reasons.push("The seal's signature does not verify with its certificate");
  }
  reasons.push(...v.modifications);
  for (const t of v.signatures) {
    if (t.kind === "document-timestamp" && t.index > seal.index && t.outcome === "FAILED") {
      reasons.push(`The document time-stamp ${t.index} does not verify`);
    }
  }
  if (reasons.length) return { verdict: "ALTERED", reasons };
  if (seal.outcome !== "PASSED") {
    // Not shown to be broken, and not shown to be this service's: its signature could not be checked.
    const why = seal.indeterminate?.detail ?? "its checks did not all run";
    return {
      verdict: "NOT_SEALED_BY_SERVICE",
      reasons: [`The seal's signature could not be checked (${why}), so the file is not shown to be sealed by this service`],
    };
  }
  return {
    verdict: "VALID",
    reasons: [
      seal.coversWholeFile
        ? "The seal covers the whole file"
        : "The seal covers the whole file as sealed; what follows is validation data (DSS) or a document time-stamp",
      ...untrustedTimestamps(v.signatures, seal),
      ...v.signatures
        .filter((t) => t.kind === "document-timestamp" && t.index > seal.index && t.outcome === "INDETERMINATE")
        .map(
          (t) =>
            `Document time-stamp ${t.index} could not be checked (${t.indeterminate?.detail ?? "unknown"}); its time is not vouched for`,
        ),
    ],
  };
}

const nth = (s: SignatureReport) =>
  `${s.kind === "signature" ? "Signature" : "Document time-stamp"} ${s.index}${s.signer ? ` (${s.signer.subject})` : ""}`;

/**
 * For a file not sealed here: what each signature's own checks found, and what was changed after it,
 * so that a broken, uncheckable or since-changed signature is named even though no verdict is given.
 */
function signatureFindings(signatures: SignatureReport[]): string[] {
  const out: string[] = [];
  for (const s of signatures) {
    if (s.outcome === "FAILED") out.push(`${nth(s)} does not verify: ${s.failed?.detail ?? "a check failed"}`);
    else if (s.outcome === "INDETERMINATE")
      out.push(`${nth(s)} could not be checked: ${s.indeterminate?.detail ?? "a check could not run"}`);
    const after = s.modificationsAfter ?? [];
    if (after.length) {
      const more = after.length > 3 ? ` (and ${after.length - 3} more)` : "";
      out.push(
        `The file was changed after ${nth(s).replace(/^\w/, (c) => c.toLowerCase())} was made: ${after.slice(0, 3).join("; ")}${more}`,
      );
    }
  }
  return out;
}

/** A sentence for each time-stamp of the seal that verifies but whose authority is not trusted. */
function untrustedTimestamps(signatures: SignatureReport[], seal: SignatureReport): string[] {
  const untrusted = (t: TimestampInfo | null) => !!t && t.verified && !t.trusted;
  const who = (t: TimestampInfo) => (t.tsa ? ` (${t.tsa})` : "");
  const out: string[] = [];
  if (seal.timestamp && untrusted(seal.timestamp))
    out.push(
      `The seal has a time-stamp${who(seal.timestamp)}, but its authority is not one this service trusts; its time is not vouched for`,
    );
  for (const t of signatures)
    if (t.kind === "document-timestamp" && t.index > seal.index && t.timestamp && untrusted(t.timestamp))
      out.push(
        `Document time-stamp ${t.index} is present${who(t.timestamp)}, but its authority is not one this service trusts; its time is not vouched for`,
      );
  return out;
}
