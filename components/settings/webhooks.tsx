"use client";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { useDeliveries, useWebhookActions, useWebhooks, WEBHOOK_EVENTS } from "@/lib/client/webhooks";
import { Button } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader, Spinner } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";

/** Webhook endpoints: subscribe a URL to events (its signing secret shown once), list, delete, delivery log. */
export function Webhooks() {
  const q = useWebhooks();
  const { create, remove } = useWebhookActions();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<string | null>(null);
  const unavailable = q.isError && q.error instanceof ApiError && (q.error.unavailable || q.error.status === 405);

  return (
    <section>
      <PageHeader
        title="Webhooks"
        description="Signet calls these URLs when a request is sent, viewed, signed, completed, declined, cancelled or expires."
      />
      {unavailable ? (
        <Alert kind="info">Webhooks are not available on this server yet.</Alert>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[24rem_1fr]">
          <form
            className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
            aria-labelledby="new-webhook-heading"
            onSubmit={async (e) => {
              e.preventDefault();
              const form = e.currentTarget;
              const f = new FormData(form);
              const url = String(f.get("url") ?? "").trim();
              const events = WEBHOOK_EVENTS.filter((ev) => f.getAll("events").includes(ev));
              if (!/^https?:\/\//i.test(url)) return setError("Enter an http(s) URL, e.g. https://example.com/signet-events.");
              if (events.length === 0) return setError("Choose at least one event.");
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
            <h2 id="new-webhook-heading" className="text-base font-semibold">
              Add an endpoint
            </h2>
            {error && <Alert>{error}</Alert>}
            <TextField label="Endpoint URL" name="url" type="url" placeholder="https://example.com/signet-events" />
            <TextField label="Description" name="description" maxLength={500} />
            <fieldset>
              <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
              {WEBHOOK_EVENTS.map((ev) => (
                <label key={ev} className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="events" value={ev} defaultChecked className="h-4 w-4 rounded border-slate-300" />
                  {ev.replace("signature_request.", "")}
                </label>
              ))}
            </fieldset>
            <Button type="submit" className="w-full" disabled={create.isPending}>
              Add endpoint
            </Button>
          </form>
          <div className="space-y-4">
            {secret && (
              <Alert kind="success" title="Endpoint added">
                <p>Its signing secret, shown only this once (verify each call&apos;s webhook-signature with it):</p>
                <code className="mt-1 block break-all rounded bg-white px-2 py-1 font-mono text-xs text-slate-900 ring-1 ring-emerald-200">
                  {secret.secret}
                </code>
                <Button variant="ghost" className="mt-2" onClick={() => setSecret(null)}>
                  I have stored it
                </Button>
              </Alert>
            )}
            {q.isPending ? (
              <Spinner label="Loading endpoints" />
            ) : q.isError ? (
              <Alert>{plainError(q.error)}</Alert>
            ) : q.data.items.length === 0 ? (
              <EmptyState title="No webhook endpoints yet" />
            ) : (
              <ul className="space-y-3">
                {q.data.items.map((w) => (
                  <li
                    key={w.id}
                    className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                    aria-label={`Webhook ${w.url}`}
                  >
                    <div className="flex flex-wrap items-start gap-2">
                      <div className="min-w-0 flex-1">
                        <p className="break-all font-mono text-sm">{w.url}</p>
                        <p className="text-xs text-slate-500">
                          {w.enabled ? "Active" : `Disabled${w.disabledReason ? `: ${w.disabledReason}` : ""}`} ·{" "}
                          {w.events.length} event{w.events.length === 1 ? "" : "s"} · added {formatDate(w.createdAt)}
                          {w.description && ` · ${w.description}`}
                        </p>
                      </div>
                      <Button variant="secondary" onClick={() => setLog(log === w.id ? null : w.id)} aria-expanded={log === w.id}>
                        Deliveries
                      </Button>
                      <Button
                        variant="danger"
                        aria-label={`Delete webhook ${w.url}`}
                        onClick={async () => {
                          if (!confirm(`Stop sending events to ${w.url}?`)) return;
                          try {
                            await remove.mutateAsync(w.id);
                          } catch (e) {
                            setError(plainError(e));
                          }
                        }}
                      >
                        Delete
                      </Button>
                    </div>
                    {log === w.id && <DeliveryLog id={w.id} />}
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

function DeliveryLog({ id }: { id: string }) {
  const q = useDeliveries(id);
  if (q.isPending) return <Spinner label="Loading deliveries" />;
  if (q.isError) return <Alert>{plainError(q.error)}</Alert>;
  if (q.data.items.length === 0) return <p className="mt-3 text-sm text-slate-500">Nothing sent yet.</p>;
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="min-w-full text-sm">
        <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-3">
              Event
            </th>
            <th scope="col" className="py-1 pr-3">
              Status
            </th>
            <th scope="col" className="py-1 pr-3">
              Attempts
            </th>
            <th scope="col" className="py-1">
              When
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {q.data.items.map((d) => (
            <tr key={d.id}>
              <td className="py-1 pr-3">{d.eventType}</td>
              <td className="py-1 pr-3">
                {d.status === "DELIVERED" ? (
                  <span className="text-emerald-700">Delivered{d.lastStatusCode ? ` (${d.lastStatusCode})` : ""}</span>
                ) : d.status === "FAILED" ? (
                  <span className="text-red-700">Failed{d.lastError ? `: ${d.lastError}` : ""}</span>
                ) : (
                  <span className="text-slate-600">Pending{d.lastError ? ` (last: ${d.lastError})` : ""}</span>
                )}
              </td>
              <td className="py-1 pr-3">{d.attempts}</td>
              <td className="py-1 text-slate-600">{formatDate(d.deliveredAt ?? d.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
