"use client";
import { useState, useTransition } from "react";
import { makeScimTokenAction, revokeScimTokenAction, saveScimSettingsAction } from "@/lib/actions/scim";
import type { ActionResult } from "@/lib/schemas/staff";
import type { ScimSettings, ScimTokenDto } from "@/lib/schemas/scim";
import { Button } from "@/components/ui/button";
import { ResultAlert } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { LocalTime } from "@/components/ui/local-time";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * Provisioning by SCIM 2.0: the base URL and the tokens an identity provider calls with (made here, shown once,
 * revoked at once), and the provisioned groups whose members are admins.
 */
export function Provisioning({ baseUrl, tokens, settings }: { baseUrl: string; tokens: ScimTokenDto[]; settings: ScimSettings }) {
  const t = useDashboardT();
  const [result, setResult] = useState<ActionResult | null>(null);
  const [fresh, setFresh] = useState<string | null>(null);
  const [pending, start] = useTransition();
  const run = (action: () => Promise<ActionResult & { token?: string }>) =>
    start(async () => {
      const r = await action();
      setResult(r);
      setFresh(r.ok && r.token ? r.token : null);
    });
  return (
    <section
      aria-labelledby="scim-title"
      className="max-w-3xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div>
        <h2 id="scim-title" className="text-base font-semibold">
          {t("settings.signIn.scim.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("settings.signIn.scim.description")}</p>
      </div>
      <p className="text-sm">
        <span className="font-medium">{t("settings.signIn.scim.baseUrl")}</span>{" "}
        <code className="rounded bg-slate-100 px-1 break-all">{baseUrl}</code>
      </p>
      <ResultAlert result={result}>
        {fresh && (
          <p className="mt-2">
            <span className="font-medium">{t("settings.signIn.scim.newToken")}</span>{" "}
            <code className="rounded bg-white px-1 break-all" data-testid="scim-token">
              {fresh}
            </code>
          </p>
        )}
      </ResultAlert>
      <div className="space-y-2">
        <h3 className="text-sm font-medium">{t("settings.signIn.scim.tokens")}</h3>
        {tokens.length === 0 ? (
          <p className="text-sm text-slate-600">{t("settings.signIn.scim.noTokens")}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm">
            {tokens.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className={k.revokedAt ? "text-slate-500 line-through" : ""}>
                  {t("settings.signIn.scim.tokenLine", { name: k.name, prefix: k.prefix })} <LocalTime iso={k.createdAt} />
                  {" · "}
                  {k.lastUsedAt ? (
                    <>
                      {t("settings.signIn.scim.lastUsed")} <LocalTime iso={k.lastUsedAt} />
                    </>
                  ) : (
                    t("settings.signIn.scim.neverUsed")
                  )}
                  {k.revokedAt && (
                    <>
                      {" · "}
                      {t("settings.signIn.scim.revokedOn")} <LocalTime iso={k.revokedAt} />
                    </>
                  )}
                </span>
                {!k.revokedAt && (
                  <Button
                    type="button"
                    variant="danger"
                    disabled={pending}
                    aria-label={t("settings.signIn.scim.revokeLabel", { name: k.name })}
                    onClick={() => {
                      if (window.confirm(t("settings.signIn.scim.confirmRevoke", { name: k.name })))
                        run(() => revokeScimTokenAction(k.id));
                    }}
                  >
                    {t("settings.signIn.scim.revoke")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        <form
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const name = String(new FormData(e.currentTarget).get("scimTokenName") ?? "");
            run(() => makeScimTokenAction(name));
          }}
        >
          <TextField
            label={t("settings.signIn.scim.tokenName")}
            name="scimTokenName"
            placeholder="Okta"
            required
            className="min-w-64"
          />
          <Button type="submit" disabled={pending}>
            {t("settings.signIn.scim.make")}
          </Button>
        </form>
      </div>
      <form
        className="flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          const groups = String(new FormData(e.currentTarget).get("scimAdminGroups") ?? "")
            .split(/[\n,]/)
            .map((s) => s.trim())
            .filter(Boolean);
          run(() => saveScimSettingsAction(groups));
        }}
      >
        <TextField
          label={t("settings.signIn.scim.adminGroups")}
          name="scimAdminGroups"
          defaultValue={settings.adminGroups.join(", ")}
          hint={t("settings.signIn.scim.adminGroupsHint")}
          className="min-w-80 flex-1"
        />
        <Button type="submit" variant="secondary" disabled={pending}>
          {t("settings.signIn.scim.saveGroups")}
        </Button>
      </form>
    </section>
  );
}
