"use client";

import type { ReactNode } from "react";
import { useSigningT } from "./intl";
import { DelegateButton, type DelegateProps } from "./delegate-dialog";

const TONES = {
  sky: "bg-sky-700 hover:bg-sky-800 focus-visible:outline-sky-600",
  emerald: "bg-emerald-700 hover:bg-emerald-800 focus-visible:outline-emerald-600",
} as const;

/**
 * The end of a signer's or an approver's page: the consent box, what is recorded, the error if
 * any, the main action and Decline. One section for both, so the two pages say and do the same.
 */
export function FinishSection(props: {
  headingId: string;
  heading: string;
  consentId: string;
  consentLabel: string;
  note: ReactNode;
  consent: boolean;
  onConsent: (v: boolean) => void;
  error: string | null;
  busy: boolean;
  action: { label: string; busyLabel: string; tone: keyof typeof TONES; run: () => void };
  onDecline: () => void;
  /** The sender allowed handing this turn over: the button, and what follows it. */
  delegate?: DelegateProps;
}) {
  const t = useSigningT();
  return (
    <section
      aria-labelledby={props.headingId}
      className="mx-auto mt-6 max-w-[900px] rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id={props.headingId} className="text-base font-semibold">
        {props.heading}
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={props.consentId}
          type="checkbox"
          checked={props.consent}
          onChange={(e) => props.onConsent(e.target.checked)}
          required
          className="h-6 w-6 shrink-0 accent-sky-700"
        />
        <label htmlFor={props.consentId} className="text-sm">
          {props.consentLabel}
        </label>
      </div>
      <p className="mt-1 pl-8 text-xs text-slate-500">{props.note}</p>
      {props.error ? (
        <p role="alert" className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {props.error}
        </p>
      ) : null}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row-reverse sm:items-center sm:justify-between">
        <button
          type="button"
          onClick={props.action.run}
          disabled={!props.consent || props.busy}
          className={`rounded-md px-6 py-2.5 text-base font-semibold text-white disabled:cursor-not-allowed disabled:bg-slate-300 focus-visible:outline-2 focus-visible:outline-offset-2 ${TONES[props.action.tone]}`}
        >
          {props.busy ? props.action.busyLabel : props.action.label}
        </button>
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="button"
            onClick={props.onDecline}
            className="rounded-md px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-red-600"
          >
            {t("form.decline")}
          </button>
          {props.delegate ? <DelegateButton {...props.delegate} /> : null}
        </div>
      </div>
    </section>
  );
}
