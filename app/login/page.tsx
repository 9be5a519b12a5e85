import { redirect } from "next/navigation";
import { currentStaff, safeReturnPath } from "@/lib/server/staff/current-staff";
import { AuthCard } from "@/components/auth/auth-card";
import { LoginForm } from "@/components/auth/login-form";
import { Alert } from "@/components/ui/feedback";

export const metadata = { title: "Sign in – Signet" };

const NOTICES: Record<string, string> = {
  "password-set": "Your password is set. Sign in with your e-mail address and the new password.",
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string; notice?: string }> }) {
  const { callbackUrl: wanted, notice } = await searchParams;
  const callbackUrl = safeReturnPath(wanted);
  if (await currentStaff()) redirect(callbackUrl);
  const text = notice && Object.hasOwn(NOTICES, notice) ? NOTICES[notice] : null;
  return (
    <AuthCard title="Staff sign-in">
      {text && (
        <div className="mb-4">
          <Alert kind="success">{text}</Alert>
        </div>
      )}
      <LoginForm callbackUrl={callbackUrl} />
    </AuthCard>
  );
}
