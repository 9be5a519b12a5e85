"use client";

import { FieldErrorTip, fieldFrame, ring } from "./field-frame";
import { FieldInput, INPUT_TYPES } from "./field-inputs";
import { fieldDomId, fieldTitle, filesOf, type Values } from "./fields";
import { useSigningT, type SigningT } from "./intl";
import { scriptFont } from "./script-font";
import type { MarkValue, SigningField } from "./types";

/**
 * One of the signer's fields, drawn over the page at its exact place: the box is the field's
 * rectangle in points times `scale` (CSS pixels per point).
 */
export function FieldBox({
  field,
  scale,
  layer,
  value,
  error,
  date,
  onText,
  onMark,
  onCheck,
  onFiles,
}: {
  /** FILE: opens the dialog where files are attached. */
  onFiles?: () => void;
  field: SigningField;
  scale: number;
  /** Its z-index among the page's fields (a smaller field above a larger one it overlaps). */
  layer?: number;
  value: Values[string];
  error?: string;
  /** What a field the signer does not fill shows: a DATE's day, a FORMULA's result (or why there is none). */
  date: string;
  onText: (text: string) => void;
  onMark: () => void;
  /** CHECKBOX and RADIO: ticked or chosen. */
  onCheck?: (checked: boolean) => void;
}) {
  const t = useSigningT();
  if (INPUT_TYPES.has(field.type)) {
    return (
      <FieldInput
        field={field}
        scale={scale}
        layer={layer}
        value={typeof value === "object" ? undefined : value}
        error={error}
        onValue={(v) => (typeof v === "boolean" ? onCheck?.(v) : onText(v))}
      />
    );
  }
  const { box, name, title, errorId, fontPx } = fieldFrame(field, scale, layer, error, t);

  if (field.type === "TEXT") {
    const text = typeof value === "string" ? value : "";
    return (
      <div className="group absolute" style={box} data-field={field.id}>
        <input
          id={fieldDomId(field)}
          type="text"
          aria-label={name}
          title={`${t("fields.titleState", { title, state: field.required ? t("fields.required") : t("fields.optional") })}${field.maxLength ? `, ${t("fields.upTo", { count: field.maxLength })}` : ""}`}
          placeholder={title}
          required={field.required}
          aria-required={field.required}
          aria-invalid={!!error}
          aria-describedby={errorId}
          maxLength={field.maxLength ?? undefined}
          value={text}
          onChange={(e) => onText(e.target.value)}
          className={`h-full w-full rounded-[2px] border px-1 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-sky-600 ${ring(error, text.trim() !== "")}`}
          style={{ fontSize: fontPx, lineHeight: 1 }}
        />
        <FieldTag field={field} />
        {error ? <FieldErrorTip id={errorId!} message={error} /> : null}
      </div>
    );
  }

  if (field.type === "DATE" || field.type === "FORMULA") {
    return (
      <div className="group absolute" style={box} data-field={field.id}>
        <input
          id={fieldDomId(field)}
          type="text"
          readOnly
          aria-readonly
          aria-label={name}
          title={field.type === "FORMULA" ? t("fields.formulaTitle") : t("fields.dateTitle")}
          value={date}
          className="h-full w-full cursor-default rounded-[2px] border border-slate-400/60 bg-slate-100/70 px-1 text-slate-900 focus:outline-2 focus:outline-sky-600"
          style={{ fontSize: fontPx, lineHeight: 1 }}
        />
        <FieldTag field={field} />
      </div>
    );
  }

  if (field.type === "FILE") {
    const files = filesOf(value);
    const words = files.length ? files.map((f) => f.name).join(", ") : t("files.open");
    return (
      <div className="group absolute" style={box} data-field={field.id}>
        <button
          id={fieldDomId(field)}
          type="button"
          aria-label={`${name}, ${files.length ? t("files.count", { count: files.length }) : t("files.open")}`}
          aria-haspopup="dialog"
          aria-describedby={errorId}
          onClick={onFiles}
          className={`flex h-full w-full items-center justify-center overflow-hidden rounded-[2px] border-2 border-dashed px-1 text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-sky-600 ${ring(error, files.length > 0)} ${files.length ? "border-solid" : ""}`}
        >
          <span className="truncate font-medium" style={{ fontSize: Math.max(10, Math.min(fontPx, 14)) }}>
            {words}
            {!files.length && field.required ? <span aria-hidden> *</span> : null}
          </span>
        </button>
        <FieldTag field={field} />
        {error ? <FieldErrorTip id={errorId!} message={error} /> : null}
      </div>
    );
  }

  const mark = value && typeof value === "object" && value.kind !== "files" ? value : undefined;
  const shown = markWords(field, mark, t);
  return (
    <div className="group absolute" style={box} data-field={field.id}>
      <button
        id={fieldDomId(field)}
        type="button"
        aria-label={shown ? `${name}, ${shown}` : name}
        aria-haspopup="dialog"
        aria-describedby={errorId}
        onClick={onMark}
        className={`flex h-full w-full items-center justify-center overflow-hidden rounded-[2px] border-2 border-dashed text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-sky-600 ${ring(error, !!mark)} ${mark ? "border-solid" : ""}`}
      >
        <MarkFace field={field} mark={mark} box={box} words={shown} />
      </button>
      <FieldTag field={field} />
      {error ? <FieldErrorTip id={errorId!} message={error} /> : null}
    </div>
  );
}

/**
 * The words a signature or initials box shows, which its accessible name ends with (WCAG 2.5.3, label in
 * name: "Client signature, Sign" while empty, "Client signature, Ann Archer" once typed); a drawn mark shows none.
 */
export function markWords(field: SigningField, mark: MarkValue | undefined, t: SigningT): string {
  if (mark) return mark.kind === "typed" ? mark.text : "";
  return field.type === "INITIAL" ? t("fields.initial") : t("fields.sign");
}

/**
 * What a signature or initials box shows, at a desk and on a phone: the drawn or uploaded image, the
 * typed name in the script font sized to fit the box, or (empty) the verb, with * when required.
 */
export function MarkFace({
  field,
  mark,
  box,
  words,
}: {
  field: SigningField;
  mark: MarkValue | undefined;
  box: { width: number; height: number };
  /** markWords(): the verb or the typed name. */
  words: string;
}) {
  if (mark?.kind === "image")
    // eslint-disable-next-line @next/next/no-img-element -- the signer's own data: URL
    return <img src={mark.dataUrl} alt="" className="h-full w-full object-contain" />;
  if (mark?.kind === "typed")
    return (
      <span
        className={`${scriptFont.className} whitespace-nowrap leading-none text-[#10215e]`}
        style={{ fontSize: Math.min(box.height * 0.75, (box.width / Math.max(mark.text.length, 1)) * 1.9) }}
      >
        {mark.text}
      </span>
    );
  return (
    <span className="font-semibold text-amber-900" style={{ fontSize: Math.max(10, Math.min(box.height * 0.4, 16)) }}>
      {words}
      {field.required ? <span aria-hidden> *</span> : null}
    </span>
  );
}

/** The field's name and whether it is required, shown above the box while it has focus. */
function FieldTag({ field }: { field: SigningField }) {
  const t = useSigningT();
  return (
    <span
      aria-hidden
      className="pointer-events-none absolute bottom-full left-0 z-20 mb-0.5 hidden whitespace-nowrap rounded bg-slate-900 px-1.5 py-0.5 text-[11px] font-medium text-white group-focus-within:block"
    >
      {fieldTitle(field, t)}
      {` · ${tagState(field, t)}`}
      {field.type === "TEXT" && field.maxLength ? ` · ${t("fields.tagMax", { max: field.maxLength })}` : ""}
    </span>
  );
}

const tagState = (field: SigningField, t: SigningT) =>
  field.type === "DATE"
    ? t("fields.filledWhenSigning")
    : field.type === "FORMULA"
      ? t("fields.calculated")
      : field.required
        ? t("fields.required")
        : t("fields.optional");
