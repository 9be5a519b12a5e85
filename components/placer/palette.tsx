"use client";
import { useDraggable } from "@dnd-kit/core";
import { FIELD_TYPES } from "@/lib/client/constants";
import type { FieldType } from "@/lib/client/types";
import { FIELD_ICON, FIELD_LABEL } from "./labels";

export function Palette({ color, onAdd }: { color: string; onAdd: (type: FieldType) => void }) {
  return (
    <section aria-label="Field palette" className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700">Fields</h2>
      <p id="palette-help" className="text-xs text-slate-500">
        Drag a field onto a page, or press Enter on it to add it to the page in view.
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
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...attributes}
      {...listeners}
      data-drag-node
      aria-describedby="palette-help"
      aria-roledescription="draggable field"
      onClick={() => onAdd(type)}
      className={`flex w-full touch-none items-center gap-2 rounded-md border bg-white px-3 py-2 text-left text-sm font-medium shadow-sm hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${isDragging ? "opacity-50" : ""}`}
      style={{ borderColor: color }}
    >
      <span aria-hidden className="inline-flex w-6 justify-center text-xs" style={{ color }}>
        {FIELD_ICON[type]}
      </span>
      {FIELD_LABEL[type]}
    </button>
  );
}

export function RecipientPicker({
  signers,
  value,
  onChange,
  colorOf,
  emptyMessage = "Add a signer first: fields belong to a signer.",
}: {
  /** A draft's signers, or a template's SIGNER roles. */
  signers: { id: string; name: string; order: number }[];
  value: string | null;
  onChange: (id: string) => void;
  colorOf: (id: string) => { solid: string };
  emptyMessage?: string;
}) {
  if (signers.length === 0) return <p className="text-sm text-amber-800">{emptyMessage}</p>;
  const steps = [...new Set(signers.map((r) => r.order))].sort((a, b) => a - b);
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-semibold text-slate-700">Placing fields for</legend>
      <div className="space-y-1" role="radiogroup" aria-label="Placing fields for">
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
            <span className="ml-auto text-xs text-slate-600">step {steps.indexOf(r.order) + 1}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
