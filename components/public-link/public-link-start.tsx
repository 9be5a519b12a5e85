"use client";

import { useId, useState, type FormEvent } from "react";
import { useLocale } from "use-intl";
import { Screen } from "@/components/signing/screens";
import { useSigningT } from "@/components/signing/intl";

export interface PublicLinkView {
  name: string;
  title: string;
  organization: string | null;
  sandbox: boolean;
  role: string;
  others: { ref: string; name: string }[];
  accessCode: boolean;
  confirmEmail: boolean;
}

type T = ReturnType<typeof useSigningT>;

/** An API refusal in the visitor's words. */
function refusalText(t: T, code: string | undefined, details?: { attemptsLeft?: number }): string {
  switch (code) {
    case "PUBLIC_LINK_ALREADY_USED":
      return t("publicLink.alreadyUsed");
    case "PUBLIC_LINK_DAILY_QUOTA_REACHED":
      return t("publicLink.dailyQuota");
    case "PUBLIC_LINK_QUOTA_REACHED":
      return t("publicLink.quotaText");
    case "PUBLIC_LINK_CODE_WRONG":
      return details?.attemptsLeft !== undefined
        ? t("publicLink.wrongCode", { count: details.attemptsLeft })
        : t("publicLink.wrongAccessCode");
    case "PUBLIC_VISIT_ENDED":
      return t("publicLink.visitEnded");
    case "RATE_LIMITED":
      return t("publicLink.tooMany");
    case "PUBLIC_LINK_PAUSED":
      return t("publicLink.pausedText");
    case "PUBLIC_LINK_REVOKED":
      return t("publicLink.revokedText");
    case "PUBLIC_LINK_EXPIRED":
      return t("publicLink.expiredText");
    default:
      return t("publicLink.failed");
  }
}

const REFUSED = {
  PUBLIC_LINK_REVOKED: ["publicLink.revokedHeading", "publicLink.revokedText"],
  PUBLIC_LINK_EXPIRED: ["publicLink.expiredHeading", "publicLink.expiredText"],
  PUBLIC_LINK_PAUSED: ["publicLink.pausedHeading", "publicLink.pausedText"],
  PUBLIC_LINK_QUOTA_REACHED: ["publicLink.quotaHeading", "publicLink.quotaText"],
  PUBLIC_LINK_DAILY_QUOTA_REACHED: ["publicLink.quotaHeading", "publicLink.dailyQuota"],
  RATE_LIMITED: ["publicLink.pausedHeading", "publicLink.tooMany"],
} as const;

/** A link that serves nothing (unknown, withdrawn, expired, paused, used up): why, in the visitor's language. */
export function PublicLinkRefused({ code }: { code: string }) {
  const t = useSigningT();
  const [heading, text] =
    code in REFUSED
      ? REFUSED[code as keyof typeof REFUSED]
      : (["publicLink.notFoundHeading", "publicLink.notFoundText"] as const);
  return (
    <div className="min-h-dvh">
      <Screen tone="stop" heading={t(heading)}>
        <p>{t(text)}</p>
      </Screen>
    </div>
  );
}

interface Answer {
  data?: { visitId?: string; status?: string; signingUrl?: string | null } | null;
  errorCode?: string;
  details?: { attemptsLeft?: number };
  errors?: { field: string; message: string }[];
}

async function post(url: string, body: unknown): Promise<{ status: number; body: Answer }> {
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Answer };
}

function Field({
  label,
  hint,
  error,
  ...input
}: { label: string; hint?: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={hint || error ? `${id}-note` : undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2.5 text-base text-slate-900 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30"
        {...input}
      />
      {error || hint ? (
        <p id={`${id}-note`} className={`mt-1 text-sm ${error ? "text-red-700" : "text-slate-600"}`}>
          {error ?? hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The visitor's start: who they are (and the other people the link leaves to them, its access code), then,
 * when the link confirms addresses, the mailed code; then the signing page of the request made for them, or
 * word that they will be mailed when their turn comes.
 */
export function PublicLinkStart({ slug, view }: { slug: string; view: PublicLinkView }) {
  const t = useSigningT();
  const locale = useLocale();
  const [step, setStep] = useState<"details" | "code" | "wait" | "opening">("details");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [email, setEmail] = useState("");
  const [visitId, setVisitId] = useState<string | null>(null);
  const base = `/api/public/${encodeURIComponent(slug)}`;

  function started(answer: Answer) {
    const url = answer.data?.signingUrl;
    if (url) {
      setStep("opening");
      // The signing page of the request just made for the visitor, on this server.
      window.location.assign(new URL(url).pathname);
    } else setStep("wait");
  }

  async function submitDetails(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "").trim();
    const people = Object.fromEntries(
      view.others.map((o) => [o.ref, { name: text(`${o.ref}.name`), email: text(`${o.ref}.email`) }]),
    );
    setBusy(true);
    setError(null);
    setFieldErrors({});
    const r = await post(`${base}/visits`, {
      name: text("name"),
      email: text("email"),
      ...(view.others.length && { people }),
      ...(view.accessCode && { accessCode: text("accessCode") }),
      locale,
    }).catch(() => ({ status: 0, body: {} as Answer }));
    setBusy(false);
    if (r.status === 201) return started(r.body);
    if (r.status === 202 && r.body.data?.visitId) {
      setEmail(text("email"));
      setVisitId(r.body.data.visitId);
      return setStep("code");
    }
    if (r.status === 400 || r.status === 422) {
      setFieldErrors(Object.fromEntries((r.body.errors ?? []).map((x) => [x.field, x.message])));
    }
    setError(refusalText(t, r.body.errorCode, r.body.details));
  }

  async function submitCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const code = String(new FormData(e.currentTarget).get("code") ?? "").replace(/\s+/g, "");
    setBusy(true);
    setError(null);
    const r = await post(`${base}/visits/${visitId}/confirm`, { code }).catch(() => ({ status: 0, body: {} as Answer }));
    setBusy(false);
    if (r.status === 201) return started(r.body);
    setError(r.status === 400 ? t("publicLink.wrongAccessCode") : refusalText(t, r.body.errorCode, r.body.details));
  }

  if (step === "wait") {
    return (
      <Screen tone="done" heading={t("publicLink.waitHeading")} documentTitle={view.title}>
        <p role="status">{t("publicLink.waitText")}</p>
      </Screen>
    );
  }
  if (step === "opening") {
    return (
      <Screen tone="info" heading={t("publicLink.openingHeading")} documentTitle={view.title}>
        <p role="status" className="sr-only">
          {t("publicLink.openingHeading")}
        </p>
      </Screen>
    );
  }
  const alert = error ? (
    <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {error}
    </p>
  ) : null;
  if (step === "code") {
    return (
      <Screen tone="info" heading={t("publicLink.codeHeading")} documentTitle={view.title}>
        <p>{t("publicLink.codeText", { email })}</p>
        <form onSubmit={submitCode} noValidate>
          <Field
            label={t("publicLink.code")}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          {alert}
          <button
            type="submit"
            disabled={busy}
            className="mt-6 w-full rounded-lg bg-blue-700 px-4 py-3 text-base font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {busy ? t("publicLink.starting") : t("publicLink.confirm")}
          </button>
          <button
            type="button"
            onClick={() => {
              setStep("details");
              setError(null);
            }}
            className="mt-3 w-full rounded-lg px-4 py-2 text-sm font-medium text-blue-800 underline"
          >
            {t("publicLink.startAgain")}
          </button>
        </form>
      </Screen>
    );
  }
  return (
    <Screen tone="info" heading={view.title} documentTitle={view.organization ?? undefined}>
      <p>{t("publicLink.intro", { role: view.role })}</p>
      <form onSubmit={submitDetails} noValidate>
        <Field
          label={t("publicLink.yourName")}
          name="name"
          autoComplete="name"
          required
          maxLength={200}
          error={fieldErrors.name}
        />
        <Field
          label={t("publicLink.yourEmail")}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={320}
          hint={t("publicLink.emailHint")}
          error={fieldErrors.email}
        />
        {view.others.length ? (
          <fieldset className="mt-6">
            <legend className="text-base font-semibold text-slate-900">{t("publicLink.others")}</legend>
            {view.others.map((o) => (
              <div key={o.ref}>
                <Field
                  label={t("publicLink.personName", { role: o.name })}
                  name={`${o.ref}.name`}
                  required
                  maxLength={200}
                  error={fieldErrors[`people.${o.ref}.name`] ?? fieldErrors[`people.${o.ref}`]}
                />
                <Field
                  label={t("publicLink.personEmail", { role: o.name })}
                  name={`${o.ref}.email`}
                  type="email"
                  required
                  maxLength={320}
                  error={fieldErrors[`people.${o.ref}.email`]}
                />
              </div>
            ))}
          </fieldset>
        ) : null}
        {view.accessCode ? (
          <Field
            label={t("publicLink.accessCode")}
            name="accessCode"
            hint={t("publicLink.accessCodeHint")}
            required
            maxLength={64}
            autoComplete="off"
            error={fieldErrors.accessCode}
          />
        ) : null}
        {alert}
        <button
          type="submit"
          disabled={busy}
          className="mt-6 w-full rounded-lg bg-blue-700 px-4 py-3 text-base font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {busy ? t("publicLink.starting") : t("publicLink.start")}
        </button>
      </form>
    </Screen>
  );
}
