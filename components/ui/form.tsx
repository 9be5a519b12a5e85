import {
  useId,
  type FormEvent,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from "react";

/** Without a width, for controls laid out in a row. */
export const controlClass =
  "rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-indigo-500 focus:outline-none focus:ring-1 focus:ring-indigo-500 disabled:bg-slate-100";
export const inputClass = `block w-full ${controlClass}`;
/** A form control's label, above it. */
export const labelClass = "mb-1 block text-sm font-medium text-slate-700";
const fileClass =
  "block w-full text-sm file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium hover:file:bg-slate-50";

/** A control under its label. `id`: the control's; `children`: the control, then what goes under it (a hint, an error). */
export function FieldRow({
  id,
  label,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children}
    </div>
  );
}

/** A text input under its label; `id` when the page needs a fixed one, `hint` under the input (and read with it). */
export function TextField({
  label,
  hint,
  className = "",
  id,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldRow id={inputId} label={label} className={className}>
      <input id={inputId} {...props} className={inputClass} aria-describedby={hint ? `${inputId}-hint` : undefined} />
      {hint && (
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
    </FieldRow>
  );
}

/** A checkbox with its words beside it, and a hint under them (read with it). */
export function CheckField({
  label,
  hint,
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & { label: ReactNode; hint?: ReactNode }) {
  const hintId = `${useId()}-hint`;
  return (
    <label className={`flex gap-2 text-sm ${hint ? "items-start" : "items-center"}`}>
      <input type="checkbox" {...props} className={hint ? "mt-0.5" : undefined} aria-describedby={hint ? hintId : undefined} />
      <span>
        {label}
        {hint && (
          <span id={hintId} className="block text-xs text-slate-500">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}

/** A file input under its label, its button drawn as the dashboard's secondary buttons. */
export function FileField({ label, id, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldRow id={inputId} label={label}>
      <input id={inputId} type="file" {...props} className={fileClass} />
    </FieldRow>
  );
}

export function SelectField({
  label,
  className = "",
  id,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <FieldRow id={selectId} label={label} className={className}>
      <select id={selectId} {...props} className={inputClass}>
        {children}
      </select>
    </FieldRow>
  );
}

/**
 * One `<option>` an item: its value `value(item)` (the item itself for strings), its text `label(item)`.
 * `lang`: each option's language, for a list of languages each named in its own.
 */
export function Options<T>({
  items,
  label,
  value = String,
  lang,
}: {
  items: readonly T[];
  label: (item: T) => string;
  value?: (item: T) => string;
  lang?: (item: T) => string;
}) {
  return items.map((item) => (
    <option key={value(item)} value={value(item)} lang={lang?.(item)}>
      {label(item)}
    </option>
  ));
}

/**
 * A form in a card under its heading, which names it. `className`: the card's width and padding
 * ("h-fit p-5" beside a list, "max-w-xl p-5" alone on a page). `onData`: on submit, instead of the
 * browser's, with what the form holds.
 */
export function FormCard({
  title,
  className,
  onData,
  children,
  ...props
}: Omit<FormHTMLAttributes<HTMLFormElement>, "onSubmit"> & {
  title: string;
  className: string;
  onData?: (data: FormData, form: HTMLFormElement) => unknown;
}) {
  const headingId = useId();
  const onSubmit =
    onData &&
    ((e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      void onData(new FormData(e.currentTarget), e.currentTarget);
    });
  return (
    <form
      {...props}
      onSubmit={onSubmit}
      className={`space-y-3 rounded-xl border border-slate-200 bg-white shadow-sm ${className}`}
      aria-labelledby={headingId}
    >
      <h2 id={headingId} className="text-base font-semibold">
        {title}
      </h2>
      {children}
    </form>
  );
}
