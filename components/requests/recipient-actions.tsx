"use client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { api, plainError } from "@/lib/client/api";
import type { ResponseData, SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { useDashboardT } from "@/components/layout/dashboard-intl";

type Recipient = SignatureRequestDto["recipients"][number];
const SR = "/signature-requests";

/** Whether the recipient's link is live: invited and not finished (a viewer's turn ends as they open it). */
export const inTurn = (x: Recipient) =>
  x.role !== "CC" && (x.status === "SENT" || (x.status === "VIEWED" && x.role !== "VIEWER"));

/**
 * What staff do for one recipient whose turn it is (issue 24, part 3): mail the invitation again, or copy
 * the signing link to hand it over another way (admins and the request's creator; the server decides and
 * says so). Both are recorded in the request's audit trail, which `onDone` refreshes.
 */
export function RecipientActions({
  requestId,
  recipient,
  onDone,
}: {
  requestId: string;
  recipient: Recipient;
  onDone: () => void;
}) {
  const t = useDashboardT();
  const [note, setNote] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const base = `${SR}/${requestId}/recipients/${recipient.id}`;
  const resend = useMutation({
    mutationFn: () => api<ResponseData<"resendInvitation">>(`${base}/resend`, { method: "POST" }),
    onSuccess: () => (setNote({ kind: "ok", text: t("requests.recipientActions.resent", { email: recipient.email }) }), onDone()),
    onError: (e) => setNote({ kind: "error", text: plainError(e) }),
  });
  const copy = useMutation({
    mutationFn: () => api<ResponseData<"copyRecipientSigningLink">>(`${base}/signing-link`, { method: "POST" }),
    onSuccess: async (data) => {
      setUrl(data.url);
      const copied = await navigator.clipboard?.writeText(data.url).then(
        () => true,
        () => false,
      );
      setNote({ kind: "ok", text: copied ? t("requests.recipientActions.copied") : t("requests.recipientActions.shown") });
      onDone();
    },
    onError: (e) => setNote({ kind: "error", text: plainError(e) }),
  });
  if (!inTurn(recipient)) return null;
  return (
    <div className="w-full space-y-2">
      <div className="flex flex-wrap gap-2">
        {recipient.delivery !== "EMBEDDED" && (
          <Button variant="secondary" disabled={resend.isPending} onClick={() => (setNote(null), resend.mutate())}>
            {t("requests.recipientActions.resend")}
          </Button>
        )}
        <Button variant="secondary" disabled={copy.isPending} onClick={() => (setNote(null), copy.mutate())}>
          {t("requests.recipientActions.copy")}
        </Button>
      </div>
      {url && (
        <input
          aria-label={t("requests.recipientActions.linkLabel", { name: recipient.name })}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded border border-slate-300 bg-white px-2 py-1 font-mono text-xs"
        />
      )}
      {note && (
        <p
          role={note.kind === "error" ? "alert" : "status"}
          className={`text-xs ${note.kind === "error" ? "text-red-700" : "text-emerald-800"}`}
        >
          {note.text}
        </p>
      )}
    </div>
  );
}
