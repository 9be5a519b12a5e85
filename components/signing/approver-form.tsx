"use client";

import { useRef, useState, type ReactNode } from "react";
import { callSigning, isStale } from "./api";
import { useFailureMessage } from "./api-message";
import { DeclineDialog, useDecline } from "./decline-dialog";
import type { ResponseData } from "@/lib/client/types";
import type { RecipientPageProps, SigningView } from "./types";
import { FinishSection } from "./finish-section";
import { useLocale, useSigningT } from "./intl";
import { SenderMessage } from "./sender-message";
import { LanguageSwitcher } from "./language-switcher";
import { usePageWidth } from "./page-images";
import { DocumentPages, shownDocuments } from "./document-pages";
import { EarlierValueBox } from "./earlier-values";
import { earlierOnPage } from "./earlier-names";

const CONSENT_ID = "signet-approve-consent";

/** What POST /api/sign/{token}/approve returns. */
export type ApproveResult = ResponseData<"approveSigning">;

/** The document's pages with what the recipients who signed put on them, under a header with the title and what is asked. */
function ReadingPage({
  token,
  view,
  subtitle,
  children,
}: {
  token: string;
  view: SigningView;
  subtitle: string;
  children?: ReactNode;
}) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const width = usePageWidth(pagesRef);
  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-3 py-2 sm:px-4">
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold sm:text-lg">{view.request.title}</h1>
            <p className="truncate text-xs text-slate-500 sm:text-sm">{subtitle}</p>
          </div>
          <LanguageSwitcher className="shrink-0" />
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-2 py-4 sm:px-4">
        <SenderMessage message={view.message} />
        {children}
        <div ref={pagesRef} className="w-full">
          {width > 0 ? (
            <DocumentPages
              docs={shownDocuments(token, view)}
              width={width}
              // What the recipients who signed put on the pages, read-only: an approver or a viewer reads them too.
              overlay={(doc, page, scale) =>
                earlierOnPage(view.signedValues, doc.id, page).map((v) => (
                  <EarlierValueBox key={v.id} token={token} value={v} scale={scale} />
                ))
              }
            />
          ) : null}
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
  onDelegated,
}: RecipientPageProps & { onApproved: (r: ApproveResult) => void }) {
  const t = useSigningT();
  const locale = useLocale();
  const failureMessage = useFailureMessage();
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const declining = useDecline(token, { declined: onDeclined, stale: onStale });

  const approve = async () => {
    setError(null);
    if (!consent) return setError(t("approver.consentRequired"));
    setBusy(true);
    const res = await callSigning<ApproveResult>(token, "/approve", { consent: true, locale });
    setBusy(false);
    if (res.ok) return onApproved(res.data);
    // 401: the signer session ended (the app asks for the code again); 409/410: the state moved on.
    if (isStale(res.error)) return onStale(res.error);
    setError(failureMessage(res.error));
  };

  return (
    <>
      <ReadingPage token={token} view={view} subtitle={t("approver.approvingAs", { name: view.recipient.name })}>
        <p className="mb-3 text-sm text-slate-600">{t("approver.intro")}</p>
      </ReadingPage>
      <div className="mb-8">
        <FinishSection
          headingId="signet-approve"
          heading={t("approver.heading")}
          consentId={CONSENT_ID}
          consentLabel={t("approver.consent")}
          note={t("approver.note")}
          consent={consent}
          onConsent={setConsent}
          error={error}
          busy={busy}
          action={{
            label: t("approver.approve"),
            busyLabel: t("approver.approving"),
            tone: "emerald",
            run: () => void approve(),
          }}
          onDecline={() => declining.setOpen(true)}
          delegate={view.recipient.canDelegate && onDelegated ? { token, onDelegated, onStale } : undefined}
        />
      </div>
      <DeclineDialog
        open={declining.open}
        onClose={() => declining.setOpen(false)}
        onDecline={declining.decline}
        declining="approve"
        othersTold={view.declineTells}
      />
    </>
  );
}

/** A viewer's page once opened: their turn is done (recorded as they opened it); the document to read. */
export function ViewerDocument({ token, view }: { token: string; view: SigningView }) {
  const t = useSigningT();
  const done = view.request.status === "COMPLETED" || view.everyoneSigned;
  return (
    <ReadingPage token={token} view={view} subtitle={t("viewer.viewingAs", { name: view.recipient.name })}>
      <p role="status" className="mb-3 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {t("viewer.text")}{" "}
        {done ? t("viewer.done", { documents: view.documents.length }) : t("done.later", { documents: view.documents.length })}
      </p>
    </ReadingPage>
  );
}
