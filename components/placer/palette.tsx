"use client";
import { useDraggable } from "@dnd-kit/core";
import { FIELD_TYPES } from "@/lib/client/constants";
import { isFieldType } from "@/lib/schemas/fields";
import type { FieldType } from "@/lib/client/types";
import { inputClass } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { FIELD_ICON, useFieldLabel } from "./labels";

export function Palette({ color, onAdd }: { color: string; onAdd: (type: FieldType) => void }) {
  const t = useDashboardT();
  return (
    <section aria-label={t("placer.palette.label")} className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700">{t("placer.palette.heading")}</h2>
      <p id="palette-help" className="text-xs text-slate-500">
        {t("placer.palette.help")}
      </p>
      <ul className="grid grid-cols-2 gap-2 lg:grid-cols-1">
        {FIELD_TYPES.map((t) => (
          <li key={t}>
            <PaletteItem type={t} color={color} onAdd={onAdd} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaletteItem({ type, color, onAdd }: { type: FieldType; color: string; onAdd: (type: FieldType) => void }) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `palette:${type}`,
    data: { kind: "palette", type },
  });
  const t = useDashboardT();
  const fieldLabel = useFieldLabel();
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      data-drag-node
      data-dragging={isDragging ? "" : undefined}
      aria-describedby="palette-help"
      aria-roledescription={t("placer.palette.roleDescription")}
      onClick={() => onAdd(type)}
      className={`flex w-full touch-none items-center gap-2 rounded-md border bg-white px-3 py-2 text-left text-sm font-medium shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${isDragging ? "opacity-50" : ""}`}
      style={{ borderColor: color }}
    >
      <span aria-hidden className="inline-flex w-6 justify-center text-xs" style={{ color }}>
        {FIELD_ICON[type]}
      </span>
      {fieldLabel(type)}
    </button>
  );
}

/**
 * The type a rectangle dragged on a page becomes: choose one, then drag on a page to place a field of
 * exactly that size. "Nothing" (the default) leaves a drag on a page doing nothing.
 */
export function DrawPicker({ value, onChange }: { value: FieldType | null; onChange: (type: FieldType | null) => void }) {
  const t = useDashboardT();
  const fieldLabel = useFieldLabel();
  return (
    <div className="space-y-1">
      <label htmlFor="draw-type" className="block text-sm font-semibold text-slate-700">
        {t("placer.draw.label")}
      </label>
      <select
        id="draw-type"
        aria-describedby="draw-help"
        value={value ?? ""}
        onChange={(e) => onChange(isFieldType(e.target.value) ? e.target.value : null)}
        className={inputClass}
      >
        <option value="">{t("placer.draw.off")}</option>
        {FIELD_TYPES.map((type) => (
          <option key={type} value={type}>
            {fieldLabel(type)}
          </option>
        ))}
      </select>
      <p id="draw-help" className="text-xs text-slate-500">
        {t("placer.draw.help")}
      </p>
    </div>
  );
}

export function RecipientPicker({
  signers,
  value,
  onChange,
  colorOf,
  emptyMessage,
}: {
  /**
   * A draft's signers, or a template's SIGNER roles, with the step each is shown in (else ranked among these);
   * a signing group is one of them, with how many of its members must sign (of how many).
   */
  signers: { id: string; name: string; order: number; step?: number; group?: { required: number; size?: number } | null }[];
  value: string | null;
  onChange: (id: string) => void;
  colorOf: (id: string) => { solid: string };
  emptyMessage?: string;
}) {
  const t = useDashboardT();
  if (signers.length === 0) return <p className="text-sm text-amber-800">{emptyMessage ?? t("placer.picker.noSigner")}</p>;
  const steps = [...new Set(signers.map((r) => r.order))].sort((a, b) => a - b);
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-slate-700">{t("placer.picker.heading")}</legend>
      <div className="space-y-1" role="radiogroup" aria-label={t("placer.picker.heading")}>
        {signers.map((r) => (
          <label
            key={r.id}
            className={`flex cursor-pointer items-center gap-2 rounded-md border px-2 py-1.5 text-sm ${value === r.id ? "border-slate-400 bg-slate-50" : "border-transparent hover:bg-slate-50"}`}
          >
            <input
              type="radio"
              name="active-recipient"
              value={r.id}
              checked={value === r.id}
              onChange={() => onChange(r.id)}
              className="sr-only"
            />
            <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ background: colorOf(r.id).solid }} />
            <span className="truncate">{r.name}</span>
            {r.group && (
              <span
                className="shrink-0 rounded bg-slate-100 px-1 text-xs text-slate-700"
                title={t("placer.picker.groupTitle", { required: r.group.required })}
              >
                {r.group.size === undefined
                  ? t("placer.picker.groupRole", { required: r.group.required })
                  : t("placer.picker.group", { required: r.group.required, size: r.group.size })}
              </span>
            )}
            <span className="ml-auto text-xs text-slate-600">
              {t("placer.picker.step", { step: r.step ?? steps.indexOf(r.order) + 1 })}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
