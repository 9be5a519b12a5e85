import Link from "next/link";
import { currentStaff } from "@/lib/server/staff/current-staff";
import { QueryProvider } from "@/lib/client/query-provider";
import { NavLinks } from "@/components/layout/nav-links";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { linkButton } from "@/components/ui/button";
import { SiteFooter } from "@/components/layout/site-footer";
import { EnvironmentSwitch, SandboxBanner } from "@/components/layout/environment-switch";
import { StaffIntl } from "@/app/staff-intl";
import { dashboardTr } from "@/lib/server/staff/dashboard-words";
import { dashboardEnvironment, productionAvailable } from "@/lib/server/staff/environment";

// Every staff page reads the session and the store at request time: never prerendered at build.
export const dynamic = "force-dynamic";

// The staff area's frame. The guard is in each page (requireStaff), not here: a layout does not re-run on
// every navigation, and it does not know the path to come back to after signing in. Without a session
// the frame shows nothing of the dashboard and the page redirects to the sign-in page.
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const t = await dashboardTr();
  const staff = await currentStaff();
  if (!staff) return <StaffIntl>{children}</StaffIntl>;
  const environment = await dashboardEnvironment(staff);
  const production = await productionAvailable(staff.orgId);
  const isAdmin = staff.role === "ADMIN";
  return (
    <StaffIntl>
      <QueryProvider>
        <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
          {environment === "SANDBOX" && <SandboxBanner productionAvailable={production} isAdmin={isAdmin} />}
          <nav
            aria-label={t("common.nav.label")}
            className="mx-auto flex max-w-[1600px] flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2"
          >
            <Link href="/requests" className="mr-2 text-lg font-semibold tracking-tight text-indigo-700">
              Signet
            </Link>
            <NavLinks isAdmin={isAdmin} />
            <div className="ml-auto flex items-center gap-3">
              <EnvironmentSwitch environment={environment} productionAvailable={production} isAdmin={isAdmin} />
              <Link href="/requests/new" className={linkButton("primary")}>
                {t("common.nav.newRequest")}
              </Link>
              <Link
                href="/settings/account"
                className="hidden text-sm text-slate-500 hover:text-slate-900 hover:underline sm:inline"
                title={t("common.nav.account")}
              >
                {staff.email}
              </Link>
              <SignOutButton />
            </div>
          </nav>
        </header>
        <div className="mx-auto max-w-[1600px] px-4 py-6">{children}</div>
        <SiteFooter />
      </QueryProvider>
    </StaffIntl>
  );
}
