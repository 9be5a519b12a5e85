"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect } from "react";
import { useRequest } from "@/lib/client/requests";
import type { RequestStatus, SignatureRequestDto } from "@/lib/client/types";
import { Button, linkButton } from "@/components/ui/button";
import { Alert, Spinner } from "@/components/ui/feedback";
import { QueryFallback } from "@/components/ui/query-fallback";
import { StatusBadge } from "@/components/ui/status-badge";
import { RecipientsEditor } from "@/components/recipients/recipients-editor";
import { Placer, preloadPlacer } from "@/components/placer/placer";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { ReviewStep } from "./review-step";
import { StepBar } from "./step-bar";

export type ComposeStep = "recipients" | "fields" | "review";

/** A sent request's status as the sentence after "It is" says it: its key under compose.flow.status. */
const STATUS_WORD = {
  IN_PROGRESS: "inProgress",
  COMPLETED: "completed",
  DECLINED: "declined",
  CANCELLED: "cancelled",
  EXPIRED: "expired",
} as const satisfies Record<Exclude<RequestStatus, "DRAFT">, string>;

/** The draft's compose flow after the upload: recipients, fields, review. Every step saves as it goes. */
export function ComposeFlow({ id, step, detect }: { id: string; step: ComposeStep; detect: boolean }) {
  const t = useDashboardT();
  const router = useRouter();
  const q = useRequest(id);
  const { refetch } = q;
  const reload = useCallback(async (): Promise<SignatureRequestDto> => {
    const r = await refetch();
    if (!r.data) throw r.error ?? new Error(t("compose.flow.reloadFailed"));
    return r.data;
  }, [refetch, t]);
  const go = (s: ComposeStep) => router.push(`/requests/${id}/edit?step=${s}`);
  useEffect(() => {
    if (step === "fields") preloadPlacer();
  }, [step]);

  if (q.isPending || q.isError) return <QueryFallback query={q} messages="compose.flow" />;
  const r = q.data;
  if (r.status !== "DRAFT")
    return (
      <Alert kind="info" title={t("compose.flow.sentTitle")}>
        {t.rich("compose.flow.sentBody", {
          status: t(`compose.flow.status.${STATUS_WORD[r.status]}`),
          link: (chunks) => (
            <Link href={`/requests/${id}`} className="font-medium underline">
              {chunks}
            </Link>
          ),
        })}
      </Alert>
    );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold tracking-tight">{r.title}</h1>
        <StatusBadge status={r.status} />
        <Link href={`/requests/${id}`} className="ml-auto text-sm text-slate-600 hover:underline">
          {t("compose.flow.details")}
        </Link>
      </div>
      <StepBar current={step} requestId={id} />
      {step === "recipients" && <RecipientsEditor request={r} onContinue={() => go("fields")} />}
      {step === "fields" && (
        <>
          {/* The placer starts from the fields as the server has them now, not from a cached copy. */}
          {q.isFetchedAfterMount ? (
            <Placer request={r} reload={reload} detectOnOpen={detect} />
          ) : (
            <Spinner label={t("compose.flow.loadingFields")} />
          )}
          <div className="mt-4 flex justify-between">
            <Button variant="secondary" onClick={() => go("recipients")}>
              {t("compose.flow.backToRecipients")}
            </Button>
            <Link href={`/requests/${id}/edit?step=review`} className={linkButton("primary")}>
              {t("compose.flow.continueToReview")}
            </Link>
          </div>
        </>
      )}
      {step === "review" && <ReviewStep request={r} onEdit={go} refreshing={q.isFetching} />}
    </div>
  );
}
