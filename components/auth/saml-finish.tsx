"use client";
import { signIn } from "next-auth/react";
import { useEffect, useRef } from "react";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** Redeems the SAML hand-off code once (it is single-use: a second render must not spend it) and follows where next-auth says. */
export function SamlFinish({ code, callbackUrl }: { code: string; callbackUrl: string }) {
  const t = useDashboardT();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!code) window.location.replace("/login?sso=SSO_FAILED");
    else void signIn("saml", { code, callbackUrl });
  }, [code, callbackUrl]);
  return (
    <div className="space-y-4 text-sm">
      <p role="status" aria-live="polite">
        {t("auth.login.saml.working")}
      </p>
      <p>
        <a className="text-indigo-700 underline" href="/login">
          {t("auth.login.saml.retry")}
        </a>
      </p>
    </div>
  );
}
