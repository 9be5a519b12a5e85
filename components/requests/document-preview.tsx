"use client";

// Loaded only in the browser (next/dynamic with ssr: false, request-detail.tsx): pdf.js needs a worker and a DOM.
import { useEffect, useRef, useState } from "react";
import { Document, Page } from "react-pdf";
import "@/lib/client/pdf-setup";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** Pages shown before "Show all pages": a long contract does not draw 80 pages on opening its request. */
const FIRST_PAGES = 3;

/**
 * The request's document on its page: the current version, which is the sealed PDF
 * once the request is COMPLETED, drawn by pdf.js at the panel's width (at most 720 px, centred in it).
 */
export default function DocumentPreview({ url, pageCount }: { url: string; pageCount: number }) {
  const t = useDashboardT();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [all, setAll] = useState(pageCount <= FIRST_PAGES);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(Math.min(Math.floor(el.clientWidth), 720));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  const shown = all ? pageCount : Math.min(pageCount, FIRST_PAGES);
  return (
    <div ref={box} className="space-y-3">
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t("requests.preview.failed")}
        </p>
      ) : width > 0 ? (
        <Document
          file={url}
          onLoadError={() => setFailed(true)}
          loading={<p className="text-sm text-slate-500">{t("requests.preview.loading")}</p>}
          className="space-y-3"
        >
          {Array.from({ length: shown }, (_, i) => (
            <div
              key={i}
              className="mx-auto w-fit overflow-hidden rounded border border-slate-200 shadow-sm"
              data-preview-page={i + 1}
            >
              <Page pageNumber={i + 1} width={width} renderAnnotationLayer={false} renderTextLayer={false} loading={null} />
            </div>
          ))}
        </Document>
      ) : null}
      {!all && !failed && (
        <button type="button" className="text-sm font-medium text-indigo-700 underline" onClick={() => setAll(true)}>
          {t("requests.preview.showAll", { count: pageCount })}
        </button>
      )}
    </div>
  );
}
