/**
 * The header row of the dashboard's data tables. A column is a label, or a label hidden below a
 * breakpoint (`hideBelow`); `actions` adds the last, unlabelled column (named for screen readers).
 */
export type Column = string | { label: string; hideBelow: "sm" | "md" };

const HIDE = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

export function TableHead({ columns, actions = false }: { columns: Column[]; actions?: boolean }) {
  return (
    <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
      <tr>
        {columns.map((c) => {
          const label = typeof c === "string" ? c : c.label;
          return (
            <th key={label} scope="col" className={typeof c === "string" ? "px-4 py-3" : `${HIDE[c.hideBelow]} px-4 py-3`}>
              {label}
            </th>
          );
        })}
        {actions && (
          <th scope="col" className="px-4 py-3">
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
