import Link from "next/link";

export type Step = "upload" | "recipients" | "fields" | "review";
const steps: { key: Step; label: string }[] = [
  { key: "upload", label: "Document" },
  { key: "recipients", label: "Recipients" },
  { key: "fields", label: "Fields" },
  { key: "review", label: "Review and send" },
];

/** Where the staff member is in the compose flow; each step is saved as it goes, so any step can be revisited. */
export function StepBar({ current, requestId }: { current: Step; requestId?: string }) {
  const at = steps.findIndex((s) => s.key === current);
  return (
    <nav aria-label="Compose steps" className="mb-6">
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((s, i) => {
          const done = i < at;
          const here = i === at;
          const cls = `flex items-center gap-2 rounded-full px-3 py-1 ${here ? "bg-indigo-600 text-white" : done ? "bg-indigo-50 text-indigo-700" : "bg-slate-100 text-slate-700"}`;
          const body = (
            <>
              <span className="font-semibold">{i + 1}</span> {s.label}
            </>
          );
          return (
            <li key={s.key}>
              {requestId && s.key !== "upload" && !here ? (
                <Link href={`/requests/${requestId}/edit?step=${s.key}`} className={cls}>
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
