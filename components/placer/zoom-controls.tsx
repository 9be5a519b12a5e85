"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** 100 % is the printed size: 96 CSS px per inch, 72 points per inch. */
export const CSS_PX_PER_PT = 96 / 72;
export const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3].map((z) => z * CSS_PX_PER_PT);

export function ZoomControls({
  scale,
  fit,
  steps,
  onZoom,
}: {
  scale: number;
  fit: boolean;
  steps: number[];
  onZoom: (z: "fit" | number) => void;
}) {
  const t = useDashboardT();
  const pct = Math.round((scale / CSS_PX_PER_PT) * 100);
  const smaller = [...steps].reverse().find((s) => s < scale - 1e-6);
  const larger = steps.find((s) => s > scale + 1e-6);
  const btn = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-50 disabled:text-slate-300";
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t("placer.zoom.label")}>
      <button
        type="button"
        className={btn}
        aria-label={t("placer.zoom.out")}
        disabled={!smaller}
        onClick={() => smaller && onZoom(smaller)}
      >
        −
      </button>
      <span className="w-12 text-center text-sm tabular-nums" aria-live="polite" data-testid="zoom-level">
        {pct}%
      </span>
      <button
        type="button"
        className={btn}
        aria-label={t("placer.zoom.in")}
        disabled={!larger}
        onClick={() => larger && onZoom(larger)}
      >
        +
      </button>
      <button type="button" className={btn} aria-pressed={fit} onClick={() => onZoom("fit")}>
        {t("placer.zoom.fit")}
      </button>
    </div>
  );
}
