"use client";

import { useId, useState, type FormEvent } from "react";
import { callSigning, isStale, type ApiFailure } from "./api";
import { useFailureMessage } from "./api-message";
import { Dialog } from "./dialog";
import { useLocale, useSigningT } from "./intl";

export interface DelegateProps {
  token: string;
  onDelegated: (name: string) => void;
  onStale: (e: ApiFailure) => void;
}

/**
 * "Hand over to someone else" (shown when the sender allowed it): the person who takes this turn, and why.
 * Done: the page says who was invited; this link stops working.
 */
export function DelegateButton({ token, onDelegated, onStale }: DelegateProps) {
  const t = useSigningT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        {t("delegate.button")}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("delegate.title")}>
        <DelegateForm token={token} onClose={() => setOpen(false)} onDelegated={onDelegated} onStale={onStale} />
      </Dialog>
    </>
  );
}

function DelegateForm({ token, onClose, onDelegated, onStale }: DelegateProps & { onClose: () => void }) {
  const t = useSigningT();
  const locale = useLocale();
  const failureMessage = useFailureMessage();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    setBusy(true);
    setError(null);
    const res = await callSigning<{ to: { name: string } }>(token, "/delegate", {
      name: text("name"),
      email: text("email"),
      reason: text("reason"),
      locale,
    });
    setBusy(false);
    if (res.ok) return onDelegated(res.data.to.name);
    if (isStale(res.error)) return onStale(res.error);
    setError(failureMessage(res.error));
  };

  const input =
    "mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-base focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-200";
  return (
    <form onSubmit={submit} className="mt-2 space-y-3">
      <p className="text-sm text-slate-600">{t("delegate.intro")}</p>
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          {t("delegate.name")}
        </label>
        <input id={`${id}-name`} name="name" required maxLength={200} autoComplete="off" className={input} />
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-medium">
          {t("delegate.email")}
        </label>
        <input id={`${id}-email`} name="email" type="email" required maxLength={320} autoComplete="off" className={input} />
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          {t("delegate.reason")}
        </label>
        <textarea id={`${id}-reason`} name="reason" required maxLength={1000} rows={3} className={input} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button
          type="button"
          onClick={onClose}
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600"
        >
          {t("delegate.cancel")}
        </button>
        <button
          type="submit"
          disabled={busy}
          className="rounded-md bg-sky-700 px-4 py-2 text-sm font-semibold text-white hover:bg-sky-800 disabled:bg-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        >
          {busy ? t("delegate.submitting") : t("delegate.submit")}
        </button>
      </div>
    </form>
  );
}
