"use client";
import { useDraggable } from "@dnd-kit/core";
import { useRef } from "react";
import { nudge, resize, type PageSize } from "@/lib/client/placer-geometry";
import type { PlacedField } from "@/lib/client/use-field-store";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { FIELD_ICON, useFieldLabel } from "./labels";

interface Props {
  f: PlacedField;
  page: PageSize;
  scale: number;
  selected: boolean;
  /** It overlaps another field: outlined in red, and said in its name. */
  overlaps?: boolean;
  color: { solid: string; fill: string; text: string };
  recipientName: string;
  /** The place of a signing group's field (its `seat`), shown on the box; null: the owner has no places. */
  place?: number | null;
  onSelect: (key: string | null) => void;
  onChange: (key: string, patch: Partial<PlacedField>, delay: number) => void;
  onDelete: (key: string) => void;
  /** A click on a field that was already selected: the page picks the next field under that point. */
  onPick?: (key: string, clientX: number, clientY: number) => void;
}

/**
 * A field on its page. Dragged (dnd-kit) to move, also onto another page; the corner handle resizes
 * (for the pointer; the keyboard resizes with Alt + arrows, so the handle is no control of its own inside
 * the field's); arrow keys nudge by 1 pt (Shift: 10 pt), Delete removes. A second click on a selected
 * field picks the one under it, where fields overlap.
 */
export function FieldBox(props: Props) {
  const { f, page, scale, selected, overlaps, color, recipientName, place, onSelect, onChange, onDelete, onPick } = props;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `field:${f.key}`,
    data: { kind: "field", key: f.key },
  });
  const resizing = useRef<{ x: number; y: number; w: number; h: number } | null>(null);
  // Whether it was selected when pressed (focusing it on the press selects it before the click arrives),
  // and where: a click that ends a drag picks nothing.
  const press = useRef<{ selected: boolean; x: number; y: number } | null>(null);
  const box = { x: f.x, y: f.y, width: f.width, height: f.height };
  const t = useDashboardT();
  const fieldLabel = useFieldLabel();
  const typeName = fieldLabel(f.type);
  // The name begins with the words shown on the box, so speech input can say what it sees.
  const described = f.label
    ? t(overlaps ? "placer.box.labelledOverlaps" : "placer.box.labelled", { label: f.label, type: typeName, name: recipientName })
    : t(overlaps ? "placer.box.labelOverlaps" : "placer.box.label", { type: typeName, name: recipientName });
  // A group's place is part of the box's words, so its name starts with them as they are shown.
  const placeText = place ? t("placer.box.place", { seat: place }) : null;
  const label = placeText ? `${f.label || typeName} · ${placeText} – ${described}` : described;

  function onKeyDown(e: React.KeyboardEvent) {
    const step = e.shiftKey ? 10 : 1;
    const d: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = d[e.key];
    if (move) {
      e.preventDefault();
      const [dx, dy] = move;
      onChange(f.key, e.altKey ? resize(box, dx, dy, page) : nudge(box, dx, dy, page), 500);
    } else if (e.key === "Delete" || e.key === "Backspace") {
      e.preventDefault();
      onDelete(f.key);
    } else if (e.key === "Escape") {
      onSelect(null);
      (e.currentTarget as HTMLElement).blur();
    }
  }

  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-pressed={selected}
      aria-roledescription={t("placer.box.roleDescription")}
      data-drag-node
      data-dragging={isDragging ? "" : undefined}
      data-field-key={f.key}
      data-field-type={f.type}
      data-overlaps={overlaps ? "true" : undefined}
      onPointerDown={(e) => {
        press.current = { selected, x: e.clientX, y: e.clientY };
        (listeners?.onPointerDown as ((e: React.PointerEvent) => void) | undefined)?.(e);
      }}
      onClick={(e) => {
        e.stopPropagation();
        const p = press.current;
        press.current = null;
        const still = !!p && Math.abs(e.clientX - p.x) < 4 && Math.abs(e.clientY - p.y) < 4;
        if (p?.selected && still && onPick) onPick(f.key, e.clientX, e.clientY);
        else onSelect(f.key);
      }}
      onFocus={() => onSelect(f.key)}
      onKeyDown={onKeyDown}
      className={`group absolute flex cursor-move touch-none select-none items-start overflow-visible rounded-sm border-2 text-[11px] font-medium leading-tight outline-none ${selected ? "ring-2 ring-offset-1" : ""} ${f.id ? "" : "opacity-80"}`}
      style={{
        left: f.x * scale,
        top: f.y * scale,
        width: f.width * scale,
        height: f.height * scale,
        borderColor: color.solid,
        background: color.fill,
        color: color.text,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        zIndex: isDragging ? 50 : selected ? 20 : 10,
        boxShadow: isDragging
          ? "0 8px 20px rgba(0,0,0,0.2)"
          : overlaps && !selected
            ? "0 0 0 2px #fff, 0 0 0 4px #dc2626"
            : undefined,
        ["--tw-ring-color" as string]: color.solid,
      }}
    >
      {f.type === "CHECKBOX" || f.type === "RADIO" ? (
        // A box a few points wide: its symbol, and the words (a radio button's group and option) on hover.
        <span
          className="pointer-events-auto m-auto text-[10px] leading-none"
          title={`${f.type === "RADIO" ? `${f.group ?? ""}: ${f.option ?? ""}` : f.label || typeName}${placeText ? ` · ${placeText}` : ""}`}
        >
          {FIELD_ICON[f.type]}
        </span>
      ) : (
        <span className="pointer-events-none truncate px-1 pt-0.5">
          {f.label || typeName}
          {placeText ? <span className="font-normal"> · {placeText}</span> : null}
          {f.required === false && <span className="font-normal"> {t("placer.box.optional")}</span>}
        </span>
      )}
      {selected && (
        <span
          aria-hidden
          data-testid="resize-handle"
          className="absolute -right-1.5 -bottom-1.5 h-3 w-3 cursor-se-resize rounded-sm border-2 bg-white"
          style={{ borderColor: color.solid }}
          onPointerDown={(e) => {
            // Not a move: keep dnd-kit's listener on the box from seeing this press.
            e.stopPropagation();
            e.preventDefault();
            (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
            resizing.current = { x: e.clientX, y: e.clientY, w: f.width, h: f.height };
          }}
          onPointerMove={(e) => {
            const r = resizing.current;
            if (!r) return;
            const next = resize({ ...box, width: r.w, height: r.h }, (e.clientX - r.x) / scale, (e.clientY - r.y) / scale, page);
            onChange(f.key, { width: next.width, height: next.height }, 800);
          }}
          onPointerUp={(e) => {
            const r = resizing.current;
            resizing.current = null;
            if (!r) return;
            const next = resize({ ...box, width: r.w, height: r.h }, (e.clientX - r.x) / scale, (e.clientY - r.y) / scale, page);
            onChange(f.key, { width: next.width, height: next.height }, 0);
          }}
          onClick={(e) => e.stopPropagation()}
        />
      )}
    </div>
  );
}
