"use client";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import {
  copySigningLink,
  useOutbox,
  useOutboxMessage,
  useRetryMail,
  type OutboxItem,
  type UndeliveredMail,
} from "@/lib/client/outbox";
import { Button } from "@/components/ui/button";
import { Alert, EmptyState, PageHeader, Spinner } from "@/components/ui/feedback";
import { formatDate } from "@/components/ui/format";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * What mail went out and how: through the SMTP server (the last messages, their envelope), or written to
 * DATA_DIR/outbox when no SMTP server is set (readable here). Mail that was tried and has not gone is
 * listed first, with what the server said; an admin may queue a given-up one again. Signing and
 * set-password links are hidden (they are credentials); an admin can copy an invitation's signing link,
 * which the request's audit trail records.
 */
export function Outbox({ isAdmin }: { isAdmin: boolean }) {
  const t = useDashboardT();
  const q = useOutbox();
  const [open, setOpen] = useState<string | null>(null);
  const msg = useOutboxMessage(open);
  const unavailable = q.isError && q.error instanceof ApiError && (q.error.unavailable || q.error.status === 405);
  return (
    <section>
      <PageHeader
        title={t("outbox.page.title")}
        description={
          q.data?.delivery === "smtp"
            ? q.data.smtpHost
              ? t("outbox.page.viaSmtpHost", { host: q.data.smtpHost })
              : t("outbox.page.viaSmtp")
            : t("outbox.page.description")
        }
      />
      {q.data && q.data.undelivered.length > 0 && <Undelivered mails={q.data.undelivered} isAdmin={isAdmin} />}
      {q.isPending ? (
        <Spinner label={t("outbox.page.loading")} />
      ) : unavailable ? (
        <Alert kind="info" title={t("outbox.page.unavailableTitle")}>
          {t.rich("outbox.page.unavailable", { code: (chunks) => <code>{chunks}</code> })}
        </Alert>
      ) : q.isError ? (
        <Alert>{plainError(q.error)}</Alert>
      ) : q.data.items.length === 0 ? (
        <EmptyState title={t("outbox.page.emptyTitle")}>{t("outbox.page.empty")}</EmptyState>
      ) : !q.data.items.some((m) => m.hasContent) ? (
        // Sent through SMTP: Signet keeps each message's envelope, not its content, so there is nothing to open.
        <>
          <p className="mb-2 text-sm text-slate-600">{t("outbox.page.envelopeOnly")}</p>
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            {q.data.items.map((m) => (
              <li key={m.id} className="px-4 py-3">
                <MessageLine message={m} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-[24rem_1fr]">
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
            {q.data.items.map((m) => (
              <li key={m.id}>
                {m.hasContent ? (
                  <button
                    type="button"
                    onClick={() => setOpen(m.id)}
                    aria-pressed={open === m.id}
                    className={`block w-full px-4 py-3 text-left hover:bg-slate-50 ${open === m.id ? "bg-indigo-50" : ""}`}
                  >
                    <MessageLine message={m} />
                  </button>
                ) : (
                  <div className="px-4 py-3">
                    <MessageLine message={m} />
                  </div>
                )}
              </li>
            ))}
          </ul>
          <div className="min-h-64 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            {!open ? (
              <p className="text-sm text-slate-600">{t("outbox.page.choose")}</p>
            ) : msg.isPending ? (
              <Spinner label={t("outbox.page.opening")} />
            ) : msg.isError ? (
              <Alert>{plainError(msg.error)}</Alert>
            ) : (
              <article>
                <h2 className="text-base font-semibold">{msg.data.subject}</h2>
                <p className="mb-3 text-xs text-slate-600">{t("outbox.page.to", { to: msg.data.to })}</p>
                {msg.data.linkHidden && (
                  <SigningLinkNote key={msg.data.id} id={msg.data.id} canCopy={isAdmin && SIGNING_KINDS.has(msg.data.kind)} />
                )}
                {msg.data.html ? (
                  // The mail's HTML in a sandboxed frame: no scripts, no access to the dashboard.
                  <iframe
                    title={t("outbox.page.frameTitle", { subject: msg.data.subject })}
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

/** A message's subject, recipient, time and how it went. */
function MessageLine({ message: m }: { message: OutboxItem }) {
  const t = useDashboardT();
  return (
    <>
      <span className="block truncate text-sm font-medium">{m.subject}</span>
      <span className="block truncate text-xs text-slate-600">
        {t("outbox.page.to", { to: m.to })} · {formatDate(m.createdAt)}
        {` · ${m.via === "smtp" ? t("outbox.page.sentBySmtp") : t("outbox.page.written")}`}
      </span>
    </>
  );
}

/** Mail of the requests that was tried and has not gone: what the server said, when it is tried again, or Retry. */
function Undelivered({ mails, isAdmin }: { mails: UndeliveredMail[]; isAdmin: boolean }) {
  const t = useDashboardT();
  const retry = useRetryMail();
  return (
    <section aria-labelledby="undelivered-heading" className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4">
      <h2 id="undelivered-heading" className="text-base font-semibold text-red-900">
        {t("outbox.undelivered.title", { count: mails.length })}
      </h2>
      <p className="mb-3 text-sm text-red-900">{t("outbox.undelivered.description")}</p>
      <ul className="divide-y divide-red-100 rounded border border-red-100 bg-white">
        {mails.map((m) => (
          <li key={m.id} className="flex flex-wrap items-start justify-between gap-3 px-3 py-2 text-sm">
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {t("outbox.undelivered.what", { kind: m.kind, to: m.to ?? "?" })}{" "}
                <a className="text-indigo-700 underline" href={`/requests/${m.requestId}`}>
                  {m.requestTitle}
                </a>
              </p>
              <p className="text-xs text-slate-700">
                {m.status === "FAILED"
                  ? t("outbox.undelivered.gaveUp", { attempts: m.attempts })
                  : t("outbox.undelivered.retrying", {
                      attempts: m.attempts,
                      max: m.maxAttempts,
                      at: m.nextAttemptAt ? formatDate(m.nextAttemptAt) : "—",
                    })}
              </p>
              {m.lastError && <p className="mt-1 break-words font-mono text-xs text-red-800">{m.lastError}</p>}
            </div>
            {m.status === "FAILED" && isAdmin && (
              <Button variant="secondary" disabled={retry.isPending} onClick={() => retry.mutate(m.id)}>
                {t("outbox.undelivered.retry")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {retry.isError && <Alert>{plainError(retry.error)}</Alert>}
    </section>
  );
}

/** The link in this mail is hidden; an admin may copy a signer's link (audited). */
function SigningLinkNote({ id, canCopy }: { id: string; canCopy: boolean }) {
  const t = useDashboardT();
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
        {t("outbox.signingLink.hidden")}
        {canCopy ? ` ${t("outbox.signingLink.adminMayCopy")}` : ""}
      </p>
      {canCopy && (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={copy} disabled={state.busy}>
            {state.busy ? t("outbox.signingLink.copying") : t("outbox.signingLink.copy")}
          </Button>
          {state.url && (
            <input
              aria-label={t("outbox.signingLink.label")}
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
