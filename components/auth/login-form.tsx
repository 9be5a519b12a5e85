"use client";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form";
import { Alert } from "@/components/ui/feedback";
import { useDashboardT } from "@/components/layout/dashboard-intl";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useDashboardT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    setBusy(true);
    setError(null);
    try {
      // redirect: false, and we navigate ourselves: next-auth's own redirect would use NEXTAUTH_URL's host.
      const res = await signIn("credentials", { redirect: false, email: form.get("email"), password: form.get("password") });
      if (!res || res.error) {
        // A throttled attempt comes back with the server's own message ("Too many failed sign-ins. Try again in …").
        const throttled = res?.error?.startsWith("Too many failed sign-ins");
        setError(
          throttled
            ? res!.error!
            : res?.error === "PASSWORD_SIGN_IN_CLOSED"
              ? t("auth.login.passwordClosed")
              : res?.error === "CredentialsSignin" || !res
                ? t("auth.login.wrongCredentials")
                : t("auth.login.failed"),
        );
        setBusy(false);
        return;
      }
      window.location.assign(callbackUrl);
    } catch {
      setError(t("auth.login.unreachable"));
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {error && <Alert>{error}</Alert>}
      <TextField label={t("auth.login.email")} name="email" type="email" autoComplete="username" required autoFocus />
      <TextField label={t("auth.login.password")} name="password" type="password" autoComplete="current-password" required />
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("auth.login.submitting") : t("auth.login.submit")}
      </Button>
    </form>
  );
}
