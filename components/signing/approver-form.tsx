"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { callSigning, signingPath, type ApiFailure } from "./api";
import { DeclineDialog } from "./decline-dialog";
import type { SigningView } from "./types";

const PdfPages = dynamic(() => import("./pdf-pages"), {
  ssr: false,
  loading: () => <p className="py-16 text-center text-sm text-slate-500">Loading the document viewer…</p>,
});

/** Pages are never drawn wider than this, however wide the screen (as on the signer's page). */
const MAX_PAGE_WIDTH = 900;
const CONSENT_ID = "signet-approve-consent";
const noOverlay = () => null;

/** What POST /api/sign/{token}/approve returns. */
export interface ApproveResult {
  requestId: string;
  status: "APPROVED";
  completed: boolean;
}

/** The document's pages, no fields on them, under a header with the title and what is asked. */
function DocumentPages({ token, view, subtitle, children }: { token: string; view: SigningView; subtitle: string; children?: ReactNode }) {
  const [width, setWidth] = useState(0);
  const pagesRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = pagesRef.current!;
    const measure = () => setWidth(Math.min(Math.floor(el.clientWidth), MAX_PAGE_WIDTH));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto max-w-5xl px-3 py-2 sm:px-4">
          <h1 className="truncate text-base font-semibold sm:text-lg">{view.request.title}</h1>
          <p className="truncate text-xs text-slate-500 sm:text-sm">{subtitle}</p>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-2 py-4 sm:px-4">
        {children}
        <div ref={pagesRef} className="w-full">
          {width > 0 ? <PdfPages file={signingPath(token, "/document")} pages={view.document.pages} width={width} overlay={noOverlay} /> : null}
        </div>
      </main>
    </>
  );
}

/**
 * An approver's page: the document, then Approve (with consent) or Decline (with a reason, as a
 * signer declines). Approving advances the order exactly as a signature does.
 */
export function ApproverForm({
  token,
  view,
  onApproved,
  onDeclined,
  onStale,
}: {
  token: string;
  view: SigningView;
  onApproved: (r: ApproveResult) => void;
  onDeclined: () => void;
  onStale: (e: ApiFailure) => void;
}) {
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);

  const approve = async () => {
    setError(null);
    if (!consent) return setError("Tick the box to agree to approve electronically.");
    setBusy(true);
    const res = await callSigning<ApproveResult>(token, "/approve", { consent: true });
    setBusy(false);
    if (res.ok) return onApproved(res.data);
    // 401: the signer session ended (the app asks for the code again); 409/410: the state moved on.
    if (res.error.status === 401 || res.error.status === 409 || res.error.status === 410) return onStale(res.error);
    setError(res.error.errors?.[0]?.message ?? res.error.message);
  };

  const decline = async (reason: string): Promise<string | null> => {
    const res = await callSigning<unknown>(token, "/decline", { reason });
    if (res.ok) {
      setDeclineOpen(false);
      onDeclined();
      return null;
    }
    if (res.error.status === 401 || res.error.status === 409 || res.error.status === 410) {
      setDeclineOpen(false);
      onStale(res.error);
      return null;
    }
    return res.error.errors?.[0]?.message ?? res.error.message;
  };

  return (
    <>
      <DocumentPages token={token} view={view} subtitle={`Approving as ${view.recipient.name}`}>
        <p className="mb-3 text-sm text-slate-600">Read the document, then approve or decline it at the end. There is nothing to fill in.</p>
      </DocumentPages>
      <section aria-labelledby="signet-approve" className="mx-auto mb-8 max-w-[900px] rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <h2 id="signet-approve" className="text-base font-semibold">
          Your decision
        </h2>
        <div className="mt-3 flex items-start gap-3">
          <input
            id={CONSENT_ID}
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            required
            className="mt-0.5 h-5 w-5 shrink-0 accent-sky-700"
          />
          <label htmlFor={CONSENT_ID} className="text-sm">
            I agree to approve this document electronically
          </label>
        </div>
        <p className="mt-1 pl-8 text-xs text-slate-500">The time, your IP address and your browser are recorded with your approval.</p>
        {error ? (
          <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-4 flex flex-col gap-2 sm:flex-row-reverse sm:items-center sm:justify-between">
          <button
            type="button"
            onClick={() => void approve()}
            disabled={!consent || busy}
            className="rounded-md bg-emerald-700 px-6 py-2.5 text-base font-semibold text-white hover:bg-emerald-800 disabled:cursor-not-allowed disabled:bg-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600"
          >
            {busy ? "Approving…" : "Approve"}
          </button>
          <button
            type="button"
            onClick={() => setDeclineOpen(true)}
            className="rounded-md px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            Decline
          </button>
        </div>
      </section>
      <DeclineDialog open={declineOpen} onClose={() => setDeclineOpen(false)} onDecline={decline} />
    </>
  );
}

/** A viewer's page once opened: their turn is done (recorded as they opened it); the document to read. */
export function ViewerDocument({ token, view }: { token: string; view: SigningView }) {
  const done = view.request.status === "COMPLETED" || view.everyoneSigned;
  return (
    <DocumentPages token={token} view={view} subtitle={`Viewing as ${view.recipient.name}`}>
      <p role="status" className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        You were asked to review this document; there is nothing to sign. Your viewing is recorded.{" "}
        {done ? "Everyone has finished; the signed PDF will be e-mailed to you." : "You will receive the signed PDF by e-mail once everyone has signed."}
      </p>
    </DocumentPages>
  );
}
