"use client";
import { useActionState } from "react";
import { setPasswordAction } from "@/lib/actions/set-password";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { PasswordFields } from "./password-fields";
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
      <PasswordFields
        label={t("auth.setPassword.newPassword")}
        repeatLabel={t("auth.setPassword.repeat")}
        hint={t("auth.setPassword.hint")}
        error={fieldError}
        autoFocus
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("auth.setPassword.submitting") : t("auth.setPassword.submit")}
      </Button>
    </form>
  );
}
