"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * The dashboard's data tables: the bordered, scrolling frame, the header row and the body; the
 * caller gives the rows. A column is a label, or a label hidden below a breakpoint (`hideBelow`)
 * or aligned right (`align`); `actions` adds a last, unlabelled column (named for screen readers).
 */
export type Column = string | { label: string; hideBelow?: "sm" | "md"; align?: "right" };

const HIDE = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

function headerClass(c: Column): string {
  if (typeof c === "string") return "px-4 py-3";
  return [c.hideBelow && HIDE[c.hideBelow], "px-4 py-3", c.align === "right" && "text-right"].filter(Boolean).join(" ");
}

export function DataTable({
  columns,
  actions = false,
  label,
  busy,
  testId,
  children,
}: {
  columns: Column[];
  actions?: boolean;
  label?: string;
  busy?: boolean;
  testId?: string;
  children: React.ReactNode;
}) {
  const t = useDashboardT();
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm" aria-label={label} aria-busy={busy} data-testid={testId}>
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={typeof c === "string" ? c : c.label} scope="col" className={headerClass(c)}>
                {typeof c === "string" ? c : c.label}
              </th>
            ))}
            {actions && (
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{t("common.table.actions")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
