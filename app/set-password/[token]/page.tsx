import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { clientIp } from "@/lib/server/auth/ip";
import { config } from "@/lib/server/config";
import { AppError } from "@/lib/server/errors";
import { describeStaffLink } from "@/lib/server/staff/staff-links";
import { limitLinkAttempts, linkRefusal } from "@/lib/server/staff/set-password";
import { AuthCard } from "@/components/auth/auth-card";
import { SetPasswordForm } from "@/components/auth/set-password-form";
import { Alert } from "@/components/ui/feedback";
import { linkButton } from "@/components/ui/button";
import { dashboardTr, refusalText } from "@/lib/server/staff/dashboard-words";

// Public: the one-time link's token is the only credential. The page sends no Referer (the token is in
// its path) and asks not to be indexed.
export async function generateMetadata(): Promise<Metadata> {
  const t = await dashboardTr();
  return {
    title: t("auth.setPassword.metaTitle"),
    robots: { index: false, follow: false },
    referrer: "no-referrer",
  };
}
export const dynamic = "force-dynamic";

/** Unknown link → 404 (not-found.tsx); used or expired → says so; else who it is for, and the form. */
export default async function SetPasswordPage({ params }: { params: Promise<{ token: string }> }) {
  const t = await dashboardTr();
  const { token } = await params;
  try {
    await limitLinkAttempts(clientIp(await headers(), config.trustProxy));
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return (
      <AuthCard title={t("auth.setPassword.title")}>
        <Alert>{await refusalText(e)}</Alert>
      </AuthCard>
    );
  }
  const link = await describeStaffLink(token);
  if (link.state === "UNKNOWN") notFound();
  if (link.state !== "VALID") {
    return (
      <AuthCard title={t("auth.setPassword.linkUnusable")}>
        <div className="space-y-4">
          <Alert kind="warning">{linkRefusal(link.state).message}</Alert>
          <Link href="/login" className={linkButton("secondary")}>
            {t("auth.setPassword.toSignIn")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={link.purpose === "INVITE" ? t("auth.setPassword.welcome") : t("auth.setPassword.newPasswordTitle")}>
      <p className="mb-4 text-sm text-slate-600">
        {t.rich(link.purpose === "INVITE" ? "auth.setPassword.forInvite" : "auth.setPassword.forReset", {
          name: link.name,
          email: link.email,
          b: (chunks) => <b className="text-slate-900">{chunks}</b>,
        })}
      </p>
      <SetPasswordForm token={token} email={link.email} />
    </AuthCard>
  );
}
