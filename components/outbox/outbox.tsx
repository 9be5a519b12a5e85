"use client";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { copySigningLink, useOutbox, useOutboxMessage } from "@/lib/client/outbox";
import { Button } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader, Spinner } from "@/components/ui/feedback";
import { formatDate } from "@/components/ui/format";

/**
 * Mail written to DATA_DIR/outbox when no SMTP server is set, readable here. Signing and set-password
 * links are hidden (they are credentials); an admin can copy an invitation's signing link, which the
 * request's audit trail records.
 */
export function Outbox({ isAdmin }: { isAdmin: boolean }) {
  const q = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  const msg = useOutboxMessage(open);
  const unavailable = q.isError && q.error instanceof ApiError && (q.error.unavailable || q.error.status === 405);
  return (
    <section>
      <PageHeader title="Outbox" description="E-mail written to the outbox because no SMTP server is configured (SMTP_URL)." />
      {q.isPending ? (
        <Spinner label="Loading the outbox" />
      ) : unavailable ? (
        <Alert kind="info" title="The outbox is not available on this server yet">
          Mail is still written to <code>DATA_DIR/outbox/*.eml</code>; this page lists it once the server offers it.
        </Alert>
      ) : q.isError ? (
        <Alert>{plainError(q.error)}</Alert>
      ) : q.data.length === 0 ? (
        <EmptyState title="The outbox is empty">Mail appears here after a request is sent.</EmptyState>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[24rem_1fr]">
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            {q.data.map((m) => (
              <li key={m.id}>
                <button
                  type="button"
                  onClick={() => setOpen(m.id)}
                  disabled={!m.hasContent}
                  aria-pressed={open === m.id}
                  className={`block w-full px-4 py-3 text-left hover:bg-slate-50 disabled:cursor-default disabled:hover:bg-white ${open === m.id ? "bg-indigo-50" : ""}`}
                >
                  <span className="block truncate text-sm font-medium">{m.subject}</span>
                  <span className="block truncate text-xs text-slate-500">
                    To {m.to} · {formatDate(m.createdAt)}
                    {!m.hasContent && " · sent by SMTP"}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <div className="min-h-64 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            {!open ? (
              <p className="text-sm text-slate-500">Choose a message to read it.</p>
            ) : msg.isPending ? (
              <Spinner label="Opening the message" />
            ) : msg.isError ? (
              <Alert>{plainError(msg.error)}</Alert>
            ) : (
              <article>
                <h2 className="text-base font-semibold">{msg.data.subject}</h2>
                <p className="mb-3 text-xs text-slate-500">To {msg.data.to}</p>
                {msg.data.linkHidden && (
                  <SigningLinkNote key={msg.data.id} id={msg.data.id} canCopy={isAdmin && SIGNING_KINDS.has(msg.data.kind)} />
                )}
                {msg.data.html ? (
                  // The mail's HTML in a sandboxed frame: no scripts, no access to the dashboard.
                  <iframe
                    title={`Message: ${msg.data.subject}`}
                    sandbox="allow-popups allow-popups-to-escape-sandbox"
                    srcDoc={`<base target="_blank">${msg.data.html}`}
                    className="h-[60vh] w-full rounded border border-slate-200"
                  />
                ) : (
                  <pre className="whitespace-pre-wrap text-sm">{msg.data.text}</pre>
                )}
              </article>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

const SIGNING_KINDS = new Set(["invitation", "reminder"]);

/** The link in this mail is hidden; an admin may copy a signer's link (audited). */
function SigningLinkNote({ id, canCopy }: { id: string; canCopy: boolean }) {
  const [state, setState] = useState<{ url?: string; error?: string; busy?: boolean }>({});
  async function copy() {
    setState({ busy: true });
    try {
      const { url } = await copySigningLink(id);
      await navigator.clipboard?.writeText(url).catch(() => {});
      setState({ url });
    } catch (e) {
      setState({ error: plainError(e) });
    }
  }
  return (
    <div className="mb-3 space-y-2 rounded border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      <p>
        The link in this mail is hidden: whoever holds a signing link can sign.
        {canCopy
          ? " As an admin you can copy it to give it to the signer another way; the request's audit trail records that."
          : ""}
      </p>
      {canCopy && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={copy} disabled={state.busy}>
            {state.busy ? "Copying…" : "Copy signing link"}
          </Button>
          {state.url && (
            <input
              aria-label="Signing link"
              readOnly
              value={state.url}
              onFocus={(e) => e.currentTarget.select()}
              className="min-w-0 flex-1 rounded border border-amber-300 bg-white px-2 py-1 font-mono text-xs"
            />
          )}
        </div>
      )}
      {state.error && <Alert>{state.error}</Alert>}
    </div>
  );
}
