"use client";
import Link from "next/link";
import { useDashboardT } from "@/components/layout/dashboard-intl";

export type Step = "upload" | "recipients" | "fields" | "review";
// Each step's name is its key under compose.steps.
const steps: Step[] = ["upload", "recipients", "fields", "review"];

/** Where the staff member is in the compose flow; each step is saved as it goes, so any step can be revisited. */
export function StepBar({ current, requestId }: { current: Step; requestId?: string }) {
  const t = useDashboardT();
  const at = steps.indexOf(current);
  return (
    <nav aria-label={t("compose.steps.label")} className="mb-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((s, i) => {
          const done = i < at;
          const here = i === at;
          const cls = `flex items-center gap-2 rounded-full px-3 py-1 ${here ? "bg-indigo-600 text-white" : done ? "bg-indigo-50 text-indigo-700" : "bg-slate-100 text-slate-700"}`;
          const body = (
            <>
              <span className="font-semibold">{i + 1}</span> {t(`compose.steps.${s}`)}
            </>
          );
          return (
            <li key={s}>
              {requestId && s !== "upload" && !here ? (
                <Link href={`/requests/${requestId}/edit?step=${s}`} className={cls}>
                  {body}
                </Link>
              ) : (
                <span className={cls} aria-current={here ? "step" : undefined}>
                  {body}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
