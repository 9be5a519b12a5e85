"use client";

import { useCallback, useEffect, useState } from "react";
import { callSigning, gateOf, type ApiFailure, type SignerGate } from "./api";
import { useEmbedBridge } from "./embed-bridge";
import { ApproverForm, ViewerDocument, type ApproveResult } from "./approver-form";
import { CompletedScreen, EndedScreen, InvalidLinkScreen } from "./link-screens";
import { listNames, SandboxBanner, Screen } from "./screens";
import { SignerGateScreen } from "./signer-gate";
import { SigningForm } from "./signing-form";
import type { SignResult, SigningView } from "./types";

type Phase =
  | { kind: "loading" }
  | { kind: "failed"; error: ApiFailure }
  /** The link asks for a code first: nothing of the document is loaded until it is given. */
  | { kind: "gate"; gate: SignerGate }
  | { kind: "view"; view: SigningView; notice?: string }
  | { kind: "signed"; view: SigningView; result: SignResult }
  | { kind: "approved"; view: SigningView; result: ApproveResult }
  | { kind: "declined"; view: SigningView };

// Everyone has signed does not mean the sealed PDF exists: that is made afterwards (a seal job), and
// the request is COMPLETED only once it is stored and on its way to every recipient.
const SEALING_TEXT = "Everyone has signed. The signed PDF is being prepared and will be e-mailed to you when it is ready.";
const SENT_TEXT = "Everyone has signed; the signed PDF has been sent to you by e-mail.";

/** What the link shows now: the document, the code gate, or why it cannot be loaded. */
async function fetchPhase(token: string, notice?: string): Promise<Phase> {
  const res = await callSigning<SigningView>(token);
  if (res.ok) return { kind: "view", view: res.data, notice };
  const gate = gateOf(res.error);
  return gate ? { kind: "gate", gate } : { kind: "failed", error: res.error };
}

/**
 * The signer's page: loads what this link may see and shows the one screen that fits: the document
 * to sign, not-your-turn, already signed, ended, or an invalid link. Talks only to /api/sign/{token}.
 */
export function SigningApp({ token }: { token: string }) {
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  useEmbedBridge(phase.kind); // embedded signing: tells the framing page (components/signing/embed-bridge.tsx)

  const load = useCallback(async (notice?: string) => setPhase(await fetchPhase(token, notice)), [token]);

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
    void fetchPhase(token).then((p) => current && setPhase(p));
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
    <div className="min-h-dvh">
      {sandbox ? <SandboxBanner /> : null}
      <Content phase={phase} token={token} reload={load} setPhase={setPhase} />
    </div>
  );
}

function Content({
  phase,
  token,
  reload,
  setPhase,
}: {
  phase: Phase;
  token: string;
  reload: (notice?: string) => Promise<void>;
  setPhase: (p: Phase) => void;
}) {
  if (phase.kind === "loading") {
    return (
      <main className="flex min-h-[60dvh] items-center justify-center" aria-busy="true">
        <p role="status" className="text-slate-500">
          Loading your document…
        </p>
      </main>
    );
  }

  if (phase.kind === "gate") {
    return <SignerGateScreen token={token} gate={phase.gate} onVerified={() => void reload()} />;
  }

  if (phase.kind === "failed") {
    const { status, message } = phase.error;
    if (status === 404 || status === 400) return <InvalidLinkScreen />;
    if (status === 410) {
      const d = phase.error.details ?? {};
      return (
        <EndedScreen
          status={typeof d.status === "string" ? d.status : ""}
          recipientStatus={typeof d.recipientStatus === "string" ? d.recipientStatus : undefined}
          title={typeof d.title === "string" ? d.title : undefined}
          message={message}
        />
      );
    }
    return (
      <Screen tone="stop" heading="The document could not be loaded">
        <p role="alert">{message}</p>
        <button
          type="button"
          onClick={() => void reload()}
          className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800"
        >
          Try again
        </button>
      </Screen>
    );
  }

  const { view } = phase;
  const title = view.request.title;

  if (phase.kind === "signed" || phase.kind === "approved") {
    const signed = phase.kind === "signed";
    return (
      <Screen
        tone="done"
        heading={signed ? "Thank you – you have signed" : "Thank you – you have approved"}
        documentTitle={title}
      >
        <p role="status">
          {phase.result.completed
            ? SEALING_TEXT
            : `Your ${signed ? "signature" : "approval"} is recorded. The next ${signed ? "signer" : "recipient"} has been invited; you will receive the signed PDF by e-mail once everyone has signed.`}
        </p>
        <p className="text-sm text-slate-500">You can close this page.</p>
      </Screen>
    );
  }

  // Completed: the sealed copy, nothing else.
  if (view.request.status === "COMPLETED" && view.availableUntil) {
    return <CompletedScreen token={token} title={title} availableUntil={view.availableUntil} />;
  }

  if (phase.kind === "declined" || view.recipient.status === "DECLINED") {
    return (
      <Screen tone="info" heading="You declined to sign" documentTitle={title}>
        <p role="status">The sender and the other signers have been told. Nothing more is needed from you.</p>
      </Screen>
    );
  }

  const notice = phase.notice ? <p className="rounded-md bg-slate-100 px-3 py-2 text-sm">{phase.notice}</p> : null;

  if (view.recipient.status === "SIGNED") {
    return (
      <Screen tone="done" heading="You have already signed this document" documentTitle={title}>
        {notice}
        <p>
          Thank you{view.recipient.signedAt ? ` – you signed on ${view.recipient.signedAt.slice(0, 10)}` : ""}.{" "}
          {view.request.status === "COMPLETED"
            ? SENT_TEXT
            : view.everyoneSigned
              ? SEALING_TEXT
              : "You will receive the signed PDF by e-mail once everyone has signed."}
        </p>
      </Screen>
    );
  }

  if (view.recipient.status === "APPROVED") {
    const at = view.recipient.approvedAt;
    return (
      <Screen tone="done" heading="You have already approved this document" documentTitle={title}>
        {notice}
        <p>
          Thank you{at ? ` – you approved on ${at.slice(0, 10)}` : ""}.{" "}
          {view.request.status === "COMPLETED"
            ? SENT_TEXT
            : view.everyoneSigned
              ? SEALING_TEXT
              : "You will receive the signed PDF by e-mail once everyone has signed."}
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
      <Screen tone="info" heading="You receive a copy of this document" documentTitle={title}>
        <p>
          There is nothing for you to sign.{" "}
          {view.request.status === "COMPLETED"
            ? SENT_TEXT
            : view.everyoneSigned
              ? SEALING_TEXT
              : "You will receive the signed PDF by e-mail once everyone has signed."}
        </p>
      </Screen>
    );
  }

  if (!view.yourTurn) {
    const verb = view.recipient.role === "APPROVER" ? "approve" : view.recipient.role === "VIEWER" ? "review" : "sign";
    return (
      <Screen tone="wait" heading={`It is not your turn to ${verb} yet`} documentTitle={title}>
        {notice}
        {view.waitingFor.length ? (
          <p>
            Waiting for <strong>{listNames(view.waitingFor)}</strong> to finish first.
          </p>
        ) : null}
        <p>We will e-mail you when it is your turn.</p>
      </Screen>
    );
  }

  if (view.recipient.role === "APPROVER") {
    return (
      <ApproverForm
        token={token}
        view={view}
        onApproved={(result) => setPhase({ kind: "approved", view, result })}
        onDeclined={() => setPhase({ kind: "declined", view })}
        onStale={(error) => void reload(error.message)}
      />
    );
  }

  return (
    <SigningForm
      token={token}
      view={view}
      onSigned={(result) => setPhase({ kind: "signed", view, result })}
      onDeclined={() => setPhase({ kind: "declined", view })}
      onStale={(error) => void reload(error.message)}
    />
  );
}
