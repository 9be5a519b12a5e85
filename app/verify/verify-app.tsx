"use client";

import { useState, type FormEvent } from "react";
import { useLocale } from "use-intl";
import type { Verification } from "@/lib/schemas/verify";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { errorWords } from "@/lib/client/error-words";

type T = ReturnType<typeof useDashboardT>;

type State =
  | { kind: "idle" }
  | { kind: "busy" }
  | { kind: "done"; result: Verification; fileName: string }
  | { kind: "error"; message: string };

const tones = {
  VALID: { box: "border-emerald-200 bg-emerald-50", text: "text-emerald-800", glyph: "✓" },
  ALTERED: { box: "border-red-200 bg-red-50", text: "text-red-800", glyph: "!" },
  NOT_SEALED_BY_SERVICE: { box: "border-amber-200 bg-amber-50", text: "text-amber-900", glyph: "?" },
} as const;

/**
 * A moment in the reader's own time zone, with the zone named: "Nov 22, 2026, 11:00:05 AM GMT+1". The
 * result is drawn in the browser only (after an upload), so the server's zone never decides it.
 */
const inZone = (iso: string | null | undefined, locale?: string) =>
  iso
    ? new Intl.DateTimeFormat(locale, {
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        second: "2-digit",
        timeZoneName: "short",
      }).format(new Date(iso))
    : "—";

async function send(file: File, t: T): Promise<State> {
  const body = new FormData();
  body.append("file", file);
  let res: Response;
  try {
    res = await fetch("/api/v1/verify", { method: "POST", body, credentials: "omit", cache: "no-store" });
  } catch {
    return { kind: "error", message: t("verify.form.unreachable") };
  }
  let parsed: { message?: unknown; data?: unknown; errorCode?: unknown } | null = null;
  try {
    parsed = await res.json();
  } catch {
    // A proxy's HTML error page: a generic message below.
  }
  if (res.ok && parsed?.data) return { kind: "done", result: parsed.data as Verification, fileName: file.name };
  const coded = errorWords().coded(typeof parsed?.errorCode === "string" ? parsed.errorCode : null);
  const message =
    coded ?? (typeof parsed?.message === "string" ? parsed.message : t("verify.form.serverAnswered", { status: res.status }));
  return { kind: "error", message };
}

export function VerifyApp() {
  const t = useDashboardT();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setState({ kind: "busy" });
    setState(await send(file, t));
  }

  return (
    <div className="mt-6 space-y-6">
      <form onSubmit={onSubmit} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <label htmlFor="verify-file" className="block text-sm font-medium text-slate-800">
          {t("verify.form.file")}
        </label>
        <input
          id="verify-file"
          name="file"
          type="file"
          accept="application/pdf,.pdf"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setState({ kind: "idle" });
          }}
          className="mt-2 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
        />
        <button
          type="submit"
          disabled={!file || state.kind === "busy"}
          className="mt-4 inline-flex items-center justify-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:cursor-not-allowed disabled:bg-indigo-300"
        >
          {state.kind === "busy" ? t("verify.form.submitting") : t("verify.form.submit")}
        </button>
      </form>

      {state.kind === "busy" && (
        <p role="status" className="text-sm text-slate-500">
          {t("verify.form.busy")}
        </p>
      )}
      {state.kind === "error" && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {state.message}
        </div>
      )}
      {state.kind === "done" && <Result result={state.result} fileName={state.fileName} />}
    </div>
  );
}

/**
 * The seal's time-stamp in words: by whom only when it verifies and its authority chains to one this
 * service trusts; a name in a certificate vouches for nothing.
 */
const timestampKey = (ts: NonNullable<Verification["timestamp"]>) =>
  !ts.verified
    ? "verify.result.timestampByNotVerified"
    : ts.trusted
      ? "verify.result.timestampBy"
      : "verify.result.timestampNotTrusted";

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="break-all text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Result({ result, fileName }: { result: Verification; fileName: string }) {
  const t = useDashboardT();
  const locale = useLocale();
  const when = (iso: string | null | undefined) => inZone(iso, locale);
  const tone = tones[result.verdict];
  const seal =
    result.signatures.find((s) => s.kind === "signature" && s.isSealingCertificate) ??
    result.signatures.find((s) => s.kind === "signature");
  return (
    <section aria-labelledby="verify-verdict" data-verdict={result.verdict} className={`rounded-xl border p-6 ${tone.box}`}>
      <div className="flex items-start gap-3">
        <span
          aria-hidden
          className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white text-xl font-bold ${tone.text}`}
        >
          {tone.glyph}
        </span>
        <div>
          <h2 id="verify-verdict" className={`text-xl font-semibold ${tone.text}`}>
            {result.summary}
          </h2>
          <p className="mt-1 break-all text-sm text-slate-600">{fileName}</p>
        </div>
      </div>
      {result.reasons.length > 0 && (
        <ul aria-label={t("verify.result.why")} className="mt-4 list-disc space-y-1 pl-6 text-sm text-slate-800">
          {result.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}

      {result.document && (
        <div className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h3 className="text-base font-semibold text-slate-900">{result.document.title}</h3>
          {result.document.sandbox && <p className="mt-1 text-sm font-semibold text-amber-800">{t("verify.result.sandbox")}</p>}
          <p className="mt-1 text-sm text-slate-600">
            {t("verify.result.completed", { when: when(result.document.completedAt) })}
          </p>
          <h4 className="mt-3 text-sm font-medium text-slate-700">{t("verify.result.signers")}</h4>
          <ul aria-label={t("verify.result.signers")} className="mt-1 space-y-1 text-sm text-slate-900">
            {result.document.signers.map((s, i) => (
              <li key={i}>
                {t.rich("verify.result.signer", {
                  name: s.name,
                  email: s.email,
                  when: when(s.signedAt),
                  strong: (chunks) => <span className="font-medium">{chunks}</span>,
                  muted: (chunks) => <span className="text-slate-500">{chunks}</span>,
                })}
              </li>
            ))}
          </ul>
        </div>
      )}

      <dl className="mt-6 divide-y divide-slate-200 rounded-lg bg-white px-4 ring-1 ring-slate-200">
        <Row label={t("verify.result.signed")}>
          {result.signed ? t("verify.result.signedYes", { count: result.signatures.length }) : t("verify.result.no")}
        </Row>
        {seal && (
          <>
            <Row label={t("verify.result.signerCertificate")}>
              {seal.signer && !seal.signerTrusted
                ? t("verify.result.signerNotTrusted", { subject: seal.signer.subject })
                : (seal.signer?.subject ?? "—")}
            </Row>
            <Row label={t("verify.result.certificateSha256")}>
              <span className="font-mono text-xs">{seal.signer?.sha256 ?? "—"}</span>
            </Row>
            <Row label={t("verify.result.sealingCertificate")}>
              {seal.isSealingCertificate ? t("verify.result.yes") : t("verify.result.no")}
            </Row>
            <Row label={t("verify.result.byteRange")}>
              {seal.coversWholeFile
                ? t("verify.result.coversWholeFile")
                : seal.byteRangeValid
                  ? t("verify.result.coversUpTo", { bytes: seal.bytesAfter })
                  : t("verify.result.malformed")}
            </Row>
            <Row label={t("verify.result.digest")}>
              {seal.digestMatches
                ? t("verify.result.digestMatches")
                : seal.outcome === "INDETERMINATE"
                  ? t("verify.result.digestNotChecked")
                  : t("verify.result.digestChanged")}
            </Row>
            <Row label={t("verify.result.signature")}>
              {seal.signatureVerifies
                ? t("verify.result.signatureVerifies")
                : seal.outcome === "INDETERMINATE"
                  ? t("verify.result.signatureIndeterminate", { detail: seal.indeterminate?.detail ?? "" })
                  : t("verify.result.signatureFails")}
            </Row>
            <Row label={t("verify.result.padesLevel")}>{result.level ?? t("verify.result.notPades")}</Row>
            <Row label={t("verify.result.timestamp")}>
              {result.timestamp
                ? t(timestampKey(result.timestamp), {
                    when: when(result.timestamp.genTime),
                    tsa: result.timestamp.tsa ?? t("verify.result.unnamedAuthority"),
                  })
                : t("verify.result.none")}
            </Row>
          </>
        )}
        {result.dss && (
          <Row label={t("verify.result.dss")}>
            {t("verify.result.dssCounts", {
              certificates: result.dss.certificates,
              ocsps: result.dss.ocsps,
              crls: result.dss.crls,
            })}
          </Row>
        )}
        {result.signatures
          .filter((s) => s.kind === "document-timestamp")
          .map((s) => (
            <Row key={s.index} label={t("verify.result.documentTimestamp", { index: s.index })}>
              {s.outcome === "INDETERMINATE"
                ? t("verify.result.outcomeIndeterminate", { detail: s.indeterminate?.detail ?? "" })
                : t(
                    !(s.digestMatches && s.signatureVerifies)
                      ? "verify.result.documentTimestampFails"
                      : s.timestamp?.trusted
                        ? "verify.result.documentTimestampVerifies"
                        : "verify.result.documentTimestampNotTrusted",
                    { when: when(s.timestamp?.genTime), tsa: s.timestamp?.tsa ?? t("verify.result.unnamedAuthority") },
                  )}
            </Row>
          ))}
        <Row label={t("verify.result.fileSha256")}>
          <span className="font-mono text-xs">{result.file.sha256}</span>
        </Row>
      </dl>
      {result.signatures.length > 0 && <SignatureList signatures={result.signatures} />}
      {result.document && result.document.documents.length > 1 && <Siblings documents={result.document.documents} />}
      {result.attachments.length > 0 && <Attachments attachments={result.attachments} />}
    </section>
  );
}

/** A size in words: bytes below 1 KB, else KB or MB with one decimal where it helps. */
const sizeOf = (bytes: number, t: T) =>
  bytes < 1024
    ? t("verify.result.bytes", { count: bytes })
    : bytes < 1024 * 1024
      ? t("verify.result.kilobytes", { size: Math.round(bytes / 102.4) / 10 })
      : t("verify.result.megabytes", { size: Math.round(bytes / (1024 * 102.4)) / 10 });

/**
 * The request's documents, as the answer lists them: each sealed as its own PDF, this file marked. A
 * sibling's SHA-256 is what to compare another file with (verify it here to be sure it is intact).
 */
function Siblings({ documents }: { documents: NonNullable<Verification["document"]>["documents"] }) {
  const t = useDashboardT();
  return (
    <div className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 id="verify-documents" className="text-base font-semibold text-slate-900">
        {t("verify.result.documents", { count: documents.length })}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{t("verify.result.documentsIntro")}</p>
      <ol aria-labelledby="verify-documents" className="mt-2 space-y-2 text-sm">
        {documents.map((d) => (
          <li key={d.order} data-this-file={d.thisFile || undefined}>
            <p className="text-slate-900">
              {t.rich(d.thisFile ? "verify.result.documentThis" : "verify.result.documentOther", {
                n: d.order,
                name: d.name,
                strong: (chunks) => <span className="font-medium">{chunks}</span>,
              })}
            </p>
            <p className="break-all font-mono text-xs text-slate-600">
              {d.sealedSha256 ? t("verify.result.sealedSha256", { sha: d.sealedSha256 }) : t("verify.result.noSealedSha256")}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** The files embedded in the PDF (for this service's seal: what signers attached, kept under the seal). */
function Attachments({ attachments }: { attachments: Verification["attachments"] }) {
  const t = useDashboardT();
  return (
    <div className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 id="verify-attachments" className="text-base font-semibold text-slate-900">
        {t("verify.result.attachments", { count: attachments.length })}
      </h3>
      <ul aria-labelledby="verify-attachments" className="mt-2 space-y-2 text-sm">
        {attachments.map((a, i) => (
          <li key={i}>
            <p className="text-slate-900">
              <span className="break-all font-medium">{a.name}</span>{" "}
              <span className="text-slate-600">
                · {sizeOf(a.size, t)}
                {a.type ? ` · ${a.type}` : ""}
              </span>
            </p>
            {a.description && <p className="text-slate-600">{a.description}</p>}
            <p className="break-all font-mono text-xs text-slate-600">{t("verify.result.attachmentSha256", { sha: a.sha256 })}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

type VerifiedSignature = Verification["signatures"][number];

const outcomeTone: Record<VerifiedSignature["outcome"], string> = {
  PASSED: "text-emerald-800",
  FAILED: "text-red-800",
  INDETERMINATE: "text-amber-900",
};

/**
 * Every signature of the file, each with its own checks and what was changed after it: for a file this
 * service did not seal there is no verdict, and this is where a broken, uncheckable or since-changed
 * signature is named.
 */
function SignatureList({ signatures }: { signatures: VerifiedSignature[] }) {
  const t = useDashboardT();
  const outcomeText = (s: VerifiedSignature) =>
    s.outcome === "PASSED"
      ? t("verify.result.outcomePassed")
      : s.outcome === "FAILED"
        ? t("verify.result.outcomeFailed", { detail: s.failed?.detail ?? "" })
        : t("verify.result.outcomeIndeterminate", { detail: s.indeterminate?.detail ?? "" });
  return (
    <div className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 className="text-base font-semibold text-slate-900">{t("verify.result.signatures")}</h3>
      <ol aria-label={t("verify.result.signatures")} className="mt-2 space-y-3">
        {signatures.map((s) => (
          <li key={s.index} data-outcome={s.outcome} className="text-sm">
            <p className="font-medium text-slate-900">
              {t("verify.result.signatureItem", { kind: s.kind, index: s.index })}
              {s.signer && (
                <span className="font-normal text-slate-600">
                  {" "}
                  {t("verify.result.signatureBy", { subject: s.signer.subject })}
                </span>
              )}
            </p>
            <p className={outcomeTone[s.outcome]}>{outcomeText(s)}</p>
            {s.signer && !s.signerTrusted && <p className="text-slate-600">{t("verify.result.signerUntrusted")}</p>}
            {s.modificationsAfter === null ? (
              <p className="text-slate-600">{t("verify.result.changesUnknown")}</p>
            ) : s.modificationsAfter.length > 0 ? (
              <div className="mt-1 text-red-800">
                <p className="font-medium">{t("verify.result.changedAfter")}</p>
                <ul className="list-disc pl-6">
                  {s.modificationsAfter.map((m, i) => (
                    <li key={i}>{m}</li>
                  ))}
                </ul>
              </div>
            ) : s.laterSignatures.length > 0 ? (
              <p className="text-slate-600">
                {t("verify.result.signedAgainAfter", { later: s.laterSignatures.map((n) => `${n}`).join(", ") })}
              </p>
            ) : (
              <p className="text-slate-600">{t("verify.result.unchangedAfter")}</p>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
