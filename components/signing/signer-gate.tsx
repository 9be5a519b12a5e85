"use client";

import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import type { ResponseData } from "@/lib/client/types";
import { callSigning, type SignerGate } from "./api";
import { Screen } from "./screens";

const hhmm = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

/** The clock as an external store: its subscribers hear it once a second. */
function subscribeToClock(onTick: () => void) {
  const t = setInterval(onTick, 1000);
  return () => clearInterval(t);
}
const subscribeToNothing = () => () => {};

/** Seconds until `iso` (0 when past or null), ticking once a second. */
function useSecondsUntil(iso: string | null): number {
  const secondsLeft = useCallback(() => (iso ? Math.max(0, Math.ceil((new Date(iso).getTime() - Date.now()) / 1000)) : 0), [iso]);
  return useSyncExternalStore(iso ? subscribeToClock : subscribeToNothing, secondsLeft, secondsLeft);
}

/**
 * Asks a signer whose link needs a code for it, before anything of the document is shown: the
 * sender's organization and, for a mailed code, the masked address it goes to. Nothing else (no
 * title, no sender's name, no pages). A right code sets the signer-session cookie (HttpOnly, set by
 * the server) and `onVerified` loads the document.
 */
export function SignerGateScreen({
  token,
  gate: initial,
  onVerified,
}: {
  token: string;
  gate: SignerGate;
  onVerified: () => void;
}) {
  const [gate, setGate] = useState(initial);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const lockedFor = useSecondsUntil(gate.lockedUntil);
  const resendIn = useSecondsUntil(gate.nextCodeAt);
  const locked = lockedFor > 0;
  const emailed = gate.method === "EMAIL_CODE";
  const sender = gate.organization ?? "The sender";

  // When a lock runs out, the form opens again (state adjusted while rendering, not in an effect after).
  if (gate.lockedUntil && lockedFor === 0) {
    setGate((g) => ({ ...g, lockedUntil: null }));
    setError(null);
  }

  async function sendCode() {
    setBusy(true);
    setError(null);
    const res = await callSigning<ResponseData<"sendSignerCode">>(token, "/authentication/code", {});
    setBusy(false);
    if (res.ok) {
      setGate((g) => ({
        ...g,
        codeSentAt: new Date().toISOString(),
        codeExpiresAt: res.data.expiresAt,
        nextCodeAt: res.data.nextCodeAt,
      }));
      setNotice(`We sent a 6-digit code to ${res.data.sentTo}. It works for 10 minutes.`);
      input.current?.focus();
      return;
    }
    const d = res.error.details ?? {};
    if (typeof d.lockedUntil === "string") setGate((g) => ({ ...g, lockedUntil: d.lockedUntil as string }));
    if (typeof d.nextCodeAt === "string") setGate((g) => ({ ...g, nextCodeAt: d.nextCodeAt as string }));
    setError(res.error.message);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const given = code.trim();
    if (!given) return setError(emailed ? "Enter the 6-digit code from the e-mail." : "Enter the access code you were given.");
    if (emailed && !/^\d{6}$/.test(given)) return setError("The code has 6 digits.");
    setBusy(true);
    setError(null);
    const res = await callSigning<ResponseData<"verifySignerCode">>(token, "/authentication", { code: given });
    setBusy(false);
    if (res.ok) return onVerified();
    const d = res.error.details ?? {};
    if (typeof d.lockedUntil === "string") setGate((g) => ({ ...g, lockedUntil: d.lockedUntil as string, attemptsLeft: 0 }));
    if (typeof d.attemptsLeft === "number") setGate((g) => ({ ...g, attemptsLeft: d.attemptsLeft as number }));
    setCode("");
    setError(res.error.message);
    input.current?.focus();
  }

  return (
    <Screen tone={locked ? "stop" : "info"} heading={emailed ? "Confirm it is you" : "Enter your access code"}>
      <p>
        {sender} asks you to sign a document.{" "}
        {emailed
          ? `To open it, enter the 6-digit code we e-mail to ${gate.emailHint ?? "your address"}.`
          : "To open it, enter the access code you were given by the sender."}
      </p>
      {locked ? (
        <p role="status" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          This link is locked after too many wrong codes. Try again at {hhmm(gate.lockedUntil!)} ({Math.ceil(lockedFor / 60)}{" "}
          min).
        </p>
      ) : null}
      {notice && !locked ? (
        <p role="status" className="rounded-md bg-slate-100 px-3 py-2 text-sm">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      {emailed ? (
        <button
          type="button"
          onClick={() => void sendCode()}
          disabled={busy || locked || resendIn > 0}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-50"
        >
          {gate.codeSentAt ? "Send a new code" : "E-mail me a code"}
          {resendIn > 0 ? ` (${resendIn} s)` : ""}
        </button>
      ) : null}
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
        <label htmlFor="signet-signer-code" className="block text-sm font-medium text-slate-800">
          {emailed ? "6-digit code" : "Access code"}
        </label>
        <input
          id="signet-signer-code"
          ref={input}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          disabled={locked}
          autoFocus={!emailed}
          autoComplete={emailed ? "one-time-code" : "off"}
          inputMode={emailed ? "numeric" : undefined}
          maxLength={emailed ? 6 : 64}
          spellCheck={false}
          className="block w-full rounded-md border border-slate-300 px-3 py-2 text-lg tracking-wider disabled:bg-slate-100"
        />
        <button
          type="submit"
          disabled={busy || locked}
          className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 disabled:opacity-50"
        >
          {busy ? "Checking…" : "Continue"}
        </button>
      </form>
      {!locked && gate.attemptsLeft < 5 ? (
        <p className="text-xs text-slate-500">
          {gate.attemptsLeft} attempt{gate.attemptsLeft === 1 ? "" : "s"} left before the link locks for 15 minutes.
        </p>
      ) : null}
    </Screen>
  );
}
