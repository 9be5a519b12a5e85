import { redirect } from "next/navigation";
import { currentStaff, safeReturnPath } from "@/lib/server/staff/current-staff";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { SsoButtons } from "@/components/auth/sso-buttons";
import { signInButtons } from "@/lib/server/sso/connections";
import { SSO_REFUSALS, type SsoRefusal } from "@/lib/schemas/sso";
import { Alert } from "@/components/ui/feedback";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("auth.login.metaTitle") };
}

/** ?notice= → its message in auth.login.notices. */
const NOTICES: Record<string, "passwordSet"> = {
  "password-set": "passwordSet",
};

/** next-auth's own error codes (pages.error is this page): a provider that failed before Signet could judge the person. */
const NEXT_AUTH_ERRORS = new Set([
  "OAuthSignin",
  "OAuthCallback",
  "OAuthCreateAccount",
  "Callback",
  "OAuthAccountNotLinked",
  "AccessDenied",
  "Configuration",
]);

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; notice?: string; sso?: string; error?: string }>;
}) {
  const t = await dashboardTr();
  const { callbackUrl: wanted, notice, sso, error } = await searchParams;
  const callbackUrl = safeReturnPath(wanted);
  if (await currentStaff()) redirect(callbackUrl);
  const text = notice && Object.hasOwn(NOTICES, notice) ? t(`auth.login.notices.${NOTICES[notice]!}`) : null;
  const refusal: SsoRefusal | null = (SSO_REFUSALS as readonly string[]).includes(sso ?? "")
    ? (sso as SsoRefusal)
    : error && NEXT_AUTH_ERRORS.has(error)
      ? "SSO_FAILED"
      : null;
  const buttons = await signInButtons();
  return (
    <AuthCard title={t("auth.login.title")}>
      {text && (
        <div className="mb-4">
          <Alert kind="success">{text}</Alert>
        </div>
      )}
      {refusal && (
        <div className="mb-4">
          <Alert>{t(`auth.login.sso.${refusal}`)}</Alert>
        </div>
      )}
      {buttons.length > 0 && <SsoButtons buttons={buttons} callbackUrl={callbackUrl} />}
      <LoginForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
