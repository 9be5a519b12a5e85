import { redirect } from "next/navigation";
import { currentStaff, safeReturnPath } from "@/lib/server/staff/current-staff";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { Alert } from "@/components/ui/feedback";
import { dashboardT as t } from "@/lib/i18n/dashboard";

export const metadata = { title: t("auth.login.metaTitle") };

/** ?notice= → its message in auth.login.notices. */
const NOTICES: Record<string, "passwordSet"> = {
  "password-set": "passwordSet",
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; notice?: string }> }) {
  const { callbackUrl: wanted, notice } = await searchParams;
  const callbackUrl = safeReturnPath(wanted);
  if (await currentStaff()) redirect(callbackUrl);
  const text = notice && Object.hasOwn(NOTICES, notice) ? t(`auth.login.notices.${NOTICES[notice]!}`) : null;
  return (
    <AuthCard title={t("auth.login.title")}>
      {text && (
        <div className="mb-4">
          <Alert kind="success">{text}</Alert>
        </div>
      )}
      <LoginForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
