"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { api, ApiError, plainError } from "@/lib/client/api";
import { useRequestActions } from "@/lib/client/requests";
import type { SignatureRequestDto } from "@/lib/client/types";
import { groupsOf } from "@/lib/client/signing-steps";
import { hasPlaces, slotsOf } from "@/lib/client/signing-groups";
import { findOverlaps } from "@/lib/client/overlaps";
import { documentNamer, envelopeCounts, inDocumentOrder } from "@/lib/client/envelope";
import { usePagePlace } from "@/components/ui/page-place";
import { useFieldLabel } from "@/components/placer/labels";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { colorOf } from "@/components/recipients/colors";
import { detectAnchors, type AnchorState } from "@/components/placer/anchor-panel";
import type { ComposeStep } from "./compose-flow";
import { draftOf, patchOf, SendSettingsForm, type SendSettingsDraft } from "./send-settings";

/** Everything that will go out, what the API would refuse, and Send. */
export function ReviewStep({
  request,
  onEdit,
  refreshing,
}: {
  request: SignatureRequestDto;
  onEdit: (s: ComposeStep) => void;
  refreshing: boolean;
}) {
  const t = useDashboardT();
  const fieldLabel = useFieldLabel();
  const place = usePagePlace();
  const router = useRouter();
  const { send } = useRequestActions(request.id);
  const [error, setError] = useState<{ text: string; status: number } | null>(null);
  const [anchors, setAnchors] = useState<AnchorState>({ status: "loading" });
  const [settings, setSettings] = useState<SendSettingsDraft>(() => draftOf(request));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    void detectAnchors(request.id).then(setAnchors);
  }, [request.id]);

  const signers = request.recipients.filter((r) => r.role === "SIGNER");
  // A signing group is one signer here: its fields are its own (its id), whichever member signs them.
  const owners = slotsOf(signers);
  const fieldsOf = (ownerId: string) => request.fields.filter((f) => f.recipientId === ownerId);
  const ids = request.recipients.map((r) => r.id);
  const malformed = anchors.status === "done" ? anchors.anchors.filter((a) => !a.ok) : [];
  const nameOf = (id: string) =>
    request.recipients.find((r) => r.group?.id === id)?.group?.name ??
    request.recipients.find((r) => r.id === id)?.name ??
    t("compose.review.unknown");
  // Every document's fields, document by document: a page is named with its document when there are several.
  const documentOf = documentNamer(request.documents);
  const overlaps = findOverlaps(inDocumentOrder(request.documents, request.fields).map((f) => ({ ...f, key: f.id })));
  const counts = envelopeCounts(request.documents);
  const problems = [
    ...(signers.length === 0 ? [t("compose.review.noSigner")] : []),
    ...owners.flatMap((o) => {
      if (o.kind === "one")
        return fieldsOf(o.r.id).length ? [] : [t("compose.review.noField", { name: o.r.name, email: o.r.email })];
      const { group } = o;
      const mine = fieldsOf(group.id);
      return [
        ...(group.size < 2 ? [t("compose.review.groupTooSmall", { name: group.name })] : []),
        ...(group.required > group.size
          ? [t("compose.review.groupTooMany", { name: group.name, required: group.required, size: group.size })]
          : []),
        ...(mine.length === 0
          ? [t("compose.review.groupNoField", { name: group.name })]
          : // Each place is filled by the member who signs k-th: a place without a field asks nothing of them.
            hasPlaces(group)
            ? Array.from({ length: group.required }, (_, i) => i + 1)
                .filter((seat) => !mine.some((f) => f.seat === seat))
                .map((seat) => t("compose.review.groupNoFieldPlace", { name: group.name, seat }))
            : []),
      ];
    }),
    // Not refused by the API (a sender may mean it), but a signer may not reach a field under another.
    ...overlaps.map(([a, b]) =>
      t("compose.review.overlap", {
        place: place(a.page, documentOf(a.documentId)),
        a: fieldLabel(a.type),
        aName: nameOf(a.recipientId),
        b: fieldLabel(b.type),
        bName: nameOf(b.recipientId),
      }),
    ),
  ];

  async function onSend() {
    setError(null);
    setFieldErrors({});
    // The message, deadline and reminders first (PATCH of the DRAFT), then Send: a refusal names its field.
    const patch = patchOf(request, settings);
    if (patch) {
      setSaving(true);
      try {
        await api(`/signature-requests/${request.id}`, { method: "PATCH", json: patch });
      } catch (e) {
        setSaving(false);
        if (e instanceof ApiError && e.errors.length)
          setFieldErrors(Object.fromEntries(e.errors.map((x) => [x.field, x.message] as const)));
        setError({ text: plainError(e), status: (e as { status?: number }).status ?? 0 });
        return;
      }
      setSaving(false);
    }
    try {
      await send.mutateAsync();
      router.push(`/requests/${request.id}?sent=1`);
    } catch (e) {
      setError({ text: plainError(e), status: (e as { status?: number }).status ?? 0 });
    }
  }

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-6">
        <SendSettingsForm request={request} value={settings} onChange={setSettings} errors={fieldErrors} />
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center justify-between">
            <h2 className="text-base font-semibold">{t("compose.review.recipientsHeading")}</h2>
            <Button variant="ghost" onClick={() => onEdit("recipients")}>
              {t("compose.review.edit")}
            </Button>
          </div>
          <ol className="mt-3 space-y-3">
            {groupsOf(request.recipients).map((g, i) => (
              <li key={i}>
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  {t(slotsOf(g).length > 1 ? "compose.review.stepParallel" : "compose.review.step", { step: i + 1 })}
                </p>
                <ul className="mt-1 space-y-1">
                  {slotsOf(g).map((s) => {
                    const r = s.kind === "one" ? s.r : null;
                    const id = s.kind === "one" ? s.r.id : s.group.id;
                    const n = fieldsOf(id).length;
                    return (
                      <li key={id} className="flex flex-wrap items-center gap-2 text-sm">
                        <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: colorOf(ids, id).solid }} />
                        {s.kind === "one" ? (
                          <>
                            <span className="font-medium">{s.r.name}</span>
                            <span className="text-slate-500">{s.r.email}</span>
                          </>
                        ) : (
                          <span className="font-medium">
                            {t("compose.review.group", { name: s.group.name, required: s.group.required, size: s.group.size })}
                          </span>
                        )}
                        <span className="text-xs text-slate-500">
                          {r?.role === "CC" ? t("compose.review.getsCopy") : t("compose.review.fieldCount", { count: n })}
                        </span>
                        {s.kind === "group" && (
                          <ul className="w-full pl-5 text-slate-600">
                            {s.members.map((x) => (
                              <li key={x.id}>
                                {x.name} <span className="text-slate-500">{x.email}</span>
                              </li>
                            ))}
                          </ul>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </li>
            ))}
          </ol>
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center justify-between">
            <h2 className="text-base font-semibold">
              {t(counts.documents > 1 ? "compose.review.documentsHeading" : "compose.review.documentHeading")}
            </h2>
            <Button variant="ghost" onClick={() => onEdit("fields")}>
              {t("compose.review.edit")}
            </Button>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            {counts.documents > 1
              ? t("compose.review.envelopeSummary", { ...counts, fields: request.fields.length })
              : t("compose.review.documentSummary", { pages: counts.pages, fields: request.fields.length })}
          </p>
          {anchors.status === "done" && (
            <p className="mt-1 text-sm text-slate-600">
              {malformed.length
                ? t("compose.review.anchorCountMalformed", { count: anchors.anchors.length, malformed: malformed.length })
                : t("compose.review.anchorCount", { count: anchors.anchors.length })}
            </p>
          )}
          {malformed.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
              {malformed.map((a) => (
                <li key={a.key}>
                  {t.rich("compose.review.malformedItem", {
                    place: place(a.page, documentOf(a.documentId)),
                    text: a.text,
                    reason: a.reason ?? t("compose.review.notValidAnchor"),
                    code: (chunks) => <code className="break-all">{chunks}</code>,
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <aside className="space-y-3">
        {problems.length > 0 && (
          <Alert kind="warning" title={t("compose.review.beforeSending")}>
            <ul className="list-disc pl-4">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        )}
        {error && (
          <Alert
            title={
              error.status === 422
                ? t("compose.review.cannotSendYet")
                : error.status === 409
                  ? t("compose.review.alreadySent")
                  : t("compose.review.sendingFailed")
            }
          >
            {error.text}
          </Alert>
        )}
        <Button className="w-full" onClick={onSend} disabled={send.isPending || saving || refreshing}>
          {send.isPending || saving ? t("compose.review.sending") : t("compose.review.send")}
        </Button>
        <p className="text-xs text-slate-500">
          {t("compose.review.stepsNote")} {request.environment === "SANDBOX" && t("compose.review.sandbox")}
        </p>
      </aside>
    </div>
  );
}
