"use client";
import type { ReactNode } from "react";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * The dashboard's data tables: the scrolling frame, the header row and the body; the caller gives the
 * rows. A column is a label, or a label hidden below a breakpoint (`hideBelow`) or aligned right (`align`).
 */
export type Column = string | { label: string; hideBelow?: "sm" | "md"; align?: "right" };

const HIDE = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

function headerClass(c: Column, padding: string): string {
  if (typeof c === "string") return padding;
  return [c.hideBelow && HIDE[c.hideBelow], padding, c.align === "right" && "text-right"].filter(Boolean).join(" ");
}

const labelOf = (c: Column) => (typeof c === "string" ? c : c.label);

/**
 * How a table looks: a page's own (bordered, on its own) or one inside a card (no frame of its own). The frame
 * scrolls a wide table sideways and is positioned, so that the header's screen-reader-only words (absolute) stay
 * inside it rather than widening the whole page on a phone.
 */
const LOOKS = {
  page: {
    frame: "relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm",
    table: "min-w-full divide-y divide-slate-200 text-sm",
    head: "bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500",
  },
  card: {
    frame: "relative mt-3 overflow-x-auto",
    table: "min-w-full text-sm",
    head: "text-left text-xs uppercase tracking-wide text-slate-500",
  },
} as const;

function Table({
  look,
  headers,
  label,
  busy,
  testId,
  children,
}: {
  look: keyof typeof LOOKS;
  headers: ReactNode;
  label?: string;
  busy?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const { frame, table, head } = LOOKS[look];
  return (
    // Focusable: a table wider than a phone scrolls in its frame, and the keyboard must be able to scroll it too.
    <div className={frame} tabIndex={0}>
      <table className={table} aria-label={label} aria-busy={busy} data-testid={testId}>
        <thead className={head}>
          <tr>{headers}</tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A page's table. `actions` adds a last, unlabelled column (named for screen readers). */
export function DataTable({
  columns,
  actions = false,
  ...props
}: {
  columns: Column[];
  actions?: boolean;
  label?: string;
  busy?: boolean;
  testId?: string;
  children: ReactNode;
}) {
  const t = useDashboardT();
  const headers = (
    <>
      {columns.map((c) => (
        <th key={labelOf(c)} scope="col" className={headerClass(c, "px-4 py-3")}>
          {labelOf(c)}
        </th>
      ))}
      {actions && (
        <th scope="col" className="px-4 py-3">
          <span className="sr-only">{t("common.table.actions")}</span>
        </th>
      )}
    </>
  );
  return <Table look="page" headers={headers} {...props} />;
}

/**
 * A small table inside a card (an audit trail, a delivery log): a gap after each column but the last;
 * `dense`, shorter header cells.
 */
export function InlineTable({ columns, dense = false, children }: { columns: Column[]; dense?: boolean; children: ReactNode }) {
  const padding = dense ? "py-1" : "py-2";
  const headers = columns.map((c, i) => (
    <th key={labelOf(c)} scope="col" className={headerClass(c, i < columns.length - 1 ? `${padding} pr-3` : padding)}>
      {labelOf(c)}
    </th>
  ));
  return (
    <Table look="card" headers={headers}>
      {children}
    </Table>
  );
}
