"use client";

import { MarkFace, markWords } from "./field-box";
import { fieldFrame, ring } from "./field-frame";
import { TickLabel } from "./field-inputs";
import { fieldDomId, filesOf, isFilled, type Values } from "./fields";
import { useSigningT } from "./intl";
import type { SigningField } from "./types";

/**
 * A field over the page on a phone or a touch screen: not a tiny input (a 15-px box
 * with 9-px text, which iOS zooms into) but a button at the field's place. A signature or initials box
 * opens the signature dialog, a checkbox or radio button is ticked where it is, and any other field
 * opens field-by-field mode at itself, where its control is full width at 16 px. It shows what it holds. However small
 * the box, its touch target is at least 24 × 24 px (a transparent margin around it, under the boxes
 * beside it: a smaller field stays above a larger one). It shows no tag above itself, so it covers no
 * neighbour. A DATE field only shows the date, a FORMULA its result: there is nothing to do there.
 */
const isMark = (f: SigningField) => f.type === "SIGNATURE" || f.type === "INITIAL";

export function CompactField({
  field,
  scale,
  layer,
  value,
  values,
  fields,
  error,
  date,
  onOpen,
  onMark,
  onCheck,
}: {
  field: SigningField;
  scale: number;
  layer?: number;
  value: Values[string];
  values: Values;
  fields: SigningField[];
  error?: string;
  date: string;
  /** Field-by-field mode at this field. */
  onOpen: () => void;
  onMark: () => void;
  onCheck: (checked: boolean) => void;
}) {
  const t = useSigningT();
  const { box, name, title, fontPx } = fieldFrame(field, scale, layer, error, t);
  if (field.type === "DATE" || field.type === "FORMULA") {
    return (
      <div
        aria-label={field.type === "FORMULA" ? `${name}, ${date}` : undefined}
        role={field.type === "FORMULA" ? "status" : undefined}
        className="absolute flex items-center overflow-hidden rounded-[2px] border border-slate-400/60 bg-slate-100/70 px-0.5 text-slate-900"
        style={{ ...box, fontSize: fontPx, lineHeight: 1 }}
        data-field={field.id}
      >
        {date}
      </div>
    );
  }
  const tick = field.type === "CHECKBOX" || field.type === "RADIO";
  const answered = isFilled(field, value, { fields, values });
  // A radio button shows its own state: green when chosen; plain when another of its group was chosen.
  const filled = tick ? value === true : answered;
  const tone = field.type === "RADIO" && answered && !filled && !error ? "border-slate-400 bg-white/70" : ring(error, filled);
  const mark = isMark(field) && value && typeof value === "object" && value.kind !== "files" ? value : undefined;
  const files = filesOf(value);
  const shown = isMark(field)
    ? markWords(field, mark, t)
    : field.type === "FILE"
      ? files.length
        ? files.map((f) => f.name).join(", ")
        : ""
      : typeof value === "string"
        ? value
        : "";
  // An empty text-like field shows its title, as its input's placeholder does at a desk (already in its name).
  const placeholder = !shown && !tick && !isMark(field) ? title : "";
  return (
    <div className="absolute" style={box} data-field={field.id}>
      <button
        id={fieldDomId(field)}
        type="button"
        aria-label={shown ? `${name}, ${shown}` : name}
        role={tick ? (field.type === "RADIO" ? "radio" : "checkbox") : undefined}
        aria-checked={tick ? value === true : undefined}
        aria-haspopup={isMark(field) ? "dialog" : undefined}
        onClick={() => (isMark(field) ? onMark() : tick ? onCheck(field.type === "RADIO" ? true : value !== true) : onOpen())}
        className={`relative flex h-full w-full items-center justify-center overflow-visible ${field.type === "RADIO" ? "rounded-full" : "rounded-[2px]"} border-2 border-dashed px-0.5 text-slate-900 focus:outline-2 focus:outline-sky-600 before:absolute before:left-1/2 before:top-1/2 before:h-full before:min-h-6 before:w-full before:min-w-6 before:-translate-x-1/2 before:-translate-y-1/2 before:content-[''] ${tone} ${filled ? "border-solid" : ""}`}
      >
        {tick ? (
          value === true ? (
            <span
              aria-hidden
              className={`block h-3/5 w-3/5 bg-emerald-700 ${field.type === "RADIO" ? "rounded-full" : "rounded-[1px]"}`}
            />
          ) : null
        ) : isMark(field) ? (
          <MarkFace field={field} mark={mark} box={box} words={shown} />
        ) : (
          <span className="truncate leading-none" style={{ fontSize: fontPx }}>
            {shown || <span className="text-slate-600">{placeholder}</span>}
          </span>
        )}
      </button>
      <TickLabel field={field} title={title} />
    </div>
  );
}
