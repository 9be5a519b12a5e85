export function Alert({
  kind = "error",
  title,
  children,
}: {
  kind?: "error" | "info" | "success" | "warning";
  title?: string;
  children: React.ReactNode;
}) {
  const tone = {
    error: "border-red-200 bg-red-50 text-red-800",
    info: "border-sky-200 bg-sky-50 text-sky-800",
    success: "border-emerald-200 bg-emerald-50 text-emerald-800",
    warning: "border-amber-200 bg-amber-50 text-amber-900",
  }[kind];
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${tone}`}>
      {title && <p className="font-semibold">{title}</p>}
      <div>{children}</div>
    </div>
  );
}

/** An error to show with the lines that detail it: each field's problem, a missing value, a row of a file. */
export type ListedError = { text: string; list: string[] };

/** The error as one alert, its lines (the first `most` of them, if given) as a list under it. */
export function ErrorList({ error, most }: { error: ListedError; most?: number }) {
  return (
    <Alert>
      {error.text}
      {error.list.length > 0 && (
        <ul className="mt-1 list-disc pl-4">
          {error.list.slice(0, most).map((x) => (
            <li key={x}>{x}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** `label`: what is loading, without the ellipsis ("Loading requests"). */
export function Spinner({ label }: { label: string }) {
  return (
    <span role="status" className="inline-flex items-center gap-2 text-sm text-slate-500">
      <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-slate-300 border-t-indigo-600" />
      {label}…
    </span>
  );
}

export function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

export function PageHeader({
  title,
  children,
  description,
}: {
  title: string;
  description?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      {children && <div className="flex flex-wrap gap-2">{children}</div>}
    </div>
  );
}
