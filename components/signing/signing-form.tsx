"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { stackByArea } from "@/lib/client/field-stacking";
import { callSigning, declineSigning, isStale, signingPath, type ApiFailure } from "./api";
import { useApiMessage, useValueMessage } from "./api-message";
import { DeclineDialog } from "./decline-dialog";
import { FieldBox } from "./field-box";
import {
  errorsByField,
  fieldDomId,
  groupKey,
  initialValues,
  initialsOf,
  isFilled,
  requiredFields,
  toSubmission,
  valueProblem,
  type Values,
} from "./fields";
import { useSigningT } from "./intl";
import { LanguageSwitcher } from "./language-switcher";
import { SignatureDialog } from "./signature-dialog";
import type { MarkValue, SignResult, SigningField, SigningView } from "./types";
import { FinishSection } from "./finish-section";
import { MAX_PAGE_WIDTH, PdfPages } from "./lazy-pdf-pages";

const CONSENT_ID = "signet-consent";

type MarkType = "SIGNATURE" | "INITIAL";

/** The document with this signer's fields on it, the guide through them, consent, sign and decline. */
export function SigningForm({
  token,
  view,
  onSigned,
  onDeclined,
  onStale,
}: {
  token: string;
  view: SigningView;
  onSigned: (r: SignResult) => void;
  onDeclined: () => void;
  onStale: (e: ApiFailure) => void;
}) {
  const t = useSigningT();
  const apiMessage = useApiMessage();
  const valueMessage = useValueMessage();
  const { fields } = view;
  const [values, setValues] = useState<Values>(() => initialValues(fields, view.recipient));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [markFor, setMarkFor] = useState<SigningField | null>(null);
  const [declineOpen, setDeclineOpen] = useState(false);
  // A signature adopted once is offered for the signer's other signature boxes with one click.
  const [adopted, setAdopted] = useState<Partial<Record<MarkType, MarkValue>>>({});
  const [width, setWidth] = useState(0);
  const pagesRef = useRef<HTMLDivElement>(null);
  // The date a DATE field shows, as the server will write it (the request's zone and format, the signer's
  // language): fixed when the form opens.
  const [date] = useState(view.signingDate.value);

  useEffect(() => {
    const el = pagesRef.current!;
    const measure = () => setWidth(Math.min(Math.floor(el.clientWidth), MAX_PAGE_WIDTH));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const byPage = useMemo(() => {
    const m = new Map<number, SigningField[]>();
    for (const f of fields) m.set(f.page, [...(m.get(f.page) ?? []), f]);
    return m;
  }, [fields]);
  // Overlapping fields: the smaller above, so each can be clicked (the tab order stays the document's).
  const layers = useMemo(() => new Map([...byPage.values()].flatMap((onPage) => [...stackByArea(onPage)])), [byPage]);

  const required = useMemo(() => requiredFields(fields), [fields]);
  const missing = required.filter((f) => !isFilled(f, values[f.id], { fields, values }));
  const done = required.length - missing.length;

  const setValue = (f: SigningField, v: Values[string]) => {
    setValues((prev) => ({ ...prev, [f.id]: v }));
    setFieldErrors((prev) => {
      if (!prev[f.id]) return prev;
      const next = { ...prev };
      delete next[f.id];
      return next;
    });
  };

  /** A RADIO button chosen: the others of its group are no longer chosen (and their errors go). */
  const setChecked = (f: SigningField, checked: boolean) => {
    if (f.type !== "RADIO") return setValue(f, checked);
    const group = fields.filter((o) => groupKey(o) === groupKey(f));
    setValues((prev) => ({ ...prev, ...Object.fromEntries(group.map((o) => [o.id, o.id === f.id ? checked : false])) }));
    setFieldErrors((prev) => {
      const next = { ...prev };
      for (const o of group) delete next[o.id];
      return next;
    });
  };

  const focusField = useCallback((f: SigningField) => {
    const el = document.getElementById(fieldDomId(f));
    if (!el) return;
    el.scrollIntoView({ block: "center", behavior: "smooth" });
    el.focus({ preventScroll: true });
  }, []);

  const focusConsent = () => {
    const el = document.getElementById(CONSENT_ID);
    el?.scrollIntoView({ block: "center", behavior: "smooth" });
    el?.focus({ preventScroll: true });
  };

  /** The next empty required field after the one with focus (wrapping), else the consent box. */
  const goNext = () => {
    const [firstMissing] = missing;
    if (!firstMissing) return focusConsent();
    const active = document.activeElement?.id;
    const at = fields.findIndex((f) => fieldDomId(f) === active);
    focusField(missing.find((f) => fields.indexOf(f) > at) ?? firstMissing);
  };

  const openMark = (f: SigningField) => {
    const type = f.type as MarkType;
    const ready = adopted[type];
    if (ready && !values[f.id]) return setValue(f, ready);
    setMarkFor(f);
  };

  const applyMark = (mark: MarkValue) => {
    if (!markFor) return;
    const type = markFor.type as MarkType;
    setValue(markFor, mark);
    setAdopted((prev) => ({ ...prev, [type]: mark }));
    const f = markFor;
    setMarkFor(null);
    // Back to the box the signer came from, so keyboard users keep their place.
    requestAnimationFrame(() => document.getElementById(fieldDomId(f))?.focus({ preventScroll: true }));
  };

  const sign = async () => {
    setFormError(null);
    if (!consent) return setFormError(t("form.consentRequired"));
    const [firstMissing] = missing;
    if (firstMissing) {
      setFieldErrors(Object.fromEntries(missing.map((f) => [f.id, t("form.required")])));
      setFormError(t("form.missing", { count: missing.length }));
      return focusField(firstMissing);
    }
    // Checked here first (number bounds, e-mail form, options); the server judges again.
    const wrong = fields
      .map((f) => [f, valueProblem(f, values[f.id], t, view.signingDate.locale)] as const)
      .filter((x): x is readonly [SigningField, string] => x[1] !== null);
    const [firstWrong] = wrong;
    if (firstWrong) {
      setFieldErrors(Object.fromEntries(wrong.map(([f, m]) => [f.id, m])));
      setFormError(t("form.wrong", { count: wrong.length }));
      return focusField(firstWrong[0]);
    }
    const submitted = toSubmission(fields, values);
    setBusy(true);
    const res = await callSigning<SignResult>(token, "/sign", { consent: true, values: submitted });
    setBusy(false);
    if (res.ok) return onSigned(res.data);
    const { errors } = res.error;
    // 401: the signer session ended (the app asks for the code again).
    if (isStale(res.error)) return onStale(res.error);
    if (errors?.length) {
      const { byField, general } = errorsByField(errors, submitted, fields);
      setFieldErrors(Object.fromEntries(Object.entries(byField).map(([id, m]) => [id, valueMessage(m)])));
      setFormError(general[0] !== undefined ? valueMessage(general[0]) : apiMessage(res.error));
      const first = fields.find((f) => byField[f.id]);
      if (first) focusField(first);
      return;
    }
    setFormError(apiMessage(res.error));
  };

  const decline = async (reason: string) => {
    const failed = await declineSigning(token, reason, {
      done: () => {
        setDeclineOpen(false);
        onDeclined();
      },
      stale: (e) => {
        setDeclineOpen(false);
        onStale(e);
      },
    });
    return failed && (failed.errors?.[0] ? valueMessage(failed.errors[0].message) : apiMessage(failed));
  };

  const overlay = (page: number, scale: number) =>
    (byPage.get(page) ?? []).map((f) => (
      <FieldBox
        key={f.id}
        field={f}
        scale={scale}
        layer={layers.get(f.id)}
        value={values[f.id]}
        error={fieldErrors[f.id]}
        date={date}
        onText={(t) => setValue(f, t)}
        onMark={() => openMark(f)}
        onCheck={(c) => setChecked(f, c)}
      />
    ));

  return (
    <>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-5xl items-center gap-3 px-3 py-2 sm:px-4">
          <div className="min-w-0 flex-1">
            <h1 className="truncate text-base font-semibold sm:text-lg">{view.request.title}</h1>
            <p className="truncate text-xs text-slate-500 sm:text-sm">
              <span className="hidden sm:inline">{t("form.signingAs", { name: view.recipient.name })} · </span>
              <span role="status">{t("form.progress", { done, total: required.length })}</span>
            </p>
          </div>
          <LanguageSwitcher className="shrink-0" />
          <button
            type="button"
            onClick={goNext}
            className="shrink-0 rounded-md bg-amber-400 px-3 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
          >
            {t("form.nextField")}
          </button>
        </div>
        <div
          role="progressbar"
          aria-label={t("form.progressLabel")}
          aria-valuemin={0}
          aria-valuemax={required.length}
          aria-valuenow={done}
          className="h-1 bg-slate-100"
        >
          <div
            className="h-full bg-emerald-500 transition-[width]"
            style={{ width: `${required.length ? (done / required.length) * 100 : 100}%` }}
          />
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-2 py-4 sm:px-4">
        <p className="mb-3 text-sm text-slate-600">{t("form.intro", { count: fields.length })}</p>
        <div ref={pagesRef} className="w-full">
          {width > 0 ? (
            <PdfPages file={signingPath(token, "/document")} pages={view.document.pages} width={width} overlay={overlay} />
          ) : null}
        </div>

        <FinishSection
          headingId="signet-finish"
          heading={t("form.finish")}
          consentId={CONSENT_ID}
          consentLabel={t("form.consent")}
          note={t("form.note")}
          consent={consent}
          onConsent={setConsent}
          error={formError}
          busy={busy}
          action={{ label: t("form.sign"), busyLabel: t("form.signing"), tone: "sky", run: () => void sign() }}
          onDecline={() => setDeclineOpen(true)}
        />
      </main>

      <SignatureDialog
        open={!!markFor}
        kind={(markFor?.type as MarkType) ?? "SIGNATURE"}
        suggestedText={markFor?.type === "INITIAL" ? initialsOf(view.recipient.name) : view.recipient.name}
        current={markFor && typeof values[markFor.id] === "object" ? (values[markFor.id] as MarkValue) : undefined}
        onApply={applyMark}
        onClose={() => setMarkFor(null)}
      />
      <DeclineDialog open={declineOpen} onClose={() => setDeclineOpen(false)} onDecline={decline} />
    </>
  );
}
