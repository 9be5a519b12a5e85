"use client";

import { ChoiceOptions, keyboardHints } from "./field-inputs";
import { fieldDomId, fieldTitle, type Values } from "./fields";
import { useSigningT } from "./intl";
import { useNumberInput } from "./number-input";
import { PageRegion } from "./page-images";
import { documentOf, type ShownDocument } from "./document-pages";
import { scriptFont } from "./script-font";
import type { FilesValue, SigningField } from "./types";
import type { ApiFailure } from "./api";
import { FileControl } from "./file-field";

/** A step of field-by-field mode: one field, or a RADIO group's buttons together. */
export type Step = SigningField[];

const control =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 focus:border-sky-600 focus:outline-none focus:ring-2 focus:ring-sky-200";
const nav =
  "min-h-11 rounded-md px-4 py-2.5 text-base font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-40";

/** The area a step's fields take on their (first) page: the field, or the union of a RADIO group's buttons. */
function stepBox(step: Step) {
  const first = step[0]!;
  const onPage = step.filter((f) => f.page === first.page);
  const x = Math.min(...onPage.map((f) => f.x));
  const y = Math.min(...onPage.map((f) => f.y));
  return {
    x,
    y,
    width: Math.max(...onPage.map((f) => f.x + f.width)) - x,
    height: Math.max(...onPage.map((f) => f.y + f.height)) - y,
  };
}

/**
 * Field-by-field mode, for a phone: one field at a time, full width, its label and
 * whether it is required above a control at 16 px (iOS does not zoom on focus), the part of the page
 * around it drawn above, and Back / Next. The values are the form's own: switching back to the whole
 * document keeps everything.
 */
export function FieldSteps({
  steps,
  index,
  onIndex,
  values,
  errors,
  docs,
  width,
  onText,
  onCheck,
  onMark,
  onFinish,
  token,
  onFiles,
  onStale,
  saveFirst,
}: {
  token: string;
  onFiles: (f: SigningField, v: FilesValue) => void;
  onStale: (e: ApiFailure) => void;
  /** Saves the draft now, before a file is uploaded (file-field.tsx). */
  saveFirst: () => Promise<unknown>;
  steps: Step[];
  index: number;
  onIndex: (i: number) => void;
  values: Values;
  errors: Record<string, string>;
  docs: readonly ShownDocument[];
  width: number;
  onText: (f: SigningField, text: string) => void;
  onCheck: (f: SigningField, checked: boolean) => void;
  onMark: (f: SigningField) => void;
  onFinish: () => void;
}) {
  const t = useSigningT();
  const step = steps[index];
  if (!step) return null;
  const first = step[0]!;
  const title = fieldTitle(first, t);
  const required = step.some((f) => f.required);
  const last = index === steps.length - 1;
  const doc = documentOf(docs, first);
  const size = doc?.pages[first.page - 1];

  return (
    <section aria-labelledby="signet-step-heading" className="mx-auto max-w-xl space-y-3" data-step={index + 1}>
      <p className="text-sm text-slate-600">
        <span id="signet-step-heading" className="font-semibold text-slate-900">
          {t("steps.position", { n: index + 1, total: steps.length })}
        </span>{" "}
        · {required ? t("fields.required") : t("fields.optional")}
      </p>
      {doc && docs.length > 1 ? (
        <p className="text-xs text-slate-500">
          {t("docs.documentOf", { n: docs.indexOf(doc) + 1, total: docs.length })} · {doc.name}
        </p>
      ) : null}
      {doc && size && width > 0 ? (
        <PageRegion source={doc.source} page={first.page} size={size} box={stepBox(step)} width={width} />
      ) : null}
      <StepControl
        step={step}
        title={title}
        values={values}
        errors={errors}
        onText={onText}
        onCheck={onCheck}
        onMark={onMark}
        token={token}
        onFiles={onFiles}
        onStale={onStale}
        saveFirst={saveFirst}
      />
      <div className="flex items-center justify-between gap-3 pt-1">
        <button
          type="button"
          disabled={index === 0}
          onClick={() => onIndex(index - 1)}
          className={`${nav} border border-slate-300 bg-white text-slate-800`}
        >
          {t("steps.back")}
        </button>
        <button
          type="button"
          onClick={() => (last ? onFinish() : onIndex(index + 1))}
          className={`${nav} bg-sky-700 text-white hover:bg-sky-800`}
        >
          {last ? t("steps.finish") : t("form.nextField")}
        </button>
      </div>
    </section>
  );
}

function ErrorText({ f, errors }: { f: SigningField; errors: Record<string, string> }) {
  const e = errors[f.id];
  return e ? (
    <p id={`${fieldDomId(f)}-error`} className="mt-1 text-sm font-medium text-red-700">
      {e}
    </p>
  ) : null;
}

function StepControl({
  step,
  title,
  values,
  errors,
  onText,
  onCheck,
  onMark,
  token,
  onFiles,
  onStale,
  saveFirst,
}: {
  step: Step;
  title: string;
  values: Values;
  errors: Record<string, string>;
  onText: (f: SigningField, text: string) => void;
  onCheck: (f: SigningField, checked: boolean) => void;
  onMark: (f: SigningField) => void;
  token: string;
  onFiles: (f: SigningField, v: FilesValue) => void;
  onStale: (e: ApiFailure) => void;
  saveFirst: () => Promise<unknown>;
}) {
  const t = useSigningT();
  const f = step[0]!;
  const id = fieldDomId(f);
  const text = typeof values[f.id] === "string" ? (values[f.id] as string) : "";
  const number = useNumberInput(f, text, (v) => onText(f, v));
  // The form's word on the field (on signing), else a NUMBER's own problem once the signer leaves it.
  const shown = number.problem && !errors[f.id] ? { ...errors, [f.id]: number.problem } : errors;
  const describedBy = shown[f.id] ? `${id}-error` : undefined;
  const label = (
    <label htmlFor={id} className="mb-1 block text-base font-medium text-slate-900">
      {title}
    </label>
  );

  if (f.type === "RADIO") {
    return (
      <fieldset>
        <legend className="mb-1 text-base font-medium text-slate-900">{title}</legend>
        <div className="space-y-1">
          {step.map((o) => (
            <label key={o.id} className="flex min-h-11 items-center gap-3 rounded-md px-1 text-base">
              <input
                id={fieldDomId(o)}
                type="radio"
                name={`signet-step-radio-${o.group ?? o.id}`}
                checked={values[o.id] === true}
                onChange={(e) => onCheck(o, e.target.checked)}
                className="h-6 w-6 accent-sky-700"
              />
              {o.option ?? fieldTitle(o, t)}
            </label>
          ))}
        </div>
        {step.map((o) => (
          <ErrorText key={o.id} f={o} errors={errors} />
        ))}
      </fieldset>
    );
  }

  if (f.type === "CHECKBOX") {
    return (
      <div>
        <label className="flex min-h-11 items-center gap-3 text-base font-medium text-slate-900">
          <input
            id={id}
            type="checkbox"
            checked={values[f.id] === true}
            onChange={(e) => onCheck(f, e.target.checked)}
            aria-invalid={!!errors[f.id]}
            aria-describedby={describedBy}
            aria-required={f.required}
            className="h-6 w-6 shrink-0 accent-sky-700"
          />
          {title}
        </label>
        <ErrorText f={f} errors={errors} />
      </div>
    );
  }

  if (f.type === "FILE") {
    return (
      <div>
        <p className="mb-1 text-base font-medium text-slate-900">{title}</p>
        <FileControl
          token={token}
          field={f}
          value={values[f.id]}
          error={errors[f.id]}
          onValue={(v) => onFiles(f, v)}
          onStale={onStale}
          saveFirst={saveFirst}
        />
      </div>
    );
  }

  if (f.type === "SIGNATURE" || f.type === "INITIAL") {
    const raw = values[f.id];
    const mark = raw && typeof raw === "object" && raw.kind !== "files" ? raw : undefined;
    const noun = f.type === "INITIAL" ? "initials" : "signature";
    return (
      <div>
        <p className="mb-1 text-base font-medium text-slate-900">{title}</p>
        <div className="flex min-h-24 items-center justify-center rounded-md border-2 border-dashed border-slate-300 bg-white p-2">
          {mark ? (
            mark.kind === "image" ? (
              // eslint-disable-next-line @next/next/no-img-element -- the signer's own data: URL
              <img src={mark.dataUrl} alt="" className="max-h-20 object-contain" />
            ) : (
              <span className={`${scriptFont.className} text-3xl text-[#10215e]`}>{mark.text}</span>
            )
          ) : null}
        </div>
        <button
          id={id}
          type="button"
          aria-haspopup="dialog"
          aria-describedby={describedBy}
          onClick={() => onMark(f)}
          className={`${nav} mt-2 w-full border border-amber-500 bg-amber-100 text-amber-950 hover:bg-amber-200`}
        >
          {mark ? t("steps.change") : t(`mark.${noun}.title`)}
        </button>
        <ErrorText f={f} errors={errors} />
      </div>
    );
  }

  if (f.type === "DROPDOWN") {
    return (
      <div>
        {label}
        <select
          id={id}
          value={typeof values[f.id] === "string" ? (values[f.id] as string) : ""}
          onChange={(e) => onText(f, e.target.value)}
          required={f.required}
          aria-invalid={!!errors[f.id]}
          aria-describedby={describedBy}
          className={control}
        >
          <ChoiceOptions field={f} />
        </select>
        <ErrorText f={f} errors={errors} />
      </div>
    );
  }

  return (
    <div>
      {label}
      <input
        id={id}
        type={f.type === "EMAIL" ? "email" : "text"}
        {...keyboardHints(f)}
        maxLength={f.type === "TEXT" ? (f.maxLength ?? undefined) : undefined}
        required={f.required}
        aria-invalid={!!shown[f.id]}
        aria-describedby={describedBy}
        value={text}
        onChange={(e) => number.onChange(e.target.value)}
        onBlur={number.onBlur}
        className={control}
      />
      <ErrorText f={f} errors={shown} />
    </div>
  );
}
