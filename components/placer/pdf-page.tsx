"use client";
import { useDroppable } from "@dnd-kit/core";
import { memo, useCallback, useState } from "react";
import { Page } from "react-pdf";
import type { PDFDocumentProxy } from "pdfjs-dist";
import type { DetectedAnchor } from "@/lib/client/anchors";
import type { PlacedField } from "@/lib/client/use-field-store";
import type { PageSize } from "@/lib/client/placer-geometry";
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
  colorOf: (recipientId: string) => { solid: string; fill: string };
  nameOf: (recipientId: string) => string;
  anchorColor: (a: DetectedAnchor) => { solid: string; fill: string } | null;
  register: (n: number, el: HTMLElement | null) => void;
  /** Called once this page has been drawn. */
  onDrawn: () => void;
  onSelect: (key: string | null) => void;
  onChange: (key: string, patch: Partial<PlacedField>, delay: number) => void;
  onDelete: (key: string) => void;
}

export const PdfPage = memo(function PdfPage(p: PageProps) {
  const { setNodeRef, isOver } = useDroppable({ id: `page:${p.number}`, data: { page: p.number } });
  const [rendered, setRendered] = useState(false);
  const t = useDashboardT();
  // A stable ref: a new callback on each render would unregister and re-observe every page each time.
  const { register, number } = p;
  const ref = useCallback(
    (el: HTMLDivElement | null) => {
      setNodeRef(el);
      register(number, el);
    },
    [setNodeRef, register, number],
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
        if (e.target === e.currentTarget || (e.target as HTMLElement).tagName === "CANVAS") p.onSelect(null);
      }}
      className={`relative mx-auto bg-white shadow-md ring-1 transition-shadow ${isOver ? "ring-2 ring-indigo-500" : "ring-slate-200"}`}
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
          recipientName={p.nameOf(f.recipientId)}
          onSelect={p.onSelect}
          onChange={p.onChange}
          onDelete={p.onDelete}
        />
      ))}
    </div>
  );
});

function PagePlaceholder({ n }: { n: number }) {
  const t = useDashboardT();
  return (
    <div className="absolute inset-0 flex items-center justify-center text-sm text-slate-300">
      {t("placer.page.placeholder", { page: n })}
    </div>
  );
}
