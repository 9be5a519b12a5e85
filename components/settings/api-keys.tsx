"use client";
import { useState } from "react";
import { plainError } from "@/lib/client/api";
import { useApiKeyActions, useApiKeys } from "@/lib/client/api-keys";
import type { CreatedApiKey } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader, Spinner } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";
import { DataTable } from "@/components/ui/data-table";

/** Sandbox API keys of this organization: create (the key is shown once), list, revoke. */
export function ApiKeys() {
  const q = useApiKeys();
  const { create, revoke } = useApiKeyActions();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  return (
    <section>
      <PageHeader
        title="API keys"
        description="Sandbox keys for your integrations. Production keys are issued on the Enterprise plan."
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <form
          className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          aria-labelledby="new-key-heading"
          onSubmit={async (e) => {
            e.preventDefault();
            const form = e.currentTarget;
            const name = String(new FormData(form).get("name") ?? "").trim();
            if (!name) return setError("Give the key a name, e.g. the system that will use it.");
            setError(null);
            setCopied(false);
            try {
              setCreated(await create.mutateAsync(name));
              form.reset();
            } catch (err) {
              setError(plainError(err));
            }
          }}
        >
          <h2 id="new-key-heading" className="text-base font-semibold">
            Create a sandbox key
          </h2>
          {error && <Alert>{error}</Alert>}
          <TextField label="Key name" name="name" maxLength={200} placeholder="e.g. CRM integration (test)" />
          <Button type="submit" className="w-full" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create key"}
          </Button>
        </form>

        <div className="space-y-4">
          {created && (
            <Alert kind="success" title={`Key “${created.name}” created`}>
              <p>Copy it now: it is shown only this once and cannot be recovered.</p>
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
                  {copied ? "Copied" : "Copy"}
                </Button>
                <Button variant="ghost" onClick={() => setCreated(null)}>
                  I have stored it
                </Button>
              </div>
            </Alert>
          )}
          {q.isPending ? (
            <Spinner label="Loading keys" />
          ) : q.isError ? (
            <Alert title="The keys could not be loaded">{plainError(q.error)}</Alert>
          ) : q.data.items.length === 0 ? (
            <EmptyState title="No API keys yet">Create one with the form.</EmptyState>
          ) : (
            <DataTable
              columns={["Name", "Key", { label: "Created", hideBelow: "md" }, { label: "Last used", hideBelow: "md" }, "Status"]}
              actions
            >
              {q.data.items.map((k) => (
                <tr key={k.id}>
                  <td className="px-4 py-3 font-medium">{k.name}</td>
                  <td className="px-4 py-3 font-mono text-xs text-slate-600">{k.keyPrefix}…</td>
                  <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{formatDate(k.createdAt)}</td>
                  <td className="hidden px-4 py-3 text-slate-600 md:table-cell">{formatDate(k.lastUsedAt)}</td>
                  <td className="px-4 py-3">
                    {k.revokedAt ? (
                      <span className="text-red-700">Revoked</span>
                    ) : (
                      <span className="text-emerald-700">Active</span>
                    )}
                  </td>
                  <td className="px-4 py-3 text-right">
                    {!k.revokedAt && (
                      <Button
                        variant="danger"
                        aria-label={`Revoke ${k.name}`}
                        onClick={async () => {
                          if (!confirm(`Revoke “${k.name}”? Calls with this key will be refused from now on.`)) return;
                          try {
                            await revoke.mutateAsync(k.id);
                          } catch (e) {
                            setError(plainError(e));
                          }
                        }}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      </div>
    </section>
  );
}
