import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/feedback";
import { linkButton } from "@/components/ui/button";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

// An unknown set-password link: HTTP 404 (notFound() in page.tsx), in plain words.
export default async function SetPasswordLinkNotFound() {
  const t = await dashboardTr();
  return (
    <AuthCard title={t("auth.setPassword.linkUnusable")}>
      <div className="space-y-4">
        <Alert kind="warning">{t("auth.setPassword.linkNotValid")}</Alert>
        <Link href="/login" className={linkButton("secondary")}>
          {t("auth.setPassword.toSignIn")}
        </Link>
      </div>
    </AuthCard>
  );
}
