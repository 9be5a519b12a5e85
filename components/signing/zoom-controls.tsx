"use client";

import { useLocale, useSigningT } from "./intl";

const button =
  "flex h-9 min-w-8 items-center justify-center rounded-md px-1.5 text-lg font-semibold text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-40 sm:min-w-9 sm:px-2";

/** − / the zoom level (a tap fits the page to the screen again) / +, for the document's pages. */
export function ZoomControls({
  zoom,
  zoomIn,
  zoomOut,
  fit,
  canZoomIn,
  canZoomOut,
  className = "",
}: {
  zoom: number;
  zoomIn: () => void;
  zoomOut: () => void;
  fit: () => void;
  canZoomIn: boolean;
  canZoomOut: boolean;
  className?: string;
}) {
  const t = useSigningT();
  const locale = useLocale();
  // The name begins with the words shown (WCAG 2.5.3): "100%, fit the page to the screen".
  const level = new Intl.NumberFormat(locale, { style: "percent" }).format(zoom);
  return (
    <div
      role="group"
      aria-label={t("zoom.toolbar")}
      className={`flex items-center gap-0.5 rounded-lg border border-slate-300 bg-white ${className}`}
    >
      <button type="button" aria-label={t("zoom.out")} disabled={!canZoomOut} onClick={zoomOut} className={button}>
        −
      </button>
      <button
        type="button"
        aria-label={`${level}, ${t("zoom.fit")}`}
        onClick={fit}
        className={`${button} min-w-11 text-xs tabular-nums sm:min-w-14 sm:text-sm`}
      >
        {level}
      </button>
      <button type="button" aria-label={t("zoom.in")} disabled={!canZoomIn} onClick={zoomIn} className={button}>
        +
      </button>
    </div>
  );
}
