"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useEffect } from "react";
import { useRequest } from "@/lib/client/requests";
import type { SignatureRequestDto } from "@/lib/client/types";
import { Button, linkButton } from "@/components/ui/button";
import { Alert, Spinner } from "@/components/ui/feedback";
import { QueryFallback } from "@/components/ui/query-fallback";
import { StatusBadge } from "@/components/ui/status-badge";
import { RecipientsEditor } from "@/components/recipients/recipients-editor";
import { Placer, preloadPlacer } from "@/components/placer/placer";
import { ReviewStep } from "./review-step";
import { StepBar } from "./step-bar";

export type ComposeStep = "recipients" | "fields" | "review";

/** The draft's compose flow after the upload: recipients, fields, review. Every step saves as it goes. */
export function ComposeFlow({ id, step, detect }: { id: string; step: ComposeStep; detect: boolean }) {
  const router = useRouter();
  const q = useRequest(id);
  const { refetch } = q;
  const reload = useCallback(async (): Promise<SignatureRequestDto> => {
    const r = await refetch();
    if (!r.data) throw r.error ?? new Error("The request could not be read again");
    return r.data;
  }, [refetch]);
  const go = (s: ComposeStep) => router.push(`/requests/${id}/edit?step=${s}`);
  useEffect(() => {
    if (step === "fields") preloadPlacer();
  }, [step]);

  if (q.isPending || q.isError)
    return (
      <QueryFallback
        query={q}
        loading="Loading the draft"
        failed="The draft could not be opened"
        missing="This request does not exist, or it was deleted."
      />
    );
  const r = q.data;
  if (r.status !== "DRAFT")
    return (
      <Alert kind="info" title="This request has been sent">
        It is {r.status.replace("_", " ").toLowerCase()} and can no longer be edited.{" "}
        <Link href={`/requests/${id}`} className="font-medium underline">
          See its progress
        </Link>
        .
      </Alert>
    );

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold tracking-tight">{r.title}</h1>
        <StatusBadge status={r.status} />
        <Link href={`/requests/${id}`} className="ml-auto text-sm text-slate-600 hover:underline">
          Request details
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
            <Spinner label="Loading the fields" />
          )}
          <div className="mt-4 flex justify-between">
            <Button variant="secondary" onClick={() => go("recipients")}>
              Back to recipients
            </Button>
            <Link href={`/requests/${id}/edit?step=review`} className={linkButton("primary")}>
              Continue to review
            </Link>
          </div>
        </>
      )}
      {step === "review" && <ReviewStep request={r} onEdit={go} refreshing={q.isFetching} />}
    </div>
  );
}
