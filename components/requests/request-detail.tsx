"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import {
  allDocumentsUrl,
  documentUrl,
  requestAttachmentUrl,
  requestDocumentUrl,
  useAudit,
  useRequest,
  useRequestActions,
} from "@/lib/client/requests";
import { useSaveAsTemplate } from "@/lib/client/templates";
import { groupsOf } from "@/lib/client/signing-steps";
import { hasPlaces, signatureCount, slotsOf, type GroupInfo } from "@/lib/client/signing-groups";
import type { AuditEvent, SignatureRequestDto } from "@/lib/client/types";
import { isDone } from "@/lib/schemas/requests";
import { Button, linkButton } from "@/components/ui/button";
import { Alert, ProgressBar, Spinner } from "@/components/ui/feedback";
import { QueryFallback } from "@/components/ui/query-fallback";
import { formatDate } from "@/components/ui/format";
import { ApprovalBadge, StatusBadge } from "@/components/ui/status-badge";
import { InlineTable } from "@/components/ui/data-table";
import { Breadcrumb } from "@/components/ui/breadcrumb";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import dynamic from "next/dynamic";
import { auditRows, type AuditRow } from "@/lib/client/audit-view";
import { envelopeCounts } from "@/lib/client/envelope";
import { RecipientActions } from "./recipient-actions";

type T = ReturnType<typeof useDashboardT>;

/** The document drawn by pdf.js: loaded in the browser only, once the page is open. */
import { ApprovalBanner } from "./approval-banner";

const DocumentPreview = dynamic(() => import("./document-preview"), { ssr: false });

export function RequestDetail({ id, justSent }: { id: string; justSent: boolean }) {
  const t = useDashboardT();
  const router = useRouter();
  const q = useRequest(id);
  const actions = useRequestActions(id);
  // A resend or a correction queues a mail, which goes a moment later: read the request again now and
  // once the queue has had time to send it, so that "e-mailed" shows when it went.
  const refreshAfterMail = () => {
    void actions.refresh();
    for (const ms of [2_000, 6_000]) setTimeout(() => void actions.refresh(), ms);
  };
  const saveAsTemplate = useSaveAsTemplate();
  const [msg, setMsg] = useState<{ kind: "error" | "success" | "info"; text: string } | null>(
    justSent ? { kind: "success", text: t("requests.detail.justSent") } : null,
  );

  if (q.isPending || q.isError) return <QueryFallback query={q} messages="requests.detail" />;
  const r = q.data;
  // A signing group counts as the signatures it needs: its members who signed, up to that.
  const { signed, total } = signatureCount(r.recipients);

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
        <div className="min-w-0 flex-1 basis-72">
          <Breadcrumb href="/requests" label={t("requests.detail.breadcrumb")} />
          <h1 className="flex flex-wrap items-center gap-3 text-2xl font-semibold tracking-tight">
            <span className="break-words">{r.title}</span> <StatusBadge status={r.status} />
            {r.awaitingApproval && <ApprovalBadge />}
          </h1>
          <p className="mt-1 text-sm text-slate-500">
            {t("requests.detail.created", { date: formatDate(r.createdAt) })}
            {r.sentAt && ` · ${t("requests.detail.sentAt", { date: formatDate(r.sentAt) })}`}
            {r.completedAt && ` · ${t("requests.detail.completedAt", { date: formatDate(r.completedAt) })}`}
            {r.cancelledAt && ` · ${t("requests.detail.cancelledAt", { date: formatDate(r.cancelledAt) })}`}
            {r.expiresAt &&
              r.status === "IN_PROGRESS" &&
              ` · ${t("requests.detail.expiresAt", { date: formatDate(r.expiresAt) })}`}
            {r.environment === "SANDBOX" && ` · ${t("requests.detail.sandbox")}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* Several documents: all of them in one zip here, and each one's own download in the list below. */}
          {r.documents.length === 1 && (
            <a href={documentUrl(r.id)} download={`${r.title}.pdf`} className={linkButton("secondary")}>
              {r.status === "COMPLETED" ? t("requests.detail.downloadSigned") : t("requests.detail.download")}
            </a>
          )}
          {r.documents.length > 1 && (
            <a href={allDocumentsUrl(r.id)} download={`${r.title}.zip`} className={linkButton("secondary")}>
              {t("requests.detail.downloadAll", { count: r.documents.length })}
            </a>
          )}
          <Button
            variant="secondary"
            disabled={saveAsTemplate.isPending}
            title={t("requests.detail.saveAsTemplateHint")}
            onClick={async () => {
              setMsg(null);
              try {
                const template = await saveAsTemplate.mutateAsync({ requestId: r.id });
                router.push(`/templates/${template.id}?saved=1`);
              } catch (e) {
                setMsg({ kind: "error", text: plainError(e) });
              }
            }}
          >
            {saveAsTemplate.isPending ? t("requests.detail.saving") : t("requests.detail.saveAsTemplate")}
          </Button>
          {/* A draft whose send waits for approval cannot change: decided first, in the banner below. */}
          {r.status === "DRAFT" && !r.awaitingApproval && (
            <>
              <Link href={`/requests/${r.id}/edit`} className={linkButton("primary")}>
                {t("requests.detail.continueEditing")}
              </Link>
              <Button
                variant="danger"
                onClick={async () => {
                  if (!confirm(t("requests.detail.confirmDelete"))) return;
                  try {
                    await actions.remove.mutateAsync();
                    router.push("/requests");
                  } catch (e) {
                    setMsg({ kind: "error", text: plainError(e) });
                  }
                }}
              >
                {t("requests.detail.deleteDraft")}
              </Button>
            </>
          )}
          {r.status === "IN_PROGRESS" && (
            <>
              <Button
                variant="secondary"
                disabled={actions.remind.isPending}
                onClick={() =>
                  act(() => actions.remind.mutateAsync(), t("requests.detail.reminded"), t("requests.detail.remindUnavailable"))
                }
              >
                {t("requests.detail.remind")}
              </Button>
              <Button
                variant="danger"
                disabled={actions.cancel.isPending}
                onClick={() => {
                  const reason = prompt(t("requests.detail.cancelPrompt"));
                  if (reason === null) return;
                  void act(() => actions.cancel.mutateAsync(reason.trim() || undefined), t("requests.detail.cancelled"));
                }}
              >
                {t("requests.detail.cancel")}
              </Button>
            </>
          )}
        </div>
      </div>

      {r.sealError && r.status === "IN_PROGRESS" && (
        <SealErrorBanner
          error={r.sealError}
          busy={actions.reseal.isPending}
          onReseal={() => act(() => actions.reseal.mutateAsync(), t("requests.detail.resealQueued"))}
        />
      )}

      <ApprovalBanner request={r} onDecided={() => void actions.refresh()} />

      {msg && <Alert kind={msg.kind}>{msg.text}</Alert>}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section aria-labelledby="progress-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="progress-heading" className="text-base font-semibold">
            {t("requests.detail.recipients")}
          </h2>
          {total > 0 && (
            <div className="mt-3">
              <div className="mb-1 flex justify-between text-xs text-slate-600">
                <span>{t("requests.detail.signed")}</span>
                <span>{t("requests.detail.signedOf", { signed, total })}</span>
              </div>
              <ProgressBar label={t("requests.detail.progress")} now={signed} max={total} fill="bg-emerald-500" />
            </div>
          )}
          {r.recipients.length === 0 ? (
            <p className="mt-3 text-sm text-slate-500">{t("requests.detail.noRecipients")}</p>
          ) : (
            <ol className="mt-4 space-y-4">
              {groupsOf(r.recipients).map((g, i, groups) => {
                const slots = slotsOf(g);
                const item = (x: Recipient) => (
                  <RecipientItem
                    key={x.id}
                    x={x}
                    request={r}
                    turn={r.status !== "IN_PROGRESS" ? "closed" : i > activeStep(groups) ? "later" : "now"}
                    onMailed={refreshAfterMail}
                  />
                );
                return (
                  <li key={i}>
                    <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                      {t("requests.detail.step", { step: i + 1 })}
                      {slots.length > 1 && ` · ${t("requests.detail.inParallel")}`}
                    </p>
                    <ul className="mt-1 divide-y divide-slate-100">
                      {slots.map((s) =>
                        s.kind === "one" ? (
                          item(s.r)
                        ) : (
                          <GroupItem
                            key={s.group.id}
                            group={s.group}
                            signed={s.members.filter((x) => x.status === "SIGNED").length}
                          >
                            {s.members.map(item)}
                          </GroupItem>
                        ),
                      )}
                    </ul>
                  </li>
                );
              })}
            </ol>
          )}
          <p className="mt-4 text-xs text-slate-500">
            {r.documents.length > 1
              ? // Every document counted; each one's version and hash are listed with it below.
                t(r.status === "COMPLETED" ? "requests.detail.summarySeveralSealed" : "requests.detail.summarySeveral", {
                  ...envelopeCounts(r.documents),
                  fields: r.fields.length,
                })
              : t.rich("requests.detail.summary", {
                  pages: r.document.pageCount,
                  fields: r.fields.length,
                  version: r.document.version,
                  sha: r.document.sha256.slice(0, 16),
                  code: (chunks) => <code className="break-all">{chunks}</code>,
                })}
          </p>
        </section>
        <AuditTrail key={r.updatedAt} id={r.id} recipients={r.recipients} />
      </div>

      {r.attachments.length ? <Attachments request={r} /> : null}

      {r.documents.length > 1 ? (
        <DocumentsPreview request={r} />
      ) : (
        <section aria-labelledby="preview-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="preview-heading" className="mb-3 text-base font-semibold">
            {r.status === "COMPLETED"
              ? t("requests.preview.sealed")
              : t("requests.preview.title", { version: r.document.version })}
          </h2>
          <DocumentPreview key={r.document.sha256} url={documentUrl(r.id, r.document.version)} pageCount={r.document.pageCount} />
        </section>
      )}
    </div>
  );
}

type Recipient = SignatureRequestDto["recipients"][number];

/** A signing group in its step: its name, how many must sign (and have), its members under it. */
function GroupItem({ group, signed, children }: { group: GroupInfo; signed: number; children: React.ReactNode }) {
  const t = useDashboardT();
  return (
    <li className="py-2" aria-label={t("requests.detail.groupLabel", { name: group.name })}>
      <p className="flex flex-wrap items-center gap-x-3 text-sm">
        <span className="font-semibold">{group.name}</span>
        <span className="text-xs text-slate-600">
          {t("requests.detail.groupRequired", { required: group.required, size: group.size })}
        </span>
        <span className="ml-auto text-xs text-slate-600">
          {t("requests.detail.groupSigned", { signed: Math.min(signed, group.required), required: group.required })}
        </span>
      </p>
      <ul className="mt-1 divide-y divide-slate-100 border-l-2 border-slate-200 pl-3">{children}</ul>
    </li>
  );
}

/** One recipient: who, their state and its times, what happened to their turn, and what staff can do for them. */
function RecipientItem({
  x,
  request: r,
  turn,
  onMailed,
}: {
  x: Recipient;
  request: SignatureRequestDto;
  turn: "now" | "later" | "closed";
  onMailed: () => void;
}) {
  const t = useDashboardT();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <span className="font-medium">{x.name}</span>
      <span className="text-slate-500">{x.email}</span>
      {x.role === "CC" && <span className="text-xs text-slate-500">{t("requests.detail.getsCopy")}</span>}
      {/* The place a group's member took by signing: the fields of that place were theirs. */}
      {x.status === "SIGNED" && x.groupSeat !== null && hasPlaces(x.group) && (
        <span className="text-xs text-slate-600">{t("requests.detail.groupSeat", { seat: x.groupSeat })}</span>
      )}
      <span className="ml-auto">
        <StatusBadge status={x.status} />
      </span>
      <span className="w-full text-xs text-slate-500">{recipientTimeline(x, turn, t)}</span>
      {x.status === "RELEASED" && (
        <span className="w-full text-xs text-slate-600">{t("requests.detail.released", { group: x.group?.name ?? "" })}</span>
      )}
      {x.delegatedFrom && (
        <span className="w-full text-xs text-indigo-800">
          {t("requests.detail.delegated", {
            name: x.delegatedFrom.name,
            email: x.delegatedFrom.email,
            reason: x.delegatedFrom.reason,
          })}
        </span>
      )}
      {x.declineReason && (
        <span className="w-full text-xs text-red-700">{t("requests.detail.declined", { reason: x.declineReason })}</span>
      )}
      {r.status === "IN_PROGRESS" && <RecipientActions requestId={r.id} recipient={x} onDone={onMailed} />}
    </li>
  );
}

/** The files signers attached and kept: who attached each, its size and SHA-256, and a download. */
function Attachments({ request: r }: { request: SignatureRequestDto }) {
  const t = useDashboardT();
  const nameOf = new Map(r.recipients.map((x) => [x.id, x.name]));
  const labelOf = new Map(r.fields.map((f) => [f.id, f.label || f.name || t("placer.fieldTypes.file")]));
  return (
    <section aria-labelledby="attachments-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="attachments-heading" className="mb-3 text-base font-semibold">
        {t("requests.attachments.heading", { count: r.attachments.length })}
      </h2>
      <ul className="divide-y divide-slate-100 text-sm">
        {r.attachments.map((a) => (
          <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <a href={requestAttachmentUrl(r.id, a.id)} download={a.name} className="font-medium text-indigo-700 underline">
              {a.name}
            </a>
            <span className="text-slate-600">
              {t("requests.attachments.by", {
                name: nameOf.get(a.recipientId) ?? "",
                field: labelOf.get(a.fieldId) ?? "",
                kb: Math.max(1, Math.round(a.size / 1024)),
              })}
            </span>
            <code className="w-full break-all text-xs text-slate-600">{t("requests.attachments.sha256", { sha: a.sha256 })}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
  const t = useDashboardT();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-start gap-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="font-semibold">{t("requests.sealError.title")}</p>
        <p className="break-words">{error.message}</p>
        <p className="text-xs text-red-700">
          {t("requests.sealError.text", { code: error.code, date: formatDate(error.failedAt) })}
        </p>
      </div>
      <Button variant="danger" disabled={busy} aria-busy={busy} onClick={onReseal}>
        {t("requests.sealError.sealAgain")}
      </Button>
    </div>
  );
}

/** The step whose signers are being asked now: the first with someone who has not signed. */
function activeStep(groups: Recipient[][]): number {
  // Approvers and viewers take their turn too: a step is done when each has done what their role asks.
  const i = groups.findIndex((g) => g.some((x) => !isDone(x)));
  return i < 0 ? groups.length : i;
}

function recipientTimeline(x: Recipient, turn: "now" | "later" | "closed", t: T): string {
  const parts = [
    x.lastMailedAt && t("requests.timeline.emailed", { date: formatDate(x.lastMailedAt) }),
    x.viewedAt && t("requests.timeline.opened", { date: formatDate(x.viewedAt) }),
    x.signedAt && t("requests.timeline.signed", { date: formatDate(x.signedAt) }),
    x.approvedAt && t("requests.timeline.approved", { date: formatDate(x.approvedAt) }),
    x.declinedAt && t("requests.timeline.declined", { date: formatDate(x.declinedAt) }),
  ].filter(Boolean);
  if (parts.length) return parts.join(" · ");
  if (x.status !== "PENDING" || turn === "closed") return "";
  return turn === "later" ? t("requests.timeline.waiting") : t("requests.timeline.onItsWay");
}

/** An audit event's type → its message in requests.audit.events; others are worded from the type itself. */
const EVENT_KEYS = {
  "request.created": "requestCreated",
  "request.sent": "requestSent",
  "request.cancelled": "requestCancelled",
  "request.completed": "requestCompleted",
  "request.seal_failed": "requestSealFailed",
  "request.reseal_requested": "requestResealRequested",
  "request.seal_requeued": "requestSealRequeued",
  "recipient.added": "recipientAdded",
  "recipient.updated": "recipientUpdated",
  "recipient.removed": "recipientRemoved",
  "recipient.invitation_resent": "invitationResent",
  "recipient.corrected": "recipientCorrected",
  "recipient.signing_link.copied": "signingLinkCopied",
  "mail.retried": "mailRetried",
  "fields.added": "fieldsAdded",
  "field.updated": "fieldUpdated",
  "field.removed": "fieldRemoved",
  "document.added": "documentAdded",
  "document.updated": "documentUpdated",
  "document.removed": "documentRemoved",
} as const;

function describe(e: AuditEvent, t: T): string {
  const base = Object.hasOwn(EVENT_KEYS, e.type)
    ? t(`requests.audit.events.${EVENT_KEYS[e.type as keyof typeof EVENT_KEYS]}`)
    : e.type.replace(/[._]/g, " ").replace(/^\w/, (c) => c.toUpperCase());
  const d = e.data ?? {};
  const extra = [
    typeof d.email === "string" ? d.email : null,
    // A document event names its document.
    e.type.startsWith("document.") && typeof d.name === "string" ? d.name : null,
    typeof d.count === "number" ? `${d.count}` : null,
    typeof d.reason === "string" && d.reason ? t("requests.audit.quoted", { text: d.reason }) : null,
  ].filter(Boolean);
  return extra.length ? t("requests.audit.withDetails", { event: base, details: extra.join(", ") }) : base;
}

/** One save's field edits: "Fields edited (2 added, 1 changed)". */
function describeEdits(row: Extract<AuditRow, { kind: "fields" }>, t: T): string {
  const { added, changed, removed } = row.edits;
  const parts = [
    added && t("requests.audit.fieldsAdded", { count: added }),
    changed && t("requests.audit.fieldsChanged", { count: changed }),
    removed && t("requests.audit.fieldsRemoved", { count: removed }),
  ].filter(Boolean);
  return t("requests.audit.withDetails", { event: t("requests.audit.fieldsEdited"), details: parts.join(", ") });
}

/** A staff member by their label; "recipient:<id>" as the recipient's name; "api-key:<prefix>" as the key it was. */
function actorName(actor: string, label: string | null | undefined, recipients: SignatureRequestDto["recipients"], t: T): string {
  if (label) return label;
  const [kind, rest] = [actor.slice(0, actor.indexOf(":")), actor.slice(actor.indexOf(":") + 1)];
  if (kind === "recipient") return recipients.find((r) => r.id === rest)?.name ?? t("requests.audit.aRecipient");
  if (kind === "api-key") return t("requests.audit.apiKey", { prefix: rest });
  return actor === "system" ? "Signet" : actor;
}

function AuditTrail({ id, recipients }: { id: string; recipients: SignatureRequestDto["recipients"] }) {
  const q = useAudit(id);
  const t = useDashboardT();
  return (
    <section aria-labelledby="audit-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="audit-heading" className="text-base font-semibold">
        {t("requests.audit.title")}
      </h2>
      {q.isPending ? (
        <div className="mt-3">
          <Spinner label={t("requests.audit.loading")} />
        </div>
      ) : q.isError ? (
        <div className="mt-3">
          <Alert>{plainError(q.error)}</Alert>
        </div>
      ) : q.data.items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("requests.audit.empty")}</p>
      ) : (
        <InlineTable
          columns={[
            t("requests.audit.when"),
            t("requests.audit.event"),
            t("requests.audit.by"),
            { label: t("requests.audit.ip"), hideBelow: "md" },
          ]}
        >
          {auditRows(q.data.items).map((row) => {
            const e = row.event;
            return (
              <tr key={row.kind === "fields" ? row.id : e.id}>
                <td className="whitespace-nowrap py-2 pr-3 text-slate-600">{formatDate(e.createdAt)}</td>
                <td className="py-2 pr-3">{row.kind === "fields" ? describeEdits(row, t) : describe(e, t)}</td>
                <td className="py-2 pr-3 text-slate-600">{actorName(e.actor, e.actorLabel, recipients, t)}</td>
                <td className="hidden py-2 text-slate-500 md:table-cell">{e.ip ?? "—"}</td>
              </tr>
            );
          })}
        </InlineTable>
      )}
    </section>
  );
}

/** A request of several documents: each one's name and state, a download each, and the one chosen shown below. */
function DocumentsPreview({ request: r }: { request: SignatureRequestDto }) {
  const t = useDashboardT();
  const [shown, setShown] = useState(0);
  const doc = r.documents[shown] ?? r.documents[0]!;
  const total = r.documents.length;
  const heading = (d: SignatureRequestDto["documents"][number], i: number) =>
    r.status === "COMPLETED"
      ? t("requests.preview.documentSealed", { name: d.name, n: i + 1, total })
      : t("requests.preview.documentTitle", { name: d.name, n: i + 1, total, version: d.version });
  return (
    <section aria-labelledby="preview-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="preview-heading" className="mb-3 text-base font-semibold">
        {t("requests.preview.documents")}
      </h2>
      <ol className="mb-4 space-y-1 text-sm">
        {r.documents.map((d, i) => (
          <li key={d.id} className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              aria-pressed={i === shown}
              onClick={() => setShown(i)}
              className="rounded px-1 text-left font-medium text-indigo-700 underline-offset-2 hover:underline aria-pressed:text-slate-900 aria-pressed:no-underline"
            >
              {heading(d, i)}
            </button>
            <span className="text-xs text-slate-600">
              {t.rich("requests.preview.documentFacts", {
                pages: d.pageCount,
                sha: d.sha256.slice(0, 16),
                code: (chunks) => <code className="break-all">{chunks}</code>,
              })}
            </span>
            <a href={requestDocumentUrl(r.id, d.id)} download={d.name} className="text-xs text-slate-600 underline">
              {r.status === "COMPLETED" ? t("requests.detail.downloadSigned") : t("requests.detail.download")}
            </a>
          </li>
        ))}
      </ol>
      <DocumentPreview key={doc.sha256} url={requestDocumentUrl(r.id, doc.id, doc.version)} pageCount={doc.pageCount} />
    </section>
  );
}
