import { requireAdmin } from "@/lib/server/staff/current-staff";
import { listSsoConnections } from "@/lib/server/sso/connections";
import { listScim } from "@/lib/server/scim/tokens";
import { scimBase } from "@/lib/server/scim/endpoint";
import { SingleSignOn } from "@/components/settings/single-sign-on";
import { Provisioning } from "@/components/settings/provisioning";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";

export async function generateMetadata() {
  const t = await dashboardTr();
  return { title: t("settings.signIn.metaTitle") };
}

export default async function SignInSettingsPage({ searchParams }: { searchParams: Promise<{ tested?: string }> }) {
  const staff = await requireAdmin("/settings/sign-in");
  const { connections, passwordSignIn } = await listSsoConnections(staff);
  const scim = await listScim(staff);
  const { tested } = await searchParams;
  return (
    <div className="space-y-6">
      <SingleSignOn connections={connections} passwordSignIn={passwordSignIn} tested={connections.some((c) => c.id === tested)} />
      <Provisioning baseUrl={scimBase()} tokens={scim.tokens} settings={scim.settings} />
    </div>
  );
}
