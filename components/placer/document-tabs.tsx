"use client";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** A document as a tab shows it: its name and a line about it (pages, fields, kind). */
export interface TabDocument {
  id: string;
  name: string;
  detail: string;
}

/**
 * A request's or a template's documents as tabs (arrow keys move between them). The panel they control has
 * the id `document-panel` and is labelled by the chosen tab (`document-tab-<id>`).
 */
export function DocumentTabs({
  label,
  docs,
  current,
  onChoose,
}: {
  label: string;
  docs: readonly TabDocument[];
  current: string;
  onChoose: (id: string) => void;
}) {
  const t = useDashboardT();
  const focusTab = (i: number) => {
    const d = docs[(i + docs.length) % docs.length]!;
    onChoose(d.id);
    requestAnimationFrame(() => document.getElementById(`document-tab-${d.id}`)?.focus());
  };
  return (
    <div role="tablist" aria-label={label} className="mb-3 flex flex-wrap gap-2">
      {docs.map((d, i) => {
        const selected = d.id === current;
        return (
          <button
            key={d.id}
            id={`document-tab-${d.id}`}
            type="button"
            role="tab"
            aria-selected={selected}
            aria-controls="document-panel"
            tabIndex={selected ? 0 : -1}
            onClick={() => onChoose(d.id)}
            onKeyDown={(e) => {
              if (e.key === "ArrowRight") focusTab(i + 1);
              else if (e.key === "ArrowLeft") focusTab(i - 1);
              else return;
              e.preventDefault();
            }}
            className={`max-w-72 rounded-md border px-3 py-1.5 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600 ${
              selected
                ? "border-indigo-600 bg-indigo-50 text-indigo-900"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
            }`}
          >
            <span className="block truncate font-medium">{t("placer.documents.tab", { n: i + 1, name: d.name })}</span>
            <span className="block text-xs text-slate-600">{d.detail}</span>
          </button>
        );
      })}
    </div>
  );
}

/** The panel the tabs control: the chosen document's. */
export function DocumentPanel({ current, children }: { current: string; children: React.ReactNode }) {
  return (
    <div role="tabpanel" id="document-panel" aria-labelledby={`document-tab-${current}`}>
      {children}
    </div>
  );
}
