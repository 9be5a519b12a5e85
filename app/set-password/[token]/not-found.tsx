import Link from "next/link";
import { AuthCard } from "@/components/auth/auth-card";
import { Alert } from "@/components/ui/feedback";
import { linkButton } from "@/components/ui/button";
import { dashboardT as t } from "@/lib/i18n/dashboard";

// An unknown set-password link: HTTP 404 (notFound() in page.tsx), in plain words.
export default function SetPasswordLinkNotFound() {
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
