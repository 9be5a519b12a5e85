"use client";

import { useCallback, useRef, useState, useSyncExternalStore } from "react";
import type { ResponseData } from "@/lib/client/types";
import { callSigning, type SignerGate } from "./api";
import { useApiMessage } from "./api-message";
import { formatTime } from "./format";
import { useLocale, useSigningT } from "./intl";
import { Screen } from "./screens";

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
  const t = useSigningT();
  const locale = useLocale();
  const apiMessage = useApiMessage();
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
  const sender = gate.organization ?? t("gate.theSender");

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
      const minutes = Math.max(1, Math.round((new Date(res.data.expiresAt).getTime() - Date.now()) / 60_000));
      setNotice(t("gate.sent", { address: res.data.sentTo, minutes }));
      input.current?.focus();
      return;
    }
    const d = res.error.details ?? {};
    if (typeof d.lockedUntil === "string") setGate((g) => ({ ...g, lockedUntil: d.lockedUntil as string }));
    if (typeof d.nextCodeAt === "string") setGate((g) => ({ ...g, nextCodeAt: d.nextCodeAt as string }));
    setError(apiMessage(res.error, gate.method));
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const given = code.trim();
    if (!given) return setError(emailed ? t("gate.enterEmailed") : t("gate.enterAccessCode"));
    if (emailed && !/^\d{6}$/.test(given)) return setError(t("gate.sixDigits"));
    setBusy(true);
    setError(null);
    const res = await callSigning<ResponseData<"verifySignerCode">>(token, "/authentication", { code: given });
    setBusy(false);
    if (res.ok) return onVerified();
    const d = res.error.details ?? {};
    if (typeof d.lockedUntil === "string") setGate((g) => ({ ...g, lockedUntil: d.lockedUntil as string, attemptsLeft: 0 }));
    if (typeof d.attemptsLeft === "number") setGate((g) => ({ ...g, attemptsLeft: d.attemptsLeft as number }));
    setCode("");
    setError(apiMessage(res.error, gate.method));
    input.current?.focus();
  }

  return (
    <Screen tone={locked ? "stop" : "info"} heading={emailed ? t("gate.headingEmailed") : t("gate.headingAccessCode")}>
      <p>
        {t("gate.asks", { sender })}{" "}
        {emailed ? t("gate.howEmailed", { address: gate.emailHint ?? t("gate.yourAddress") }) : t("gate.howAccessCode")}
      </p>
      {locked ? (
        <p role="status" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {t("gate.locked", { time: formatTime(gate.lockedUntil!, locale), minutes: Math.ceil(lockedFor / 60) })}
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
          {gate.codeSentAt ? t("gate.sendNew") : t("gate.emailMe")}
          {resendIn > 0 ? ` ${t("gate.seconds", { seconds: resendIn })}` : ""}
        </button>
      ) : null}
      <form onSubmit={(e) => void submit(e)} className="space-y-3" noValidate>
        <label htmlFor="signet-signer-code" className="block text-sm font-medium text-slate-800">
          {emailed ? t("gate.labelEmailed") : t("gate.labelAccessCode")}
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
          {busy ? t("gate.checking") : t("gate.continue")}
        </button>
      </form>
      {!locked && gate.attemptsLeft < 5 ? (
        <p className="text-xs text-slate-500">{t("gate.attemptsLeft", { count: gate.attemptsLeft })}</p>
      ) : null}
    </Screen>
  );
}
