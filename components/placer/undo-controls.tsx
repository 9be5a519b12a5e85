"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { ToolButton, ToolGroup } from "./tool-button";

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
  const steps = [
    { name: t("placer.undo.undo"), keys: t("placer.undo.undoKeys"), shortcuts: "Control+Z Meta+Z", can: canUndo, run: onUndo },
    {
      name: t("placer.undo.redo"),
      keys: t("placer.undo.redoKeys"),
      shortcuts: "Control+Shift+Z Control+Y Meta+Shift+Z",
      can: canRedo,
      run: onRedo,
    },
  ];
  return (
    <ToolGroup label={t("placer.undo.label")}>
      {steps.map((s) => (
        <ToolButton key={s.shortcuts} disabled={!s.can} onClick={s.run} title={s.keys} aria-keyshortcuts={s.shortcuts}>
          {s.name}
        </ToolButton>
      ))}
    </ToolGroup>
  );
}
