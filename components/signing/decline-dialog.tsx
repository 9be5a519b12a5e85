"use client";

import { useId, useState, type FormEvent } from "react";
import { callSigning, isStale, type ApiFailure } from "./api";
import { useFailureMessage } from "./api-message";
import { Dialog } from "./dialog";
import { useLocale, useSigningT } from "./intl";

/**
 * Declining from the signer's or the approver's page: whether the dialog is open, and what its form calls.
 * The decline goes with the page's language (the mails that follow speak it). Done, or the page turned out
 * to be stale: the dialog closes and `on.declined` or `on.stale` takes over. Refused: the message to show in
 * the dialog. `on.pause` and `on.resume`: what the page holds back while it goes (the signer's saved values),
 * let go again when it was refused.
 */
export function useDecline(
  token: string,
  on: {
    declined: (othersTold: number) => void;
    stale: (e: ApiFailure) => void;
    pause?: () => Promise<void>;
    resume?: () => void;
  },
) {
  const locale = useLocale();
  const failureMessage = useFailureMessage();
  const [open, setOpen] = useState(false);
  const decline = async (reason: string): Promise<string | null> => {
    await on.pause?.();
    const res = await callSigning<{ othersTold: number }>(token, "/decline", { reason, locale });
    if (res.ok || isStale(res.error)) {
      setOpen(false);
      if (res.ok) on.declined(res.data.othersTold);
      else on.stale(res.error);
      return null;
    }
    on.resume?.();
    return failureMessage(res.error);
  };
  return { open, setOpen, decline };
}

/** Declining needs a reason: the sender is told it, and so are the other recipients the request reached. A signer declines to sign, an approver to approve. */
export function DeclineDialog({
  open,
  onClose,
  onDecline,
  declining = "sign",
  othersTold,
}: {
  open: boolean;
  onClose: () => void;
  onDecline: (reason: string) => Promise<string | null>;
  declining?: "sign" | "approve";
  /** How many recipients besides the sender a decline would tell (the view's `declineTells`). */
  othersTold: number;
}) {
  const t = useSigningT();
  const label = declining === "approve" ? t("decline.titleApprove") : t("decline.titleSign");
  return (
    <Dialog open={open} onClose={onClose} title={label}>
      <DeclineForm onClose={onClose} onDecline={onDecline} label={label} alone={othersTold === 0} />
    </Dialog>
  );
}

function DeclineForm({
  onClose,
  onDecline,
  label,
  alone,
}: {
  onClose: () => void;
  onDecline: (reason: string) => Promise<string | null>;
  label: string;
  alone: boolean;
}) {
  const t = useSigningT();
  const id = useId();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(t("decline.reasonRequired"));
    setBusy(true);
    setError(await onDecline(reason.trim()));
    setBusy(false);
  };

  return (
    <form onSubmit={submit} className="mt-2 space-y-3" noValidate>
      <p className="text-sm text-slate-600">{alone ? t("decline.textAlone") : t("decline.text")}</p>
      <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
        {t("decline.reason")}
      </label>
      <textarea
        id={`${id}-reason`}
        required
        aria-required
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        maxLength={1000}
        rows={4}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        className="w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-200"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {t("decline.cancel")}
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:bg-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600"
        >
          {busy ? t("decline.declining") : label}
        </button>
      </div>
    </form>
  );
}
