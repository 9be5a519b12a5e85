import { requireAdmin } from "@/lib/server/staff/current-staff";
import { listSsoConnections } from "@/lib/server/sso/connections";
import { SingleSignOn } from "@/components/settings/single-sign-on";
import { dashboardT } from "@/lib/i18n/dashboard";

export const metadata = { title: dashboardT("settings.signIn.metaTitle") };

export default async function SignInSettingsPage() {
  const staff = await requireAdmin("/settings/sign-in");
  const { connections, passwordSignIn } = await listSsoConnections(staff);
  return <SingleSignOn connections={connections} passwordSignIn={passwordSignIn} />;
}
