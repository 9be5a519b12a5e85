"use client";

// Loaded only in the browser (next/dynamic with ssr: false): pdf.js needs a worker and a DOM.
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Document, Page } from "react-pdf";
import "@/lib/client/pdf-setup";
// The text layer lets a screen reader read the document and the signer select its text.
import "react-pdf/dist/Page/TextLayer.css";
import { useSigningT } from "./intl";
import type { PageSize } from "./types";

/** Pages further than this from the viewport are not drawn: a 200-page contract stays light. */
const NEAR = "1200px 0px";

/**
 * The document, one frame per page sized from the API's page sizes, each page drawn only while near
 * the viewport. `overlay` draws what goes on a page (the signer's fields) at `scale` = CSS px per point.
 */
export default function PdfPages({
  file,
  pages,
  width,
  overlay,
}: {
  file: string;
  pages: PageSize[];
  width: number;
  overlay: (page: number, scale: number) => ReactNode;
}) {
  const t = useSigningT();
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set([1]));
  const [failed, setFailed] = useState(false);
  // The width each page was last drawn at: data-rendered says a page's canvas is drawn at the current one.
  const [drawn, setDrawn] = useState<Readonly<Record<number, number>>>({});
  const [attempt, setAttempt] = useState(0);
  const io = useRef<IntersectionObserver | null>(null);
  const frames = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    const observer = new IntersectionObserver(
      (entries) =>
        setNear((prev) => {
          const next = new Set(prev);
          for (const e of entries) {
            const n = Number((e.target as HTMLElement).dataset.page);
            if (e.isIntersecting) next.add(n);
            else next.delete(n);
          }
          return next;
        }),
      { rootMargin: NEAR },
    );
    io.current = observer;
    frames.current.forEach((el) => observer.observe(el));
    return () => {
      observer.disconnect();
      io.current = null;
    };
  }, []);

  if (failed) {
    return (
      <div role="alert" className="mx-auto max-w-md rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
        {t("pdf.failed")}{" "}
        <button type="button" className="font-semibold underline" onClick={() => (setFailed(false), setAttempt((a) => a + 1))}>
          {t("pdf.tryAgain")}
        </button>
      </div>
    );
  }

  return (
    <Document
      key={attempt}
      file={file}
      onLoadError={() => setFailed(true)}
      loading={<p className="py-16 text-center text-sm text-slate-500">{t("pdf.loading")}</p>}
      className="flex flex-col items-center gap-4"
    >
      {pages.map((size, i) => {
        const n = i + 1;
        const scale = width / size.width;
        return (
          <section
            key={n}
            data-page={n}
            data-rendered={drawn[n] === width}
            aria-label={t("pdf.pageOf", { page: n, total: pages.length })}
            ref={(el) => {
              if (!el) return;
              frames.current.set(n, el);
              io.current?.observe(el);
              return () => {
                frames.current.delete(n);
                io.current?.unobserve(el);
              };
            }}
            // isolate: the fields' z-indexes (smaller above larger) stack within the page, under the sticky header.
            className="relative isolate overflow-hidden bg-white shadow-md ring-1 ring-slate-200"
            style={{ width, height: Math.round(size.height * scale) }}
          >
            {near.has(n) ? (
              <div className="absolute inset-0">
                <Page
                  pageNumber={n}
                  width={width}
                  renderAnnotationLayer={false}
                  loading={null}
                  onRenderSuccess={() => setDrawn((d) => ({ ...d, [n]: width }))}
                  onRenderError={() => undefined}
                />
              </div>
            ) : (
              <p aria-hidden className="absolute inset-x-0 top-1/3 text-center text-sm text-slate-400">
                {t("pdf.page", { page: n })}
              </p>
            )}
            {overlay(n, scale)}
          </section>
        );
      })}
    </Document>
  );
}
