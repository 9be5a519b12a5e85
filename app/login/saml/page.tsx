import { AuthCard } from "@/components/auth/auth-card";
import { SamlFinish } from "@/components/auth/saml-finish";
import { safeReturnPath } from "@/lib/server/staff/current-staff";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("auth.login.saml.metaTitle"), referrer: "no-referrer" };
}

// /login/saml?code=…&callbackUrl=… – where the assertion consumer service sends the browser: the page hands the
// one-time code to next-auth from this origin (so the browser's own cookies go with it) and goes on.
export default async function SamlFinishPage({
  searchParams,
}: {
  searchParams: Promise<{ code?: string; callbackUrl?: string }>;
}) {
  const t = await dashboardTr();
  const { code, callbackUrl } = await searchParams;
  return (
    <AuthCard title={t("auth.login.saml.title")}>
      <SamlFinish code={typeof code === "string" ? code.slice(0, 100) : ""} callbackUrl={safeReturnPath(callbackUrl)} />
    </AuthCard>
  );
}
