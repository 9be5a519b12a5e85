"use client";
import { useId, useState, useTransition } from "react";
import type { SignatureRequestDto } from "@/lib/schemas/requests";
import { decideApprovalAction } from "@/lib/actions/approvals";
import { Button } from "@/components/ui/button";
import { Alert, ResultAlert } from "@/components/ui/feedback";
import { FieldRow, inputClass } from "@/components/ui/form";
import { LocalTime } from "@/components/ui/local-time";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * A send an API key asked for, waiting for a person (the key's production sends need approval): who asked and
 * when, and Approve (it is sent as it stands: the documents, recipients and fields on this page) or Reject with a
 * reason the integration reads. A rejected send says so, with the reason, until the request is sent.
 */
export function ApprovalBanner({ request: r, onDecided }: { request: SignatureRequestDto; onDecided: () => void }) {
  const t = useDashboardT();
  const reasonId = useId();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const a = r.approval;
  if (!a) return null;
  if (!r.awaitingApproval) {
    if (a.state !== "REJECTED" || r.status !== "DRAFT") return <ResultAlert result={result} />;
    return (
      <Alert kind="warning" title={t("requests.approval.rejectedTitle")}>
        {t("requests.approval.rejectedBy", { name: a.decidedBy ?? "—", reason: a.reason ?? "" })}
      </Alert>
    );
  }
  const decide = (decision: "APPROVE" | "REJECT") =>
    startTransition(async () => {
      const res = await decideApprovalAction(r.id, decision, decision === "REJECT" ? reason : null);
      setResult(res);
      if (res.ok) onDecided();
    });
  return (
    <section
      aria-labelledby={`${reasonId}-title`}
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h2 id={`${reasonId}-title`} className="text-base font-semibold">
        {t("requests.approval.title")}
      </h2>
      <p>
        {t("requests.approval.asked", { key: `${a.requestedByKey}…` })} <LocalTime iso={a.requestedAt} />
      </p>
      <p>{t("requests.approval.check")}</p>
      <ResultAlert result={result} />
      {rejecting ? (
        <div className="space-y-2">
          <FieldRow id={reasonId} label={t("requests.approval.reason")}>
            <textarea
              id={reasonId}
              className={inputClass}
              rows={2}
              maxLength={1000}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </FieldRow>
          <div className="flex flex-wrap gap-2">
            <Button variant="danger" disabled={pending || !reason.trim()} onClick={() => decide("REJECT")}>
              {t("requests.approval.rejectSend")}
            </Button>
            <Button variant="secondary" disabled={pending} onClick={() => setRejecting(false)}>
              {t("requests.approval.cancel")}
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button disabled={pending} onClick={() => decide("APPROVE")}>
            {t("requests.approval.approve")}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={() => setRejecting(true)}>
            {t("requests.approval.reject")}
          </Button>
        </div>
      )}
    </section>
  );
}
