import { requireAdmin } from "@/lib/server/staff/current-staff";
import { listSsoConnections } from "@/lib/server/sso/connections";
import { SingleSignOn } from "@/components/settings/single-sign-on";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.signIn.metaTitle") };

export default async function SignInSettingsPage({ searchParams }: { searchParams: Promise<{ tested?: string }> }) {
  const staff = await requireAdmin("/settings/sign-in");
  const { connections, passwordSignIn } = await listSsoConnections(staff);
  const { tested } = await searchParams;
  return (
    <SingleSignOn connections={connections} passwordSignIn={passwordSignIn} tested={connections.some((c) => c.id === tested)} />
  );
}
