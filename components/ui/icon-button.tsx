"use client";

/** A small button that says what it does to screen readers (its `label`) and shows a sign. */
export function IconButton({
  label,
  children,
  ...rest
}: { label: string; children: React.ReactNode } & Omit<React.ButtonHTMLAttributes<HTMLButtonElement>, "aria-label">) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className="shrink-0 rounded border border-slate-300 bg-white px-2 py-1 text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40"
      {...rest}
    >
      {children}
    </button>
  );
}
