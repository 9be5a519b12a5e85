"use client";
import { useState } from "react";
import { plainError } from "@/lib/client/api";
import { useApiKeyActions, useApiKeys } from "@/lib/client/api-keys";
import type { CreatedApiKey } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert, EmptyState, FormBeside, PageHeader, Spinner } from "@/components/ui/feedback";
import { CheckField, FormCard, TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";
import { DataTable } from "@/components/ui/data-table";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { SCOPES, type Scope } from "@/lib/schemas/scopes";

/** What a new key is suggested to hold: drafting and sending requests from templates, not managing the account. */
const SUGGESTED: readonly Scope[] = ["requests:read", "requests:write", "requests:send", "templates:read"];
/** A scope's message key (a colon cannot be in one). */
const MEANING = {
  "requests:read": "requests_read",
  "requests:write": "requests_write",
  "requests:send": "requests_send",
  "templates:read": "templates_read",
  "templates:write": "templates_write",
  "webhooks:manage": "webhooks_manage",
  "keys:manage": "keys_manage",
  "settings:manage": "settings_manage",
} as const satisfies Record<Scope, string>;

/**
 * The API keys of this organization in the environment the dashboard shows: create one with its scopes (and, in
 * production, whether its sends wait for a staff member's approval), shown once; list; revoke.
 */
export function ApiKeys({ environment }: { environment: "SANDBOX" | "PRODUCTION" }) {
  const production = environment === "PRODUCTION";
  const t = useDashboardT();
  const q = useApiKeys();
  const { create, revoke } = useApiKeyActions();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  return (
    <section>
      <PageHeader
        title={t("settings.apiKeys.title")}
        description={production ? t("settings.apiKeys.descriptionProduction") : t("settings.apiKeys.description")}
      />
      <FormBeside
        form={
          <FormCard
            title={production ? t("settings.apiKeys.createTitleProduction") : t("settings.apiKeys.createTitle")}
            className="h-fit p-5"
            onData={async (f, form) => {
              const name = String(f.get("name") ?? "").trim();
              if (!name) return setError(t("settings.apiKeys.nameRequired"));
              const scopes = SCOPES.filter((s) => f.get(`scope:${s}`) === "on");
              if (!scopes.length) return setError(t("settings.apiKeys.scopes.none"));
              setError(null);
              setCopied(false);
              try {
                setCreated(
                  await create.mutateAsync({
                    name,
                    environment,
                    scopes,
                    ...(production && {
                      sendsNeedApproval: f.get("sendsNeedApproval") === "on",
                      mcpSendsDirectly: f.get("mcpSendsDirectly") === "on",
                    }),
                  }),
                );
                form.reset();
              } catch (err) {
                setError(plainError(err));
              }
            }}
          >
            {error && <Alert>{error}</Alert>}
            <TextField
              label={t("settings.apiKeys.keyName")}
              name="name"
              maxLength={200}
              placeholder={t("settings.apiKeys.keyNamePlaceholder")}
            />
            <fieldset className="space-y-1.5">
              <legend className="mb-1 text-sm font-medium text-slate-700">{t("settings.apiKeys.scopes.legend")}</legend>
              <p className="text-xs text-slate-500">{t("settings.apiKeys.scopes.hint")}</p>
              {SCOPES.map((s) => (
                <CheckField
                  key={s}
                  name={`scope:${s}`}
                  defaultChecked={SUGGESTED.includes(s)}
                  label={<code className="text-xs">{s}</code>}
                  hint={t(`settings.apiKeys.scopes.meaning.${MEANING[s]}`)}
                />
              ))}
            </fieldset>
            {production && (
              <fieldset className="space-y-1.5">
                <legend className="mb-1 text-sm font-medium text-slate-700">{t("settings.apiKeys.production.legend")}</legend>
                <CheckField
                  name="sendsNeedApproval"
                  defaultChecked
                  label={t("settings.apiKeys.production.needsApproval")}
                  hint={t("settings.apiKeys.production.needsApprovalHint")}
                />
                <CheckField
                  name="mcpSendsDirectly"
                  label={t("settings.apiKeys.production.mcpDirect")}
                  hint={t("settings.apiKeys.production.mcpDirectHint")}
                />
              </fieldset>
            )}
            <Button type="submit" className="w-full" disabled={create.isPending}>
              {create.isPending ? t("settings.apiKeys.creating") : t("settings.apiKeys.create")}
            </Button>
          </FormCard>
        }
      >
        {created && (
          <Alert kind="success" title={t("settings.apiKeys.createdTitle", { name: created.name })}>
            <p>{t("settings.apiKeys.copyNow")}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                data-testid="new-api-key"
                className="break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 ring-1 ring-emerald-200"
              >
                {created.apiKey}
              </code>
              <Button
                variant="secondary"
                onClick={async () => {
                  await navigator.clipboard?.writeText(created.apiKey).catch(() => {});
                  setCopied(true);
                }}
              >
                {copied ? t("settings.apiKeys.copied") : t("settings.apiKeys.copy")}
              </Button>
              <Button variant="ghost" onClick={() => setCreated(null)}>
                {t("settings.apiKeys.stored")}
              </Button>
            </div>
          </Alert>
        )}
        {q.isPending ? (
          <Spinner label={t("settings.apiKeys.loading")} />
        ) : q.isError ? (
          <Alert title={t("settings.apiKeys.loadFailed")}>{plainError(q.error)}</Alert>
        ) : q.data.items.length === 0 ? (
          <EmptyState title={t("settings.apiKeys.emptyTitle")}>{t("settings.apiKeys.empty")}</EmptyState>
        ) : (
          <DataTable
            columns={[
              t("settings.apiKeys.columns.name"),
              t("settings.apiKeys.columns.key"),
              t("settings.apiKeys.columns.scopes"),
              { label: t("settings.apiKeys.columns.created"), hideBelow: "md" },
              { label: t("settings.apiKeys.columns.lastUsed"), hideBelow: "md" },
              t("settings.apiKeys.columns.status"),
            ]}
            actions
          >
            {q.data.items.map((k) => (
              <tr key={k.id}>
                <td className="px-4 py-3 font-medium">{k.name}</td>
                <td className="px-4 py-3 font-mono text-xs text-slate-600">{k.keyPrefix}…</td>
                <td className="px-4 py-3 text-xs text-slate-600">
                  {k.sendsNeedApproval && (
                    <span className="mb-1 block font-medium text-amber-800">{t("settings.apiKeys.badges.needsApproval")}</span>
                  )}
                  {k.environment === "PRODUCTION" && k.mcpSendsDirectly && (
                    <span className="mb-1 block font-medium text-slate-800">{t("settings.apiKeys.badges.mcpDirect")}</span>
                  )}
                  {k.allScopes ? (
                    t("settings.apiKeys.scopes.all")
                  ) : (
                    <ul aria-label={t("settings.apiKeys.scopes.of", { name: k.name })}>
                      {k.scopes.map((s) => (
                        <li key={s}>
                          <code>{s}</code>
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
                <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{formatDate(k.createdAt)}</td>
                <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{formatDate(k.lastUsedAt)}</td>
                <td className="px-4 py-3">
                  {k.revokedAt ? (
                    <span className="text-red-700">{t("settings.apiKeys.revoked")}</span>
                  ) : (
                    <span className="text-emerald-700">{t("settings.apiKeys.active")}</span>
                  )}
                </td>
                <td className="px-4 py-3 text-right">
                  {!k.revokedAt && (
                    <Button
                      variant="danger"
                      aria-label={t("settings.apiKeys.revokeLabel", { name: k.name })}
                      onClick={async () => {
                        if (!confirm(t("settings.apiKeys.confirmRevoke", { name: k.name }))) return;
                        try {
                          await revoke.mutateAsync(k.id);
                        } catch (e) {
                          setError(plainError(e));
                        }
                      }}
                    >
                      {t("settings.apiKeys.revoke")}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </FormBeside>
    </section>
  );
}
