import type { ButtonHTMLAttributes, ReactNode } from "react";

/** A row of the placer's small buttons (undo and redo, the zoom), named as a group. */
export function ToolGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={label}>
      {children}
    </div>
  );
}

/** One of the placer's small buttons; `className`: how it looks disabled. */
export function ToolButton({ className = "disabled:text-slate-400", ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      {...props}
      className={`rounded-md border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-50 ${className}`}
    />
  );
}
