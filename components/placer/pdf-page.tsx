"use client";
import { useDroppable } from "@dnd-kit/core";
import { memo, useCallback, useRef, useState } from "react";
import { Page } from "react-pdf";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { DetectedAnchor } from "@/lib/client/anchors";
import type { PlacedField } from "@/lib/client/use-field-store";
import { boxBetween, boxesAtPoint, clampBox, DEFAULT_SIZE, type Box, type PageSize } from "@/lib/client/placer-geometry";
import type { FieldType } from "@/lib/client/types";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { AnchorMark } from "./anchor-mark";
import { FieldBox } from "./field-box";

export interface PageProps {
  number: number;
  pageCount: number;
  size: PageSize;
  scale: number;
  pdf: PDFDocumentProxy | null;
  /** Near the viewport: only these pages are drawn, so a 300-page PDF opens as fast as a 1-page one. */
  visible: boolean;
  fields: PlacedField[];
  anchors: DetectedAnchor[];
  selectedKey: string | null;
  /** Keys of fields that overlap another (outlined). */
  overlapping: ReadonlySet<string>;
  colorOf: (recipientId: string) => { solid: string; fill: string; text: string };
  /** The owner's name; a field of a group that signs in places: with its place. */
  nameOf: (recipientId: string, seat?: number) => string;
  /** The place (1 … n) a field of a group that signs in places belongs to; null for any other owner. */
  placeOf: (recipientId: string, seat: number | undefined) => number | null;
  anchorColor: (a: DetectedAnchor) => { solid: string; fill: string; text: string } | null;
  register: (n: number, el: HTMLElement | null) => void;
  /** Called once this page has been drawn. */
  onDrawn: () => void;
  onSelect: (key: string | null) => void;
  onChange: (key: string, patch: Partial<PlacedField>, delay: number) => void;
  onDelete: (key: string) => void;
  /** The type a rectangle dragged on the page becomes; null: a drag on the page draws nothing. */
  drawType: FieldType | null;
  onDraw: (type: FieldType, page: number, box: Box) => void;
}

/** A drag shorter than this (points, each way) is a click: the field gets its default size there. */
const CLICK_PT = 3;

export const PdfPage = memo(function PdfPage(p: PageProps) {
  const { setNodeRef, isOver } = useDroppable({ id: `page:${p.number}`, data: { page: p.number } });
  const [rendered, setRendered] = useState(false);
  const t = useDashboardT();
  // A stable ref: a new callback on each render would unregister and re-observe every page each time.
  const { register, number } = p;
  const el = useRef<HTMLDivElement | null>(null);
  const ref = useCallback(
    (node: HTMLDivElement | null) => {
      el.current = node;
      setNodeRef(node);
      register(number, node);
    },
    [setNodeRef, register, number],
  );
  // Points from the page's top-left under a screen point.
  const pointAt = (clientX: number, clientY: number) => {
    const r = el.current?.getBoundingClientRect();
    return r ? { x: (clientX - r.left) / p.scale, y: (clientY - r.top) / p.scale } : null;
  };
  const [sketch, setSketch] = useState<{ type: FieldType; from: { x: number; y: number }; to: { x: number; y: number } } | null>(
    null,
  );
  const sketchBox = sketch ? boxBetween(sketch.from, sketch.to, p.size) : null;
  const { fields, onSelect } = p;
  // Where fields overlap, a click on the selected one picks the next one under the pointer, round the stack.
  const onPick = useCallback(
    (key: string, clientX: number, clientY: number) => {
      const r = el.current?.getBoundingClientRect();
      if (!r) return;
      const stack = boxesAtPoint(fields, { x: (clientX - r.left) / p.scale, y: (clientY - r.top) / p.scale });
      if (stack.length < 2) return onSelect(key);
      const next = stack[(stack.findIndex((f) => f.key === key) + 1) % stack.length]!;
      onSelect(next.key);
      el.current?.querySelector<HTMLElement>(`[data-field-key="${CSS.escape(next.key)}"]`)?.focus();
    },
    [fields, onSelect, p.scale],
  );
  const w = p.size.width * p.scale;
  const h = p.size.height * p.scale;
  return (
    <div
      ref={ref}
      data-page={p.number}
      data-rendered={rendered && p.visible ? "true" : "false"}
      data-testid={`page-${p.number}`}
      role="group"
      aria-label={t("placer.page.label", { page: p.number, count: p.pageCount })}
      onPointerDown={(e) => {
        const onPage = e.target === e.currentTarget || (e.target as HTMLElement).tagName === "CANVAS";
        if (!onPage) return;
        p.onSelect(null);
        const at = pointAt(e.clientX, e.clientY);
        if (!p.drawType || e.button !== 0 || !at) return;
        e.preventDefault();
        e.currentTarget.setPointerCapture(e.pointerId);
        setSketch({ type: p.drawType, from: at, to: at });
      }}
      onPointerMove={(e) => {
        const at = sketch && pointAt(e.clientX, e.clientY);
        if (at) setSketch({ ...sketch, to: at });
      }}
      onPointerUp={(e) => {
        if (!sketch) return;
        setSketch(null);
        const to = pointAt(e.clientX, e.clientY) ?? sketch.to;
        const { from, type } = sketch;
        const small = Math.abs(to.x - from.x) < CLICK_PT && Math.abs(to.y - from.y) < CLICK_PT;
        p.onDraw(type, p.number, small ? clampBox({ ...from, ...DEFAULT_SIZE[type] }, p.size) : boxBetween(from, to, p.size));
      }}
      onPointerCancel={() => setSketch(null)}
      data-drawing={p.drawType ? "true" : undefined}
      data-droppable=""
      data-drop-over={isOver ? "" : undefined}
      className={`relative mx-auto bg-white shadow-md ring-1 transition-shadow ${isOver ? "ring-2 ring-indigo-500" : "ring-slate-200"} ${p.drawType ? "cursor-crosshair" : ""}`}
      style={{ width: w, height: h }}
    >
      {p.visible && p.pdf ? (
        <Page
          pdf={p.pdf}
          pageNumber={p.number}
          width={w}
          renderTextLayer={false}
          renderAnnotationLayer={false}
          loading={<PagePlaceholder n={p.number} />}
          onRenderSuccess={() => {
            // For the placer benchmark's breakdown (bench/placer.bench.ts).
            if (p.number === 1) performance.mark("signet:page-1-drawn");
            setRendered(true);
            p.onDrawn();
          }}
          onRenderError={() => setRendered(false)}
          className="pointer-events-none select-none"
        />
      ) : (
        <PagePlaceholder n={p.number} />
      )}
      {p.anchors.map((a) => (
        <AnchorMark key={a.key} a={a} scale={p.scale} color={p.anchorColor(a)} />
      ))}
      {p.fields.map((f) => (
        <FieldBox
          key={f.key}
          f={f}
          page={p.size}
          scale={p.scale}
          selected={f.key === p.selectedKey}
          overlaps={p.overlapping.has(f.key)}
          color={p.colorOf(f.recipientId)}
          recipientName={p.nameOf(f.recipientId, f.seat)}
          place={p.placeOf(f.recipientId, f.seat)}
          onSelect={p.onSelect}
          onChange={p.onChange}
          onDelete={p.onDelete}
          onPick={onPick}
        />
      ))}
      {sketchBox && (
        <div
          aria-hidden
          data-testid="draw-sketch"
          className="pointer-events-none absolute border-2 border-dashed border-indigo-600 bg-indigo-500/10"
          style={{
            left: sketchBox.x * p.scale,
            top: sketchBox.y * p.scale,
            width: sketchBox.width * p.scale,
            height: sketchBox.height * p.scale,
          }}
        />
      )}
    </div>
  );
});

function PagePlaceholder({ n }: { n: number }) {
  const t = useDashboardT();
  return (
    <div className="absolute inset-0 flex items-center justify-center text-sm text-slate-600">
      {t("placer.page.placeholder", { page: n })}
    </div>
  );
}
