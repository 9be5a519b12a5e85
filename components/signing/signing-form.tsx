"use client";

import { useCallback, useEffect, useMemo, useState } from "react";
import { ProgressBar } from "@/components/ui/feedback";
import { stackByArea } from "@/lib/client/field-stacking";
import { useMediaQuery } from "@/lib/client/use-media-query";
import { callSigning, isStale } from "./api";
import { useApiMessage, useValueMessage } from "./api-message";
import { DeclineDialog, useDecline } from "./decline-dialog";
import { CompactField } from "./compact-field";
import { FieldBox } from "./field-box";
import dynamic from "next/dynamic";
import {
  doneCount,
  errorsByField,
  fieldDomId,
  fieldTitle,
  groupKey,
  initialValues,
  initialsOf,
  isFilled,
  readPageForm,
  inputSteps,
  relocaleNumbers,
  requiredFields,
  toSubmission,
  unsignedMessage,
  unsignedOf,
  unsignedRefusal,
  valueProblem,
  type Unsigned,
  type Values,
} from "./fields";
import { useLocale, useSigningT } from "./intl";
import { SenderMessage } from "./sender-message";
import { LanguageSwitcher } from "./language-switcher";
import { useIdle } from "@/lib/client/use-idle";
import type { MarkValue, RecipientPageProps, SignResult, SigningField } from "./types";
import { adoptedMarks, useDraftSaving, withDrafts } from "./use-draft-saving";
import { FinishSection } from "./finish-section";
import { usePageWidth } from "./page-images";
import { DocumentPages, shownDocuments, type ShownDocument } from "./document-pages";
import { ZoomControls } from "./zoom-controls";
import { EarlierValueBox } from "./earlier-values";
import { earlierOnPage } from "./earlier-names";
import { useZoom } from "./use-zoom";

// Code the signer does not need for page 1: the signature pad, the file picker and field-by-field mode
// load in chunks of their own, once the page is idle or when first opened (whichever comes first).
const SignatureDialog = dynamic(() => import("./signature-dialog").then((m) => m.SignatureDialog), { ssr: false });
const FilesDialog = dynamic(() => import("./file-field").then((m) => m.FilesDialog), { ssr: false });
const FieldSteps = dynamic(() => import("./field-steps").then((m) => m.FieldSteps), { ssr: false });

const CONSENT_ID = "signet-consent";

/** A phone or a touch screen: fields over the page open field-by-field mode, whose controls are 16 px (globals.css). */
export const COMPACT_QUERY = "(max-width: 639px), (pointer: coarse)";
/** Field-by-field mode is never wider than this. */
const STEPS_WIDTH = 576;

type MarkType = "SIGNATURE" | "INITIAL";

const pageKey = (documentId: string, page: number) => `${documentId}:${page}`;

/** The document with this signer's fields on it, the guide through them, consent, sign and decline. */
export function SigningForm({
  token,
  view,
  onSigned,
  onDeclined,
  onStale,
  onDelegated,
}: RecipientPageProps & { onSigned: (r: SignResult) => void }) {
  const t = useSigningT();
  // The page's language: NUMBER values are written and read in it.
  const locale = useLocale();
  const apiMessage = useApiMessage();
  const valueMessage = useValueMessage();
  const { fields } = view;
  // What the signer saved before (a reload, another device) over the fields' own first values.
  const [opened] = useState<Values>(() => withDrafts(fields, initialValues(fields, view.recipient, locale), view.drafts, locale));
  const [values, setValues] = useState<Values>(opened);
  // A switch of the page's language rewrites the numbers typed so far in the new one.
  const [numbersIn, setNumbersIn] = useState(locale);
  if (numbersIn !== locale) {
    setNumbersIn(locale);
    setValues((prev) => relocaleNumbers(fields, prev, numbersIn, locale));
  }
  const drafts = useDraftSaving(token, fields, opened, values, onStale, locale);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [markFor, setMarkFor] = useState<SigningField | null>(null);
  // At a desk, a FILE field's files are attached in a dialog.
  const [filesFor, setFilesFor] = useState<SigningField | null>(null);
  // The lazy dialogs are mounted (their code fetched) once the page is idle, or at once when asked for.
  const idle = useIdle();
  useEffect(() => {
    if (idle) void import("./field-steps");
  }, [idle]);
  // Nothing is saved while the decline goes; refused, the values are saved again as before.
  const declining = useDecline(token, { declined: onDeclined, stale: onStale, pause: drafts.pause, resume: drafts.resume });
  // A signature adopted once is offered for the signer's other signature boxes with one click.
  const [adopted, setAdopted] = useState<Partial<Record<MarkType, MarkValue>>>(() => adoptedMarks(fields, opened));
  const compact = useMediaQuery(COMPACT_QUERY);
  // "steps": field-by-field mode, at steps[stepIndex].
  const [mode, setMode] = useState<"document" | "steps">("document");
  const [stepIndex, setStepIndex] = useState(0);
  const { scroller: pagesRef, content: contentRef, controls: zoom } = useZoom(mode === "document");
  // The date a DATE field shows, as the server will write it (the request's zone and format, the signer's
  // language): fixed when the form opens.
  const [date] = useState(view.signingDate.value);

  const width = usePageWidth(pagesRef);

  // The form as filled so far: the fields their conditions show, what each FORMULA comes to (lib/forms, as the server reads it).
  const form = useMemo(
    () => readPageForm(fields, values, view.readFields, view.signingDate.day, locale, view.recipient.id),
    [fields, values, view.readFields, view.signingDate.day, locale, view.recipient.id],
  );
  const shown = form.shown;
  // Fields shown or hidden by what was just typed are announced to screen readers.
  const [hiddenBefore, setHiddenBefore] = useState(form.hidden);
  const [announcement, setAnnouncement] = useState("");
  if ([...hiddenBefore].join() !== [...form.hidden].join()) {
    const appeared = fields.filter((f) => hiddenBefore.has(f.id) && !form.hidden.has(f.id));
    const gone = fields.filter((f) => !hiddenBefore.has(f.id) && form.hidden.has(f.id));
    const names = (list: SigningField[]) => [...new Set(list.map((f) => fieldTitle(f, t)))].join(", ");
    setHiddenBefore(form.hidden);
    setAnnouncement(
      [
        appeared.length ? t("form.fieldsShown", { names: names(appeared) }) : "",
        gone.length ? t("form.fieldsHidden", { names: names(gone) }) : "",
      ]
        .filter(Boolean)
        .join(" "),
    );
  }
  /** What a field the signer does not fill shows: the day for a DATE, the result for a FORMULA. */
  const fixedText = (f: SigningField) => {
    if (f.type !== "FORMULA") return date;
    const r = form.formula(f);
    if (!r) return "";
    return "text" in r ? r.text : t(r.problem === "divisionByZero" ? "fields.formulaDivision" : "fields.formulaTooLarge");
  };

  const docs = useMemo(() => shownDocuments(token, view), [token, view]);
  // The fields on each page of each document.
  const byPage = useMemo(() => {
    const m = new Map<string, SigningField[]>();
    for (const f of shown) m.set(pageKey(f.documentId, f.page), [...(m.get(pageKey(f.documentId, f.page)) ?? []), f]);
    return m;
  }, [shown]);
  // Overlapping fields: the smaller above, so each can be clicked (the tab order stays the document's).
  const layers = useMemo(() => new Map([...byPage.values()].flatMap((onPage) => [...stackByArea(onPage)])), [byPage]);

  // Field-by-field mode's steps: each field the signer acts on, a RADIO group's buttons as one step.
  const steps = useMemo(() => inputSteps(shown), [shown]);
  const stepOf = useCallback((f: SigningField) => steps.findIndex((s) => s.some((o) => o.id === f.id)), [steps]);

  const required = useMemo(() => requiredFields(shown), [shown]);
  const missing = required.filter((f) => !isFilled(f, values[f.id], { fields: shown, values }));
  const done = doneCount(required, { fields: shown, values }, t, locale);

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

  /** Field-by-field mode at the step holding `f`, its control focused once drawn. */
  const openStep = useCallback(
    (f: SigningField) => {
      const i = stepOf(f);
      if (i < 0) return;
      setMode("steps");
      setStepIndex(i);
      requestAnimationFrame(() => {
        const el = document.getElementById(fieldDomId(f));
        el?.scrollIntoView({ block: "center" });
        el?.focus({ preventScroll: true });
      });
    },
    [stepOf],
  );

  const focusField = useCallback(
    (f: SigningField) => {
      // On a phone, and in field-by-field mode, a field is filled in its step.
      if (compact || mode === "steps") return openStep(f);
      const el = document.getElementById(fieldDomId(f));
      if (!el) return;
      el.scrollIntoView({ block: "center", behavior: "smooth" });
      el.focus({ preventScroll: true });
    },
    [compact, mode, openStep],
  );

  const focusConsent = () => {
    const el = document.getElementById(CONSENT_ID);
    el?.scrollIntoView({ block: "center", behavior: "smooth" });
    el?.focus({ preventScroll: true });
  };

  /** The next empty required field after the one with focus (or the step shown), wrapping; else the consent box. */
  const goNext = () => {
    const [firstMissing] = missing;
    if (!firstMissing) return focusConsent();
    const active = document.activeElement?.id;
    const at =
      mode === "steps"
        ? Math.max(...(steps[stepIndex] ?? []).map((f) => shown.indexOf(f)))
        : shown.findIndex((f) => fieldDomId(f) === active);
    focusField(missing.find((f) => shown.indexOf(f) > at) ?? firstMissing);
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

  /** No mark would be given (see fields.ts: Unsigned): the signatures shown say "Sign here", the first gets the focus. */
  const sayUnsigned = (u: Unsigned) => {
    if (u.kind === "unsigned") setFieldErrors(Object.fromEntries(u.shown.map((f) => [f.id, t("form.signHere")])));
    setFormError(unsignedMessage(u, t));
    const [first] = u.kind === "unsigned" ? u.shown : [];
    if (first) focusField(first);
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
    // A signer always signs: a signature the rules make optional or conditional still needs one mark.
    const unsigned = unsignedOf(fields, shown, values);
    if (unsigned) return sayUnsigned(unsigned);
    // Checked here first (number bounds, e-mail form, options); the server judges again.
    const wrong = shown
      .map((f) => [f, valueProblem(f, values[f.id], t, locale)] as const)
      .filter((x): x is readonly [SigningField, string] => x[1] !== null);
    const [firstWrong] = wrong;
    if (firstWrong) {
      setFieldErrors(Object.fromEntries(wrong.map(([f, m]) => [f.id, m])));
      setFormError(t("form.wrong", { count: wrong.length }));
      return focusField(firstWrong[0]);
    }
    // A hidden field gives no value (the server refuses one); a FORMULA is calculated there.
    const submitted = toSubmission(shown, values, locale);
    setBusy(true);
    // No value is saved while the signature goes: the values are in it.
    await drafts.pause();
    const res = await callSigning<SignResult>(token, "/sign", { consent: true, values: submitted, locale });
    setBusy(false);
    if (res.ok) return onSigned(res.data);
    const { errors } = res.error;
    // 401: the signer session ended (the app asks for the code again).
    if (isStale(res.error)) return onStale(res.error);
    drafts.resume();
    if (errors?.length) {
      const { byField, general } = errorsByField(errors, submitted, fields);
      // A signature left without a mark is said in the page's words, whatever else was refused with it.
      const unsignedNow = unsignedRefusal(res.error, submitted, fields, shown);
      const toSign = new Set(unsignedNow?.kind === "unsigned" ? unsignedNow.shown.map((f) => f.id) : []);
      setFieldErrors(
        Object.fromEntries(Object.entries(byField).map(([id, m]) => [id, toSign.has(id) ? t("form.signHere") : valueMessage(m)])),
      );
      setFormError(
        unsignedNow
          ? unsignedMessage(unsignedNow, t)
          : general[0] !== undefined
            ? valueMessage(general[0])
            : apiMessage(res.error),
      );
      const first = shown.find((f) => byField[f.id]);
      if (first) focusField(first);
      return;
    }
    setFormError(apiMessage(res.error));
  };

  // What the recipients who signed put on this page, read-only, beneath the signer's own fields.
  const earlierOverlay = (doc: ShownDocument, page: number, scale: number) =>
    earlierOnPage(view.signedValues, doc.id, page).map((v) => (
      <EarlierValueBox key={v.id} token={token} value={v} scale={scale} />
    ));
  const overlay = (doc: ShownDocument, page: number, scale: number) => [
    ...earlierOverlay(doc, page, scale),
    ...(byPage.get(pageKey(doc.id, page)) ?? []).map((f) => {
      const shared = {
        field: f,
        scale,
        layer: layers.get(f.id),
        value: values[f.id],
        error: fieldErrors[f.id],
        date: fixedText(f),
        onMark: () => openMark(f),
        onCheck: (c: boolean) => setChecked(f, c),
      };
      return compact ? (
        <CompactField key={f.id} {...shared} values={values} fields={shown} onOpen={() => openStep(f)} />
      ) : (
        <FieldBox key={f.id} {...shared} onText={(t) => setValue(f, t)} onFiles={() => setFilesFor(f)} />
      );
    }),
  ];

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
          <button
            type="button"
            onClick={goNext}
            className="shrink-0 rounded-md bg-amber-400 px-3 py-2 text-sm font-semibold text-amber-950 hover:bg-amber-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
          >
            {t("form.nextField")}
          </button>
        </div>
        {/* The ways to read: field by field or the whole document, its zoom, the language. Wraps on a narrow phone. */}
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-2 px-3 pb-2 sm:px-4">
          {steps.length ? (
            <button
              type="button"
              aria-pressed={mode === "steps"}
              onClick={() => (mode === "steps" ? setMode("document") : openStep(steps[0]![0]!))}
              className="min-h-9 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-sky-600 aria-pressed:border-sky-700 aria-pressed:bg-sky-50 aria-pressed:text-sky-900"
            >
              {mode === "steps" ? t("steps.close") : t("steps.open")}
            </button>
          ) : null}
          {mode === "document" ? <ZoomControls {...zoom} /> : null}
          <LanguageSwitcher className="ml-auto shrink-0" />
        </div>
        <ProgressBar
          label={t("form.progressLabel")}
          now={done}
          max={required.length}
          className="h-1 bg-slate-100"
          fill="bg-emerald-500 transition-[width]"
        />
      </header>

      <main className="mx-auto max-w-5xl px-2 py-4 sm:px-4">
        <SenderMessage message={view.message} />
        <p className="mb-3 text-sm text-slate-600">{t("form.intro", { count: shown.length })}</p>
        <p aria-live="polite" className="sr-only">
          {announcement}
        </p>
        {/* touch-action: the two-finger pinch over the pages is ours (useZoom), drawn again sharp at the new size. */}
        <div ref={pagesRef} className="w-full touch-pan-x touch-pan-y overflow-x-auto">
          {width > 0 && mode === "steps" ? (
            <FieldSteps
              steps={steps}
              // A rule that hid the last steps leaves the signer on the last one still shown.
              index={Math.min(stepIndex, Math.max(steps.length - 1, 0))}
              onIndex={(i) => steps[i] && openStep(steps[i][0]!)}
              values={values}
              errors={fieldErrors}
              docs={docs}
              width={Math.min(width, STEPS_WIDTH)}
              onText={setValue}
              onCheck={setChecked}
              onMark={openMark}
              onFinish={focusConsent}
              token={token}
              onFiles={setValue}
              onStale={onStale}
              saveFirst={drafts.saveNow}
            />
          ) : width > 0 ? (
            <div ref={contentRef} className="w-max min-w-full">
              <DocumentPages docs={docs} width={Math.round(width * zoom.zoom)} overlay={overlay} />
            </div>
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
          onDecline={() => declining.setOpen(true)}
          delegate={view.recipient.canDelegate && onDelegated ? { token, onDelegated, onStale } : undefined}
        />
      </main>

      {idle || markFor ? (
        <SignatureDialog
          open={!!markFor}
          kind={(markFor?.type as MarkType) ?? "SIGNATURE"}
          suggestedText={markFor?.type === "INITIAL" ? initialsOf(view.recipient.name) : view.recipient.name}
          current={markFor && typeof values[markFor.id] === "object" ? (values[markFor.id] as MarkValue) : undefined}
          onApply={applyMark}
          onClose={() => setMarkFor(null)}
        />
      ) : null}
      {idle || filesFor ? (
        <FilesDialog
          token={token}
          field={filesFor}
          value={filesFor ? values[filesFor.id] : undefined}
          error={filesFor ? fieldErrors[filesFor.id] : undefined}
          onValue={setValue}
          onStale={onStale}
          saveFirst={drafts.saveNow}
          onClose={() => {
            const f = filesFor;
            setFilesFor(null);
            if (f) requestAnimationFrame(() => document.getElementById(fieldDomId(f))?.focus({ preventScroll: true }));
          }}
        />
      ) : null}
      <DeclineDialog
        open={declining.open}
        onClose={() => declining.setOpen(false)}
        onDecline={declining.decline}
        othersTold={view.declineTells}
      />
    </>
  );
}
