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

/**
 * What a server action answered ({ ok, message }), as a success or an error; nothing before it answers.
 * `listFields`: each refused field's problem in a list under it (for a form that shows none beside its inputs).
 */
export function ResultAlert({
  result,
  listFields = false,
  children,
}: {
  result: { ok: boolean; message: string; errors?: { field: string; message: string }[] } | null | undefined;
  listFields?: boolean;
  children?: React.ReactNode;
}) {
  if (!result) return null;
  return (
    <Alert kind={result.ok ? "success" : "error"}>
      {result.message}
      {listFields && result.errors?.length ? (
        <ul className="mt-1 list-disc pl-5">
          {result.errors.map((e) => (
            <li key={e.field}>{e.message}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </Alert>
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

/**
 * How far something has come: `now` of `max`, named `label` for screen readers. `className`: the track's size
 * and colour; `fill`: the bar's colour (and its transition).
 */
export function ProgressBar({
  label,
  now,
  max = 100,
  className = "h-2 overflow-hidden rounded bg-slate-200",
  fill = "bg-indigo-600 transition-all",
  width = max ? (100 * now) / max : 100,
}: {
  label: string;
  now: number;
  max?: number;
  className?: string;
  fill?: string;
  /** The bar's width in percent, when finer than `now` (which screen readers read). */
  width?: number;
}) {
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={now} className={className}>
      <div className={`h-full ${fill}`} style={{ width: `${width}%` }} />
    </div>
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

/**
 * A page's form beside what it adds to (stacked on a narrow screen): `form` on the left, the children in a
 * column on the right. `wide`: a wider form.
 */
export function FormBeside({
  form,
  wide = false,
  children,
}: {
  form: React.ReactNode;
  wide?: boolean;
  children: React.ReactNode;
}) {
  return (
    <div className={`grid grid-cols-1 gap-6 ${wide ? "lg:grid-cols-[24rem_1fr]" : "lg:grid-cols-[22rem_1fr]"}`}>
      {form}
      <div className="space-y-4">{children}</div>
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
