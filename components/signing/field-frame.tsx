import { fieldAccessibleName, fieldDomId, fieldTitle } from "./fields";
import type { SigningT } from "./intl";
import type { SigningField } from "./types";

/** A field box's border and background: red with an error, green once filled, amber while it waits. */
export const ring = (error: string | undefined, filled: boolean) =>
  error ? "border-red-600 bg-red-50/80" : filled ? "border-emerald-600/70 bg-emerald-50/40" : "border-amber-500 bg-amber-100/80";

/**
 * What every kind of field over the page starts from: its box (its rectangle in points times `scale`, at its
 * z-index), its accessible name and title, the id of its error tip, and the font size its text is drawn in.
 */
export function fieldFrame(
  field: SigningField,
  scale: number,
  layer: number | undefined,
  error: string | undefined,
  t: SigningT,
) {
  const box = {
    left: field.x * scale,
    top: field.y * scale,
    width: field.width * scale,
    height: field.height * scale,
    zIndex: layer,
  };
  return {
    box,
    name: fieldAccessibleName(field, t),
    title: fieldTitle(field, t),
    errorId: error ? `${fieldDomId(field)}-error` : undefined,
    fontPx: Math.max(9, Math.min((field.fontSize ?? 12) * scale, box.height * 0.8)),
  };
}

/** The field's error, under its box. */
export function FieldErrorTip({ id, message }: { id: string; message: string }) {
  return (
    <span
      id={id}
      className="absolute left-0 top-full z-20 mt-0.5 whitespace-nowrap rounded bg-red-700 px-1.5 py-0.5 text-[11px] font-medium text-white"
    >
      {message}
    </span>
  );
}
