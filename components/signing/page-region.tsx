"use client";

// Loaded only in the browser, with the rest of react-pdf (see lazy-pdf-pages.tsx).
import { Document, Page } from "react-pdf";
import "@/lib/client/pdf-setup";
import { useSigningT } from "./intl";
import type { PageSize } from "./types";

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The part of the page around a field, drawn `width` CSS px wide, the field outlined: what the signer
 * reads before filling it in field-by-field mode. The region is at least 85 % of the page's width (the
 * line's words either side: a label often stands well left of its box) and the field with a margin, kept inside the page; the page is drawn at
 * the region's scale (sharp), shifted so the region shows. The Document stays mounted from one field
 * to the next (same file), so the PDF is loaded once.
 */
export default function PageRegion({
  file,
  page,
  size,
  box,
  width,
}: {
  file: string;
  page: number;
  size: PageSize;
  box: Box;
  width: number;
}) {
  const t = useSigningT();
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const rw = clamp(Math.max(box.width + 96, size.width * 0.85), 1, size.width);
  const rh = clamp(Math.max(box.height + 96, rw * 0.4), 1, size.height);
  const x0 = clamp(box.x + box.width / 2 - rw / 2, 0, size.width - rw);
  const y0 = clamp(box.y + box.height / 2 - rh / 2, 0, size.height - rh);
  const scale = width / rw;
  return (
    <Document file={file} loading={<div style={{ height: rh * scale }} className="bg-white" />} className="block">
      <figure
        aria-label={t("steps.where", { page })}
        role="img"
        className="relative overflow-hidden rounded-md bg-white ring-1 ring-slate-200"
        style={{ width, height: Math.round(rh * scale) }}
      >
        <div className="absolute" style={{ left: -x0 * scale, top: -y0 * scale }}>
          <Page
            pageNumber={page}
            width={size.width * scale}
            renderTextLayer={false}
            renderAnnotationLayer={false}
            loading={null}
            onRenderError={() => undefined}
          />
        </div>
        <div
          aria-hidden
          className="absolute rounded-[2px] bg-amber-300/25 outline-2 outline-offset-2 outline-amber-500"
          style={{ left: (box.x - x0) * scale, top: (box.y - y0) * scale, width: box.width * scale, height: box.height * scale }}
        />
      </figure>
    </Document>
  );
}
