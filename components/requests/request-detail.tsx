"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { documentUrl, useAudit, useRequest, useRequestActions } from "@/lib/client/requests";
import { useSaveAsTemplate } from "@/lib/client/templates";
import { groupsOf } from "@/lib/client/signing-steps";
import type { AuditEvent, SignatureRequestDto } from "@/lib/client/types";
import { isDone } from "@/lib/schemas/requests";
import { Button, linkButton } from "@/components/ui/button";
import { Alert, Spinner } from "@/components/ui/feedback";
import { QueryFallback } from "@/components/ui/query-fallback";
import { formatDate } from "@/components/ui/format";
import { StatusBadge } from "@/components/ui/status-badge";

export function RequestDetail({ id, justSent }: { id: string; justSent: boolean }) {
  const router = useRouter();
  const q = useRequest(id);
  const actions = useRequestActions(id);
  const saveAsTemplate = useSaveAsTemplate();
  const [msg, setMsg] = useState<{ kind: "error" | "success" | "info"; text: string } | null>(
    justSent ? { kind: "success", text: "Sent. The first signers have been e-mailed." } : null,
  );

  if (q.isPending || q.isError)
    return (
      <QueryFallback
        query={q}
        loading="Loading the request"
        failed="The request could not be loaded"
        missing="This request does not exist, or it was deleted."
      />
    );
  const r = q.data;
  const signers = r.recipients.filter((x) => x.role === "SIGNER");
  const signed = signers.filter((x) => x.status === "SIGNED").length;

  async function act(fn: () => Promise<unknown>, done: string, unavailableText?: string) {
    setMsg(null);
    try {
      await fn();
      setMsg({ kind: "success", text: done });
    } catch (e) {
      if (unavailableText && e instanceof ApiError && (e.unavailable || e.status === 405))
        setMsg({ kind: "info", text: unavailableText });
      else setMsg({ kind: "error", text: plainError(e) });
    }
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-sm text-slate-500">
            <Link href="/requests" className="hover:underline">
              Requests
            </Link>{" "}
            /
          </p>
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
            <span className="break-words">{r.title}</span> <StatusBadge status={r.status} />
          </h1>
          <p className="mt-1 text-sm text-slate-500">
            Created {formatDate(r.createdAt)}
            {r.sentAt && ` · sent ${formatDate(r.sentAt)}`}
            {r.completedAt && ` · completed ${formatDate(r.completedAt)}`}
            {r.cancelledAt && ` · cancelled ${formatDate(r.cancelledAt)}`}
            {r.expiresAt && r.status === "IN_PROGRESS" && ` · expires ${formatDate(r.expiresAt)}`}
            {r.environment === "SANDBOX" && " · sandbox"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href={documentUrl(r.id)} download={`${r.title}.pdf`} className={linkButton("secondary")}>
            {r.status === "COMPLETED" ? "Download signed PDF" : "Download PDF"}
          </a>
          <Button
            variant="secondary"
            disabled={saveAsTemplate.isPending}
            title="A template with this document, its recipients as roles and its fields"
            onClick={async () => {
              setMsg(null);
              try {
                const t = await saveAsTemplate.mutateAsync({ requestId: r.id });
                router.push(`/templates/${t.id}?saved=1`);
              } catch (e) {
                setMsg({ kind: "error", text: plainError(e) });
              }
            }}
          >
            {saveAsTemplate.isPending ? "Saving…" : "Save as template"}
          </Button>
          {r.status === "DRAFT" && (
            <>
              <Link href={`/requests/${r.id}/edit`} className={linkButton("primary")}>
                Continue editing
              </Link>
              <Button
                variant="danger"
                onClick={async () => {
                  if (!confirm("Delete this draft? This cannot be undone.")) return;
                  try {
                    await actions.remove.mutateAsync();
                    router.push("/requests");
                  } catch (e) {
                    setMsg({ kind: "error", text: plainError(e) });
                  }
                }}
              >
                Delete draft
              </Button>
            </>
          )}
          {r.status === "IN_PROGRESS" && (
            <>
              <Button
                variant="secondary"
                disabled={actions.remind.isPending}
                onClick={() =>
                  act(
                    () => actions.remind.mutateAsync(),
                    "Reminders sent to the signers whose turn it is.",
                    "Reminders are not available on this server yet.",
                  )
                }
              >
                Send reminder
              </Button>
              <Button
                variant="danger"
                disabled={actions.cancel.isPending}
                onClick={() => {
                  const reason = prompt(
                    "Cancel this request? The signers are told and their links stop working.\n\nReason (optional):",
                  );
                  if (reason === null) return;
                  void act(() => actions.cancel.mutateAsync(reason.trim() || undefined), "The request is cancelled.");
                }}
              >
                Cancel request
              </Button>
            </>
          )}
        </div>
      </div>

      {r.sealError && r.status === "IN_PROGRESS" && (
        <SealErrorBanner
          error={r.sealError}
          busy={actions.reseal.isPending}
          onReseal={() =>
            act(
              () => actions.reseal.mutateAsync(),
              "Sealing queued again. This page shows the request as completed once the signed PDF is made and sent.",
            )
          }
        />
      )}

      {msg && <Alert kind={msg.kind}>{msg.text}</Alert>}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section aria-labelledby="progress-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="progress-heading" className="text-base font-semibold">
            Recipients
          </h2>
          {signers.length > 0 && (
            <div className="mt-3">
              <div className="mb-1 flex justify-between text-xs text-slate-600">
                <span>Signed</span>
                <span>
                  {signed} of {signers.length}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label="Signing progress"
                aria-valuemin={0}
                aria-valuemax={signers.length}
                aria-valuenow={signed}
                className="h-2 overflow-hidden rounded bg-slate-200"
              >
                <div className="h-full bg-emerald-500" style={{ width: `${(signed / signers.length) * 100}%` }} />
              </div>
            </div>
          )}
          {r.recipients.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">No recipients yet.</p>
          ) : (
            <ol className="mt-4 space-y-4">
              {groupsOf(r.recipients).map((g, i, groups) => (
                <li key={i}>
                  <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                    Step {i + 1}
                    {g.length > 1 && " · in parallel"}
                  </p>
                  <ul className="mt-1 divide-y divide-slate-100">
                    {g.map((x) => (
                      <li key={x.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                        <span className="font-medium">{x.name}</span>
                        <span className="text-slate-500">{x.email}</span>
                        {x.role === "CC" && <span className="text-xs text-slate-500">gets a copy</span>}
                        <span className="ml-auto">
                          <StatusBadge status={x.status} />
                        </span>
                        <span className="w-full text-xs text-slate-500">
                          {recipientTimeline(x, r.status !== "IN_PROGRESS" ? "closed" : i > activeStep(groups) ? "later" : "now")}
                        </span>
                        {x.declineReason && <span className="w-full text-xs text-red-700">Declined: {x.declineReason}</span>}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-4 text-xs text-slate-500">
            {r.document.pageCount} page{r.document.pageCount === 1 ? "" : "s"} · {r.fields.length} field
            {r.fields.length === 1 ? "" : "s"} · document version {r.document.version} · SHA-256{" "}
            <code className="break-all">{r.document.sha256.slice(0, 16)}…</code>
          </p>
        </section>
        <AuditTrail key={r.updatedAt} id={r.id} recipients={r.recipients} />
      </div>
    </div>
  );
}

type Recipient = SignatureRequestDto["recipients"][number];

/** Every signer signed but the seal failed for good: say so, and offer to try again. */
function SealErrorBanner({
  error,
  busy,
  onReseal,
}: {
  error: NonNullable<SignatureRequestDto["sealError"]>;
  busy: boolean;
  onReseal: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">The signed PDF could not be made</p>
        <p className="break-words">{error.message}</p>
        <p className="text-xs text-red-700">
          Every signer has signed, but sealing failed ({error.code}, {formatDate(error.failedAt)}), so no one has received the
          signed PDF yet.
        </p>
      </div>
      <Button variant="danger" disabled={busy} aria-busy={busy} onClick={onReseal}>
        Seal again
      </Button>
    </div>
  );
}

/** The step whose signers are being asked now: the first with someone who has not signed. */
function activeStep(groups: Recipient[][]): number {
  // Approvers and viewers take their turn too (issue 14): a step is done when each has done what their role asks.
  const i = groups.findIndex((g) => g.some((x) => !isDone(x)));
  return i < 0 ? groups.length : i;
}

function recipientTimeline(x: Recipient, turn: "now" | "later" | "closed"): string {
  const parts = [
    x.sentAt && `e-mailed ${formatDate(x.sentAt)}`,
    x.viewedAt && `opened ${formatDate(x.viewedAt)}`,
    x.signedAt && `signed ${formatDate(x.signedAt)}`,
    x.approvedAt && `approved ${formatDate(x.approvedAt)}`,
    x.declinedAt && `declined ${formatDate(x.declinedAt)}`,
  ].filter(Boolean);
  if (parts.length) return parts.join(" · ");
  if (x.status !== "PENDING" || turn === "closed") return "";
  return turn === "later" ? "Waiting for an earlier step" : "Invitation on its way";
}

const EVENT_TEXT: Record<string, string> = {
  "request.created": "Request created",
  "request.sent": "Sent for signature",
  "request.cancelled": "Cancelled",
  "request.completed": "Completed",
  "request.seal_failed": "Sealing failed",
  "request.reseal_requested": "Sealing requested again",
  "request.seal_requeued": "Sealing queued again (its job was lost)",
  "recipient.added": "Recipient added",
  "recipient.updated": "Recipient changed",
  "recipient.removed": "Recipient removed",
  "fields.added": "Fields added",
  "field.updated": "Field changed",
  "field.removed": "Field removed",
};

function describe(e: AuditEvent): string {
  const base = EVENT_TEXT[e.type] ?? e.type.replace(/[._]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
  const d = e.data ?? {};
  const extra = [
    typeof d.email === "string" ? d.email : null,
    typeof d.count === "number" ? `${d.count}` : null,
    typeof d.reason === "string" && d.reason ? `“${d.reason}”` : null,
  ].filter(Boolean);
  return extra.length ? `${base} (${extra.join(", ")})` : base;
}

/** A staff member by their label; "recipient:<id>" as the recipient's name; "api-key:<prefix>" as the key it was. */
function actorName(actor: string, label: string | null | undefined, recipients: SignatureRequestDto["recipients"]): string {
  if (label) return label;
  const [kind, rest] = [actor.slice(0, actor.indexOf(":")), actor.slice(actor.indexOf(":") + 1)];
  if (kind === "recipient") return recipients.find((r) => r.id === rest)?.name ?? "a recipient";
  if (kind === "api-key") return `API key ${rest}…`;
  return actor === "system" ? "Signet" : actor;
}

function AuditTrail({ id, recipients }: { id: string; recipients: SignatureRequestDto["recipients"] }) {
  const q = useAudit(id);
  return (
    <section aria-labelledby="audit-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="audit-heading" className="text-base font-semibold">
        Audit trail
      </h2>
      {q.isPending ? (
        <div className="mt-3">
          <Spinner label="Loading the audit trail" />
        </div>
      ) : q.isError ? (
        <div className="mt-3">
          <Alert>{plainError(q.error)}</Alert>
        </div>
      ) : q.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No events yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm">
            <thead className="text-left text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  When
                </th>
                <th scope="col" className="py-2 pr-3">
                  Event
                </th>
                <th scope="col" className="py-2 pr-3">
                  By
                </th>
                <th scope="col" className="hidden py-2 md:table-cell">
                  IP address
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {q.data.items.map((e) => (
                <tr key={e.id}>
                  <td className="whitespace-nowrap py-2 pr-3 text-slate-600">{formatDate(e.createdAt)}</td>
                  <td className="py-2 pr-3">{describe(e)}</td>
                  <td className="py-2 pr-3 text-slate-600">{actorName(e.actor, e.actorLabel, recipients)}</td>
                  <td className="hidden py-2 text-slate-500 md:table-cell">{e.ip ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
