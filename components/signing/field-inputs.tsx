"use client";

import { useLayoutEffect, useRef, useState } from "react";
import { formatNumberValue } from "@/lib/numbers/locale-number";
import { FieldErrorTip, fieldFrame, ring } from "./field-frame";
import { fieldDomId } from "./fields";
import { placeLabel } from "./label-place";
import { useLocale, useSigningT } from "./intl";
import { useNumberInput } from "./number-input";
import type { SigningField } from "./types";

/** The types whose control is a form input drawn over the page. */
export const INPUT_TYPES = new Set<SigningField["type"]>(["CHECKBOX", "RADIO", "DROPDOWN", "NUMBER", "NAME", "EMAIL"]);

/**
 * A CHECKBOX, RADIO button, DROPDOWN, NUMBER, NAME or EMAIL field over the page at its exact place:
 * native controls (labelled, keyboard and screen-reader ready), the box times `scale`.
 */
export function FieldInput({
  field,
  scale,
  layer,
  value,
  error: formError,
  onValue,
}: {
  field: SigningField;
  scale: number;
  /** Its z-index among the page's fields (see FieldBox). */
  layer?: number;
  value: string | boolean | undefined;
  error?: string;
  onValue: (v: string | boolean) => void;
}) {
  const t = useSigningT();
  const locale = useLocale();
  const number = useNumberInput(field, typeof value === "string" ? value : "", onValue);
  // The form's word on the field (on signing), else a NUMBER's own problem once the signer leaves it.
  const error = formError ?? number.problem;
  const { box, name, title, errorId, fontPx } = fieldFrame(field, scale, layer, error, t);
  const state = field.required ? t("fields.required") : t("fields.optional");
  const common = {
    id: fieldDomId(field),
    "aria-label": name,
    "aria-invalid": !!error,
    "aria-describedby": errorId,
    "aria-required": field.required,
  };

  let control: React.ReactNode;
  if (field.type === "CHECKBOX" || field.type === "RADIO") {
    const on = value === true;
    control = (
      <span
        className={`flex h-full w-full items-center justify-center rounded-[2px] border ${ring(error, on || !field.required)}`}
      >
        <input
          {...common}
          type={field.type === "CHECKBOX" ? "checkbox" : "radio"}
          name={field.type === "RADIO" ? `signet-radio-${field.group ?? field.id}` : undefined}
          value={field.option ?? undefined}
          checked={on}
          title={
            field.type === "RADIO"
              ? t("fields.option", { title, option: field.option ?? "" })
              : t("fields.titleState", { title, state: field.required ? t("fields.mustBeTicked") : t("fields.optional") })
          }
          onChange={(e) => onValue(e.target.checked)}
          className="h-[85%] w-[85%] cursor-pointer accent-sky-700 focus:outline-2 focus:outline-sky-600"
        />
      </span>
    );
  } else if (field.type === "DROPDOWN") {
    const v = typeof value === "string" ? value : "";
    control = (
      <select
        {...common}
        required={field.required}
        value={v}
        onChange={(e) => onValue(e.target.value)}
        className={`h-full w-full rounded-[2px] border px-0.5 text-slate-900 focus:outline-2 focus:outline-sky-600 ${ring(error, v !== "")}`}
        style={{ fontSize: fontPx, lineHeight: 1 }}
      >
        <ChoiceOptions field={field} />
      </select>
    );
  } else {
    const v = typeof value === "string" ? value : "";
    const isNumber = field.type === "NUMBER";
    const bounds = isNumber
      ? [
          field.min != null ? t("fields.from", { min: formatNumberValue(field.min, locale) }) : "",
          field.max != null ? t("fields.to", { max: formatNumberValue(field.max, locale) }) : "",
          field.decimals != null ? t("fields.decimalsAtMost", { count: field.decimals }) : "",
        ]
          .filter(Boolean)
          .join(" ")
      : "";
    control = (
      <input
        {...common}
        type={field.type === "EMAIL" ? "email" : "text"}
        {...keyboardHints(field)}
        maxLength={!isNumber ? (field.maxLength ?? undefined) : undefined}
        required={field.required}
        placeholder={title}
        title={`${t("fields.titleState", { title, state })}${bounds ? `, ${bounds}` : ""}`}
        value={v}
        onChange={(e) => number.onChange(e.target.value)}
        onBlur={number.onBlur}
        className={`h-full w-full rounded-[2px] border px-1 text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-sky-600 ${ring(error, v.trim() !== "")}`}
        style={{ fontSize: fontPx, lineHeight: 1 }}
      />
    );
  }

  return (
    <div className="group absolute" style={box} data-field={field.id}>
      {control}
      <TickLabel field={field} title={title} />
      <span
        aria-hidden
        className="pointer-events-none absolute bottom-full left-0 z-20 mb-0.5 hidden whitespace-nowrap rounded bg-slate-900 px-1.5 py-0.5 text-[11px] font-medium text-white group-focus-within:block"
      >
        {field.type === "RADIO" ? t("fields.option", { title, option: field.option ?? "" }) : title}
        {` · ${field.required && field.type === "CHECKBOX" ? t("fields.mustBeTicked") : state}`}
        {field.type === "NUMBER" && field.min != null
          ? ` · ${t("fields.tagMin", { min: formatNumberValue(field.min, locale) })}`
          : ""}
        {field.type === "NUMBER" && field.max != null
          ? ` · ${t("fields.tagMax", { max: formatNumberValue(field.max, locale) })}`
          : ""}
      </span>
      {error ? <FieldErrorTip id={errorId!} message={error} /> : null}
    </div>
  );
}

/**
 * What a CHECKBOX or a RADIO button means, beside it at a size that reads at every zoom (not scaled with the
 * page), at a desk and on a phone alike. The control's accessible name already says it: hidden from assistive
 * technology, and it lets clicks through to whatever lies under it. It is placed where it covers none of the
 * document's words (label-place.ts, measured against the page's text layer once it is there, again when the
 * page is drawn at another size): right of the box where that is free, else left, above or below it, within
 * the page. It stacks under the fields that follow it on the page, so it never hides a box. Nothing for other types.
 */
export function TickLabel({ field, title }: { field: SigningField; title: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [at, setAt] = useState<{ left: number; top: number } | null>(null);
  const tick = field.type === "CHECKBOX" || field.type === "RADIO";
  useLayoutEffect(() => {
    const el = ref.current;
    const owner = el?.parentElement;
    const pageEl = el?.closest<HTMLElement>("[data-page]");
    if (!tick || !el || !owner || !pageEl) return;
    const place = () => {
      const page = pageEl.getBoundingClientRect();
      const own = owner.getBoundingClientRect();
      const rel = (r: DOMRect) => ({ x: r.left - page.left, y: r.top - page.top, width: r.width, height: r.height });
      const words = [...pageEl.querySelectorAll("svg[data-text-layer] text")].map((t) => rel(t.getBoundingClientRect()));
      const others = [...pageEl.querySelectorAll<HTMLElement>("[data-field]")]
        .filter((f) => f !== owner)
        .map((f) => rel(f.getBoundingClientRect()));
      const p = placeLabel(rel(own), { width: el.offsetWidth, height: el.offsetHeight }, page, words, others);
      // Relative to the field's own box, which the pill is positioned in.
      const next = { left: Math.round(p.x - (own.left - page.left)), top: Math.round(p.y - (own.top - page.top)) };
      setAt((prev) => (prev && prev.left === next.left && prev.top === next.top ? prev : next));
    };
    place();
    // The text layer comes after the image, and a zoom redraws the page at another size.
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const mo = new MutationObserver(later);
    mo.observe(pageEl, { childList: true, subtree: true });
    const ro = new ResizeObserver(later);
    ro.observe(pageEl);
    return () => {
      cancelAnimationFrame(frame);
      mo.disconnect();
      ro.disconnect();
    };
  }, [tick, title, field.option]);
  if (!tick) return null;
  return (
    <span
      ref={ref}
      aria-hidden
      data-field-label
      className={`pointer-events-none absolute w-max max-w-[20rem] break-words rounded-sm bg-white/85 px-1 text-[12px] leading-4 text-slate-900 ${at ? "" : "left-full top-1/2 ml-1 -translate-y-1/2"}`}
      style={at ?? undefined}
    >
      {field.type === "RADIO" ? field.option || title : title}
    </span>
  );
}

/** A DROPDOWN's choices, after an empty one ("Choose…" when required, "(none)" when not). */
export function ChoiceOptions({ field }: { field: SigningField }) {
  const t = useSigningT();
  return (
    <>
      <option value="">{field.required ? t("fields.choose") : t("fields.none")}</option>
      {(field.options ?? []).map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </>
  );
}

/** The phone keyboard and autofill a text-like field asks for: decimal digits, an e-mail address, a name. */
export const keyboardHints = (field: SigningField) => ({
  inputMode: field.type === "NUMBER" ? ("decimal" as const) : field.type === "EMAIL" ? ("email" as const) : undefined,
  autoComplete: field.type === "NAME" ? "name" : field.type === "EMAIL" ? "email" : "off",
});
