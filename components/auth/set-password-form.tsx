"use client";
import { useActionState } from "react";
import { setPasswordAction } from "@/app/set-password/actions";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** The new password, twice; the server checks the rules (at least 10 characters) and uses the link up. */
export function SetPasswordForm({ token, email }: { token: string; email: string }) {
  const t = useDashboardT();
  const [state, submit, pending] = useActionState(setPasswordAction.bind(null, token), null);
  const fieldError = (field: string) => state?.errors?.find((e) => e.field === field)?.message;
  return (
    <form action={submit} className="space-y-4" noValidate>
      {state && !state.ok && <Alert>{state.message}</Alert>}
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        label={t("auth.setPassword.newPassword")}
        name="password"
        type="password"
        autoComplete="new-password"
        minLength={10}
        required
        autoFocus
        hint={fieldError("password") ?? t("auth.setPassword.hint")}
      />
      <TextField
        label={t("auth.setPassword.repeat")}
        name="repeat"
        type="password"
        autoComplete="new-password"
        required
        hint={fieldError("repeat")}
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("auth.setPassword.submitting") : t("auth.setPassword.submit")}
      </Button>
    </form>
  );
}
