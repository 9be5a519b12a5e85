"use client";
import { switchEnvironment } from "@/lib/actions/environment";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * The sandbox / production switch of the dashboard's header (a server component: a form per choice,
 * posted to a server action). Production is offered only on the ENTERPRISE plan; an admin is told why
 * it is not, a member does not see it at all.
 */
export function EnvironmentSwitch({
  environment,
  productionAvailable,
  isAdmin,
}: {
  environment: "SANDBOX" | "PRODUCTION";
  productionAvailable: boolean;
  isAdmin: boolean;
}) {
  const t = useDashboardT();
  if (!productionAvailable && !isAdmin) return null;
  const option = (value: "SANDBOX" | "PRODUCTION", label: string) => {
    const active = environment === value;
    const disabled = value === "PRODUCTION" && !productionAvailable;
    return (
      <button
        type="submit"
        name="environment"
        value={value}
        disabled={disabled || active}
        aria-pressed={active}
        title={disabled ? t("common.environment.productionNeedsEnterprise") : undefined}
        className={`rounded px-2.5 py-1 text-xs font-semibold ${active ? (value === "SANDBOX" ? "bg-amber-400 text-amber-950" : "bg-emerald-600 text-white") : "text-slate-600 hover:bg-slate-100 disabled:text-slate-400"}`}
      >
        {label}
      </button>
    );
  };
  return (
    <form
      action={switchEnvironment}
      aria-label={t("common.environment.label")}
      className="flex items-center gap-1 rounded-md border border-slate-300 bg-white p-0.5"
    >
      {option("SANDBOX", t("common.environment.sandbox"))}
      {option("PRODUCTION", t("common.environment.production"))}
    </form>
  );
}

/** On every page while the dashboard shows sandbox data. */
export function SandboxBanner({ productionAvailable, isAdmin }: { productionAvailable: boolean; isAdmin: boolean }) {
  const t = useDashboardT();
  return (
    <div
      role="status"
      aria-label={t("common.environment.bannerLabel")}
      className="border-b border-amber-300 bg-amber-100 px-4 py-1.5 text-center text-sm text-amber-900"
    >
      {t.rich("common.environment.banner", { strong: (chunks) => <strong>{chunks}</strong> })}
      {!productionAvailable && isAdmin && ` ${t("common.environment.productionOnEnterprise")}`}
    </div>
  );
}
