"use client";

import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { callSigning, gateOf, type ApiFailure, type SignerGate } from "./api";
import { useApiMessage } from "./api-message";
import { useEmbedBridge } from "./embed-bridge";
import { ApproverForm, ViewerDocument, type ApproveResult } from "./approver-form";
import { formatDay, formatNames } from "./format";
import { useLocale, useSigningT } from "./intl";
import { CompletedScreen, DeclinedScreen, EndedScreen, InvalidLinkScreen } from "./link-screens";
import { SandboxBanner, Screen } from "./screens";
import { SignerGateScreen } from "./signer-gate";
import { SigningForm } from "./signing-form";
import { FirstPaint, type FirstPageInfo } from "./first-paint";
import { seedFirstPage } from "./page-images";
import type { SignResult, SigningView } from "./types";

type Phase =
  | { kind: "loading" }
  | { kind: "failed"; error: ApiFailure }
  /** The link asks for a code first: nothing of the document is loaded until it is given. */
  | { kind: "gate"; gate: SignerGate }
  /** `notice`: why the page was loaded again (the failure that made it stale). */
  | { kind: "view"; view: SigningView; notice?: ApiFailure }
  | { kind: "signed"; view: SigningView; result: SignResult }
  | { kind: "approved"; view: SigningView; result: ApproveResult }
  /** `othersTold`: how many recipients besides the sender the decline told. */
  | { kind: "declined"; view: SigningView; othersTold: number }
  /** Handed over: `to` was invited in this recipient's place; this link no longer works. */
  | { kind: "delegated"; view: SigningView; to: string };

/** What the link shows now: the document, the code gate, or why it cannot be loaded. */
async function fetchPhase(token: string, notice?: ApiFailure): Promise<Phase> {
  const res = await callSigning<SigningView>(token);
  if (res.ok) return { kind: "view", view: res.data, notice };
  const gate = gateOf(res.error);
  return gate ? { kind: "gate", gate } : { kind: "failed", error: res.error };
}

/**
 * The signer's page: loads what this link may see and shows the one screen that fits: the document
 * to sign, not-your-turn, already signed, ended, or an invalid link. Talks only to /api/sign/{token}.
 * `firstPage` (their turn, no code asked): what the HTML shows meanwhile, the title and page 1 (first-paint.tsx).
 */
export function SigningApp({ token, firstPage }: { token: string; firstPage?: FirstPageInfo }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const firstImage = useRef<HTMLImageElement>(null);
  useEmbedBridge(phase.kind); // embedded signing: tells the framing page (components/signing/embed-bridge.tsx)

  const load = useCallback(async (notice?: ApiFailure) => setPhase(await fetchPhase(token, notice)), [token]);

  // A signer session ends 30 minutes after its last use: while the document is open, the page uses
  // it every few minutes, so that a signer taking their time is not asked for the code again.
  const viewing = phase.kind === "view";
  useEffect(() => {
    if (!viewing) return;
    const t = setInterval(() => void callSigning(token, "/authentication"), 5 * 60 * 1000);
    return () => clearInterval(t);
  }, [viewing, token]);

  useEffect(() => {
    // The first fetch also marks the recipient VIEWED on the server.
    let current = true;
    void fetchPhase(token).then((p) => {
      if (!current) return;
      // Page 1 as the HTML showed it: the document's first page shows that image until its own has come.
      const shown = firstImage.current;
      if (shown?.complete && shown.naturalWidth > 0) seedFirstPage(shown.currentSrc);
      setPhase(p);
    });
    return () => {
      current = false;
    };
  }, [token]);

  const sandbox =
    phase.kind === "loading" || phase.kind === "gate"
      ? false
      : phase.kind === "failed"
        ? phase.error.details?.environment === "SANDBOX"
        : phase.view.request.environment === "SANDBOX";
  return (
    <div className="min-h-dvh" data-signer-app>
      {sandbox ? <SandboxBanner /> : null}
      <Content phase={phase} token={token} reload={load} setPhase={setPhase} firstPage={firstPage} firstImage={firstImage} />
    </div>
  );
}

function Content({
  phase,
  token,
  reload,
  setPhase,
  firstPage,
  firstImage,
}: {
  phase: Phase;
  token: string;
  reload: (notice?: ApiFailure) => Promise<void>;
  setPhase: (p: Phase) => void;
  firstPage?: FirstPageInfo;
  firstImage: RefObject<HTMLImageElement | null>;
}) {
  const t = useSigningT();
  const locale = useLocale();
  const apiMessage = useApiMessage();
  if (phase.kind === "loading" && firstPage) {
    return <FirstPaint token={token} page={firstPage} loadingText={t("app.loading")} image={firstImage} />;
  }
  if (phase.kind === "loading") {
    return (
      <main className="flex min-h-[60dvh] items-center justify-center" aria-busy="true">
        <p role="status" className="text-slate-500">
          {t("app.loading")}
        </p>
      </main>
    );
  }

  if (phase.kind === "gate") {
    return <SignerGateScreen token={token} gate={phase.gate} onVerified={() => void reload()} />;
  }

  if (phase.kind === "failed") {
    const { status } = phase.error;
    if (status === 404 || status === 400) return <InvalidLinkScreen />;
    if (status === 410) {
      const d = phase.error.details ?? {};
      return (
        <EndedScreen
          status={typeof d.status === "string" ? d.status : ""}
          recipientStatus={typeof d.recipientStatus === "string" ? d.recipientStatus : undefined}
          title={typeof d.title === "string" ? d.title : undefined}
          message={apiMessage(phase.error)}
          othersTold={typeof d.othersTold === "number" ? d.othersTold : undefined}
        />
      );
    }
    return (
      <Screen tone="stop" heading={t("app.loadFailed")}>
        <p role="alert">{apiMessage(phase.error)}</p>
        <button
          type="button"
          onClick={() => void reload()}
          className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800"
        >
          {t("app.tryAgain")}
        </button>
      </Screen>
    );
  }

  const { view } = phase;
  const title = view.request.title;
  // Everyone has signed does not mean the sealed PDF exists: that is made afterwards (a seal job), and
  // the request is COMPLETED only once it is stored and on its way to every recipient.
  // "the signed PDF", or "the signed PDFs" where each document is sealed as its own.
  const documents = view.documents.length;
  const afterwards =
    view.request.status === "COMPLETED"
      ? t("done.sent", { documents })
      : view.everyoneSigned
        ? t("done.sealing", { documents })
        : t("done.later", { documents });

  if (phase.kind === "signed" || phase.kind === "approved") {
    const signed = phase.kind === "signed";
    return (
      <Screen tone="done" heading={signed ? t("done.signedHeading") : t("done.approvedHeading")} documentTitle={title}>
        <p role="status">
          {phase.result.next === "SEALING"
            ? t("done.sealing", { documents })
            : `${signed ? t("done.signedRecorded") : t("done.approvedRecorded")} ${
                phase.result.next === "SAME_STEP"
                  ? t("done.sameStep", { count: phase.result.count })
                  : t("done.nextInvited", { count: phase.result.count })
              } ${t("done.later", { documents })}`}
        </p>
        <p className="text-sm text-slate-500">{t("done.closePage")}</p>
      </Screen>
    );
  }

  // Completed: the sealed copy, nothing else.
  if (view.request.status === "COMPLETED" && view.availableUntil) {
    return (
      <CompletedScreen
        token={token}
        title={title}
        availableUntil={view.availableUntil}
        documents={view.documents}
        attachments={view.attachments}
        released={view.recipient.status === "RELEASED"}
      />
    );
  }

  if (phase.kind === "declined" || view.recipient.status === "DECLINED") {
    return <DeclinedScreen title={title} othersTold={phase.kind === "declined" ? phase.othersTold : view.declineTells} />;
  }

  if (phase.kind === "delegated") {
    return (
      <Screen tone="done" heading={t("delegate.doneHeading")} documentTitle={title}>
        <p role="status">{t("delegate.doneText", { name: phase.to })}</p>
      </Screen>
    );
  }

  const notice = phase.notice ? <p className="rounded-md bg-slate-100 px-3 py-2 text-sm">{apiMessage(phase.notice)}</p> : null;

  if (view.recipient.status === "SIGNED") {
    const at = view.recipient.signedAt;
    return (
      <Screen tone="done" heading={t("already.signedHeading")} documentTitle={title}>
        {notice}
        <p>
          {at ? t("already.signedOn", { date: formatDay(at, locale) }) : t("already.thanks")} {afterwards}
        </p>
      </Screen>
    );
  }

  if (view.recipient.status === "APPROVED") {
    const at = view.recipient.approvedAt;
    return (
      <Screen tone="done" heading={t("already.approvedHeading")} documentTitle={title}>
        {notice}
        <p>
          {at ? t("already.approvedOn", { date: formatDay(at, locale) }) : t("already.thanks")} {afterwards}
        </p>
      </Screen>
    );
  }

  // A viewer's turn is opening the link: once invited, the first view recorded it; they read the document.
  if (view.recipient.role === "VIEWER" && view.recipient.status !== "PENDING") {
    return <ViewerDocument token={token} view={view} />;
  }

  if (view.recipient.role === "CC") {
    return (
      <Screen tone="info" heading={t("cc.heading")} documentTitle={title}>
        <p>
          {t("cc.text")} {afterwards}
        </p>
      </Screen>
    );
  }

  if (!view.yourTurn) {
    return (
      <Screen tone="wait" heading={t("wait.heading", { role: view.recipient.role })} documentTitle={title}>
        {notice}
        {view.waitingFor.length ? (
          <p>
            {t.rich("wait.waitingFor", {
              names: formatNames(view.waitingFor, locale),
              count: view.waitingFor.length,
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        ) : null}
        <p>{t("wait.mailYou")}</p>
      </Screen>
    );
  }

  if (view.recipient.role === "APPROVER") {
    return (
      <ApproverForm
        token={token}
        view={view}
        onApproved={(result) => setPhase({ kind: "approved", view, result })}
        onDeclined={(othersTold) => setPhase({ kind: "declined", view, othersTold })}
        onDelegated={(to) => setPhase({ kind: "delegated", view, to })}
        onStale={(error) => void reload(error)}
      />
    );
  }

  return (
    <SigningForm
      token={token}
      view={view}
      onSigned={(result) => setPhase({ kind: "signed", view, result })}
      onDeclined={(othersTold) => setPhase({ kind: "declined", view, othersTold })}
      onDelegated={(to) => setPhase({ kind: "delegated", view, to })}
      onStale={(error) => void reload(error)}
    />
  );
}
