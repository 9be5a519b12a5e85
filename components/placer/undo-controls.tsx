"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** Undo and redo beside the zoom: the same steps as Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y). */
export function UndoControls({
  canUndo,
  canRedo,
  onUndo,
  onRedo,
}: {
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
}) {
  const t = useDashboardT();
  const btn = "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-50 disabled:text-slate-400";
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t("placer.undo.label")}>
      <button
        type="button"
        className={btn}
        disabled={!canUndo}
        onClick={onUndo}
        title={t("placer.undo.undoKeys")}
        aria-keyshortcuts="Control+Z Meta+Z"
      >
        {t("placer.undo.undo")}
      </button>
      <button
        type="button"
        className={btn}
        disabled={!canRedo}
        onClick={onRedo}
        title={t("placer.undo.redoKeys")}
        aria-keyshortcuts="Control+Shift+Z Control+Y Meta+Shift+Z"
      >
        {t("placer.undo.redo")}
      </button>
    </div>
  );
}
