"use client";

import { useState, type FormEvent } from "react";
import type { Verification } from "@/lib/schemas/verify";

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

/** "2026-11-22 10:00:05 UTC": the same text on every machine. */
const when = (iso: string | null | undefined) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : "—");

async function send(file: File): Promise<State> {
  const body = new FormData();
  body.append("file", file);
  let res: Response;
  try {
    res = await fetch("/api/v1/verify", { method: "POST", body, credentials: "omit", cache: "no-store" });
  } catch {
    return { kind: "error", message: "The server could not be reached. Check your connection and try again." };
  }
  let parsed: { message?: unknown; data?: unknown } | null = null;
  try {
    parsed = await res.json();
  } catch {
    // A proxy's HTML error page: a generic message below.
  }
  if (res.ok && parsed?.data) return { kind: "done", result: parsed.data as Verification, fileName: file.name };
  const message =
    typeof parsed?.message === "string" ? parsed.message : `The server answered ${res.status}. Try again in a moment.`;
  return { kind: "error", message };
}

export function VerifyApp() {
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setState({ kind: "busy" });
    setState(await send(file));
  }

  return (
    <div className="mt-6 space-y-6">
      <form onSubmit={onSubmit} className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <label htmlFor="verify-file" className="block text-sm font-medium text-slate-800">
          PDF file
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
          {state.kind === "busy" ? "Checking…" : "Verify"}
        </button>
      </form>

      {state.kind === "busy" && (
        <p role="status" className="text-sm text-slate-500">
          Checking the document…
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

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="break-all text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Result({ result, fileName }: { result: Verification; fileName: string }) {
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
        <ul aria-label="Why" className="mt-4 list-disc space-y-1 pl-6 text-sm text-slate-800">
          {result.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}

      {result.document && (
        <div className="mt-6 rounded-lg bg-white p-4 ring-1 ring-slate-200">
          <h3 className="text-base font-semibold text-slate-900">{result.document.title}</h3>
          {result.document.sandbox && (
            <p className="mt-1 text-sm font-semibold text-amber-800">Sandbox – not a valid legal signature</p>
          )}
          <p className="mt-1 text-sm text-slate-600">Completed {when(result.document.completedAt)}</p>
          <h4 className="mt-3 text-sm font-medium text-slate-700">Signers</h4>
          <ul aria-label="Signers" className="mt-1 space-y-1 text-sm text-slate-900">
            {result.document.signers.map((s, i) => (
              <li key={i}>
                <span className="font-medium">{s.name}</span> <span className="text-slate-500">({s.email})</span> — signed{" "}
                {when(s.signedAt)}
              </li>
            ))}
          </ul>
        </div>
      )}

      <dl className="mt-6 divide-y divide-slate-200 rounded-lg bg-white px-4 ring-1 ring-slate-200">
        <Row label="Signed">
          {result.signed ? `Yes (${result.signatures.length} signature${result.signatures.length === 1 ? "" : "s"})` : "No"}
        </Row>
        {seal && (
          <>
            <Row label="Signer certificate">{seal.signer?.subject ?? "—"}</Row>
            <Row label="Certificate SHA-256">
              <span className="font-mono text-xs">{seal.signer?.sha256 ?? "—"}</span>
            </Row>
            <Row label="This service's sealing certificate">{seal.isSealingCertificate ? "Yes" : "No"}</Row>
            <Row label="Byte range">
              {seal.coversWholeFile
                ? "Covers the whole file"
                : seal.byteRangeValid
                  ? `Covers the file up to ${seal.bytesAfter} bytes before its end`
                  : "Malformed"}
            </Row>
            <Row label="Digest">
              {seal.digestMatches ? "Matches the signed bytes" : "Does not match: the signed bytes were changed"}
            </Row>
            <Row label="Signature">{seal.signatureVerifies ? "Verifies with the signer certificate" : "Does not verify"}</Row>
            <Row label="PAdES level">{result.level ?? "Not PAdES"}</Row>
            <Row label="Time-stamp">
              {result.timestamp
                ? `${when(result.timestamp.genTime)} by ${result.timestamp.tsa ?? "an unnamed authority"}${result.timestamp.verified ? "" : " (does not verify)"}`
                : "None"}
            </Row>
          </>
        )}
        {result.dss && (
          <Row label="Validation data (DSS)">{`${result.dss.certificates} certificates, ${result.dss.ocsps} OCSP responses, ${result.dss.crls} CRLs`}</Row>
        )}
        {result.signatures
          .filter((s) => s.kind === "document-timestamp")
          .map((s) => (
            <Row key={s.index} label={`Document time-stamp ${s.index}`}>
              {`${when(s.timestamp?.genTime)} by ${s.timestamp?.tsa ?? "an unnamed authority"}: ${s.digestMatches && s.signatureVerifies ? "verifies" : "does not verify"}`}
            </Row>
          ))}
        <Row label="File SHA-256">
          <span className="font-mono text-xs">{result.file.sha256}</span>
        </Row>
      </dl>
    </section>
  );
}
