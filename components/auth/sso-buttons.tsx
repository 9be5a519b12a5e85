"use client";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import type { SsoButton } from "@/lib/schemas/sso";

/**
 * "Sign in with …" for each single sign-on connection turned on: next-auth takes the browser to an OIDC provider
 * and back; a SAML connection's login route sends it to the identity provider.
 */
export function SsoButtons({ buttons, callbackUrl }: { buttons: SsoButton[]; callbackUrl: string }) {
  const t = useDashboardT();
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <div className="mb-6 space-y-2">
      {buttons.map((b) => (
        <Button
          key={b.key}
          type="button"
          variant="secondary"
          className="w-full"
          disabled={busy !== null}
          onClick={() => {
            setBusy(b.key);
            // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- the SAML login is a route that redirects, not a page
            if ("href" in b) window.location.assign(`${b.href}?${new URLSearchParams({ callbackUrl })}`);
            else void signIn(b.providerId, { callbackUrl });
          }}
        >
          {t("auth.login.ssoButton", { name: b.name })}
        </Button>
      ))}
      <p className="flex items-center gap-3 pt-2 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" />
        {t("auth.login.or")}
        <span className="h-px flex-1 bg-slate-200" />
      </p>
    </div>
  );
}
