"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { ToolButton, ToolGroup } from "./tool-button";

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
  const dim = "disabled:text-slate-300";
  return (
    <ToolGroup label={t("placer.zoom.label")}>
      <ToolButton
        className={dim}
        aria-label={t("placer.zoom.out")}
        disabled={!smaller}
        onClick={() => smaller && onZoom(smaller)}
      >
        −
      </ToolButton>
      <span className="w-12 text-center text-sm tabular-nums" aria-live="polite" data-testid="zoom-level">
        {pct}%
      </span>
      <ToolButton className={dim} aria-label={t("placer.zoom.in")} disabled={!larger} onClick={() => larger && onZoom(larger)}>
        +
      </ToolButton>
      <ToolButton className={dim} aria-pressed={fit} onClick={() => onZoom("fit")}>
        {t("placer.zoom.fit")}
      </ToolButton>
    </ToolGroup>
  );
}
