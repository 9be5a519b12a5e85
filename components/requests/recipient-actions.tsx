"use client";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { api, plainError } from "@/lib/client/api";
import type { ResponseData, SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { useDashboardT } from "@/components/layout/dashboard-intl";

type Recipient = SignatureRequestDto["recipients"][number];
const SR = "/signature-requests";

/** Whether staff may still correct the recipient: not finished (a viewer's turn ends as they open it). */
const correctable = (x: Recipient) =>
  x.status === "PENDING" || x.status === "SENT" || (x.status === "VIEWED" && x.role !== "VIEWER");

/** Whether the recipient's link is live: invited and not finished (a viewer's turn ends as they open it). */
export const inTurn = (x: Recipient) =>
  x.role !== "CC" && (x.status === "SENT" || (x.status === "VIEWED" && x.role !== "VIEWER"));

/**
 * What staff do for one recipient whose turn it is: mail the invitation again, or copy
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
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(recipient.name);
  const [email, setEmail] = useState(recipient.email);
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
  const correct = useMutation({
    mutationFn: (body: { name?: string; email?: string }) =>
      api<ResponseData<"correctRecipient">>(`${base}/correct`, { method: "POST", json: body }),
    onSuccess: (data) => {
      setEditing(false);
      setUrl(null);
      setNote({
        kind: "ok",
        text: data.invited
          ? t("requests.recipientActions.correctedInvited", { email: data.email })
          : t("requests.recipientActions.corrected"),
      });
      onDone();
    },
    onError: (e) => setNote({ kind: "error", text: plainError(e) }),
  });
  if (!correctable(recipient)) return null;
  const live = inTurn(recipient);
  return (
    <div className="w-full space-y-2">
      <div className="flex flex-wrap gap-2">
        {live && recipient.delivery !== "EMBEDDED" && (
          <Button variant="secondary" disabled={resend.isPending} onClick={() => (setNote(null), resend.mutate())}>
            {t("requests.recipientActions.resend")}
          </Button>
        )}
        {live && (
          <Button variant="secondary" disabled={copy.isPending} onClick={() => (setNote(null), copy.mutate())}>
            {t("requests.recipientActions.copy")}
          </Button>
        )}
        <Button variant="secondary" aria-expanded={editing} onClick={() => (setNote(null), setEditing((v) => !v))}>
          {t("requests.recipientActions.correct")}
        </Button>
      </div>
      {editing && (
        <form
          className="space-y-2 rounded border border-slate-200 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            correct.mutate({
              ...(name.trim() !== recipient.name && { name: name.trim() }),
              ...(email.trim() !== recipient.email && { email: email.trim() }),
            });
          }}
        >
          <p className="text-xs text-slate-600">{t("requests.recipientActions.correctHelp")}</p>
          <SmallField label={t("requests.recipientActions.name")} value={name} maxLength={200} onChange={setName} />
          <SmallField
            label={t("requests.recipientActions.email")}
            type="email"
            value={email}
            maxLength={320}
            onChange={setEmail}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={correct.isPending}>
              {t("requests.recipientActions.save")}
            </Button>
            <Button type="button" variant="secondary" onClick={() => setEditing(false)}>
              {t("requests.recipientActions.cancel")}
            </Button>
          </div>
        </form>
      )}
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

/** A required text input of the correction form, inside its label. */
function SmallField({
  label,
  type,
  value,
  maxLength,
  onChange,
}: {
  label: string;
  type?: "email";
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  return (
    <label className="block text-xs font-medium text-slate-700">
      {label}
      <input
        type={type}
        className="mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm"
        value={value}
        required
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
