import { TextField } from "@/components/ui/form";

type Name = "current" | "password" | "repeat";

/**
 * The password inputs of a form that sets one: the current password when `current` labels it, the new one
 * (at least 10 characters; `hint` under it) and the new one again. Each is named as the server action reads
 * it, and shows the action's error for it (`error`) where it has one.
 */
export function PasswordFields({
  current,
  label,
  repeatLabel,
  hint,
  error,
  autoFocus,
}: {
  current?: string;
  label: string;
  repeatLabel: string;
  hint: string;
  error: (field: Name) => string | undefined;
  autoFocus?: boolean;
}) {
  const fields: { name: Name; label: string; autoComplete: string; minLength?: number; autoFocus?: boolean; hint?: string }[] = [
    ...(current ? [{ name: "current" as const, label: current, autoComplete: "current-password" }] : []),
    { name: "password", label, autoComplete: "new-password", minLength: 10, autoFocus, hint },
    { name: "repeat", label: repeatLabel, autoComplete: "new-password" },
  ];
  return fields.map(({ name, hint, ...f }) => (
    <TextField key={name} name={name} {...f} type="password" required hint={error(name) ?? hint} />
  ));
}
