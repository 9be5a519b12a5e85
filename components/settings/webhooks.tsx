"use client";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { useDeliveries, useWebhookActions, useWebhooks, WEBHOOK_EVENTS } from "@/lib/client/webhooks";
import { Button } from "@/components/ui/button";
import { Alert, EmptyState, FormBeside, PageHeader, Spinner } from "@/components/ui/feedback";
import { FormCard, TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";
import { InlineTable } from "@/components/ui/data-table";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** Webhook endpoints: subscribe a URL to events (its signing secret shown once), list, delete, delivery log. */
export function Webhooks() {
  const t = useDashboardT();
  const q = useWebhooks();
  const { create, remove } = useWebhookActions();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<string | null>(null);
  const unavailable = q.isError && q.error instanceof ApiError && (q.error.unavailable || q.error.status === 405);

  return (
    <section>
      <PageHeader title={t("settings.webhooks.title")} description={t("settings.webhooks.description")} />
      {unavailable ? (
        <Alert kind="info">{t("settings.webhooks.unavailable")}</Alert>
      ) : (
        <FormBeside
          wide
          form={
            <FormCard
              title={t("settings.webhooks.addTitle")}
              className="h-fit p-5"
              onData={async (f, form) => {
                const url = String(f.get("url") ?? "").trim();
                const events = WEBHOOK_EVENTS.filter((ev) => f.getAll("events").includes(ev));
                if (!/^https?:\/\//i.test(url)) return setError(t("settings.webhooks.urlRequired"));
                if (events.length === 0) return setError(t("settings.webhooks.eventsRequired"));
                setError(null);
                try {
                  const w = await create.mutateAsync({
                    url,
                    events,
                    description: String(f.get("description") ?? "").trim() || undefined,
                  });
                  setSecret({ url: w.url, secret: w.secret });
                  form.reset();
                } catch (err) {
                  setError(plainError(err));
                }
              }}
            >
              {error && <Alert>{error}</Alert>}
              <TextField
                label={t("settings.webhooks.url")}
                name="url"
                type="url"
                placeholder="https://example.com/signet-events"
              />
              <TextField label={t("settings.webhooks.descriptionField")} name="description" maxLength={500} />
              <fieldset>
                <legend className="mb-1 text-sm font-medium text-slate-700">{t("settings.webhooks.events")}</legend>
                {WEBHOOK_EVENTS.map((ev) => (
                  <label key={ev} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" name="events" value={ev} defaultChecked className="h-4 w-4 rounded border-slate-300" />
                    {ev.replace("signature_request.", "")}
                  </label>
                ))}
              </fieldset>
              <Button type="submit" className="w-full" disabled={create.isPending}>
                {t("settings.webhooks.add")}
              </Button>
            </FormCard>
          }
        >
          {secret && (
            <Alert kind="success" title={t("settings.webhooks.addedTitle")}>
              <p>{t("settings.webhooks.secretNote")}</p>
              <code className="mt-1 block break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 ring-1 ring-emerald-200">
                {secret.secret}
              </code>
              <Button variant="ghost" className="mt-2" onClick={() => setSecret(null)}>
                {t("settings.webhooks.stored")}
              </Button>
            </Alert>
          )}
          {q.isPending ? (
            <Spinner label={t("settings.webhooks.loading")} />
          ) : q.isError ? (
            <Alert>{plainError(q.error)}</Alert>
          ) : q.data.items.length === 0 ? (
            <EmptyState title={t("settings.webhooks.emptyTitle")} />
          ) : (
            <ul className="space-y-3">
              {q.data.items.map((w) => (
                <li
                  key={w.id}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                  aria-label={t("settings.webhooks.label", { url: w.url })}
                >
                  <div className="flex flex-wrap items-start gap-2">
                    <div className="min-w-0 flex-1">
                      <p className="break-all font-mono text-sm">{w.url}</p>
                      <p className="text-xs text-slate-500">
                        {t("settings.webhooks.summary", {
                          state: w.enabled
                            ? t("settings.webhooks.active")
                            : w.disabledReason
                              ? t("settings.webhooks.disabledBecause", { reason: w.disabledReason })
                              : t("settings.webhooks.disabled"),
                          count: w.events.length,
                          date: formatDate(w.createdAt),
                        })}
                        {w.description && ` · ${w.description}`}
                      </p>
                    </div>
                    <Button variant="secondary" onClick={() => setLog(log === w.id ? null : w.id)} aria-expanded={log === w.id}>
                      {t("settings.webhooks.deliveries")}
                    </Button>
                    <Button
                      variant="danger"
                      aria-label={t("settings.webhooks.deleteLabel", { url: w.url })}
                      onClick={async () => {
                        if (!confirm(t("settings.webhooks.confirmDelete", { url: w.url }))) return;
                        try {
                          await remove.mutateAsync(w.id);
                        } catch (e) {
                          setError(plainError(e));
                        }
                      }}
                    >
                      {t("settings.webhooks.delete")}
                    </Button>
                  </div>
                  {log === w.id && <DeliveryLog id={w.id} />}
                </li>
              ))}
            </ul>
          )}
        </FormBeside>
      )}
    </section>
  );
}

function DeliveryLog({ id }: { id: string }) {
  const q = useDeliveries(id);
  const t = useDashboardT();
  if (q.isPending) return <Spinner label={t("settings.deliveries.loading")} />;
  if (q.isError) return <Alert>{plainError(q.error)}</Alert>;
  if (q.data.items.length === 0) return <p className="mt-3 text-sm text-slate-500">{t("settings.deliveries.empty")}</p>;
  return (
    <InlineTable
      dense
      columns={[
        t("settings.deliveries.columns.event"),
        t("settings.deliveries.columns.status"),
        t("settings.deliveries.columns.attempts"),
        t("settings.deliveries.columns.when"),
      ]}
    >
      {q.data.items.map((d) => (
        <tr key={d.id}>
          <td className="py-1 pr-3">{d.eventType}</td>
          <td className="py-1 pr-3">
            {d.status === "DELIVERED" ? (
              <span className="text-emerald-700">
                {d.lastStatusCode
                  ? t("settings.deliveries.deliveredWithCode", { code: d.lastStatusCode })
                  : t("settings.deliveries.delivered")}
              </span>
            ) : d.status === "FAILED" ? (
              <span className="text-red-700">
                {d.lastError ? t("settings.deliveries.failedWithError", { error: d.lastError }) : t("settings.deliveries.failed")}
              </span>
            ) : (
              <span className="text-slate-600">
                {d.lastError
                  ? t("settings.deliveries.pendingWithError", { error: d.lastError })
                  : t("settings.deliveries.pending")}
              </span>
            )}
          </td>
          <td className="py-1 pr-3">{d.attempts}</td>
          <td className="py-1 text-slate-600">{formatDate(d.deliveredAt ?? d.createdAt)}</td>
        </tr>
      ))}
    </InlineTable>
  );
}
