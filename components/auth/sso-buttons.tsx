"use client";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** "Sign in with …" for each single sign-on connection turned on: next-auth takes the browser to the provider and back. */
export function SsoButtons({ buttons, callbackUrl }: { buttons: { providerId: string; name: string }[]; callbackUrl: string }) {
  const t = useDashboardT();
  const [busy, setBusy] = useState<string | null>(null);
  return (
    <div className="mb-6 space-y-2">
      {buttons.map((b) => (
        <Button
          key={b.providerId}
          type="button"
          variant="secondary"
          className="w-full"
          disabled={busy !== null}
          onClick={() => {
            setBusy(b.providerId);
            void signIn(b.providerId, { callbackUrl });
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
