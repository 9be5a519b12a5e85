"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { plainError } from "@/lib/client/api";
import { useRequestActions } from "@/lib/client/requests";
import type { SignatureRequestDto } from "@/lib/client/types";
import { groupsOf } from "@/lib/client/signing-steps";
import { findOverlaps } from "@/lib/client/overlaps";
import { useFieldLabel } from "@/components/placer/labels";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { colorOf } from "@/components/recipients/colors";
import { detectAnchors, type AnchorState } from "@/components/placer/anchor-panel";
import type { ComposeStep } from "./compose-flow";

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
  const fieldLabel = useFieldLabel();
  const router = useRouter();
  const { send } = useRequestActions(request.id);
  const [error, setError] = useState<{ text: string; status: number } | null>(null);
  const [anchors, setAnchors] = useState<AnchorState>({ status: "loading" });
  useEffect(() => {
    void detectAnchors(request.id).then(setAnchors);
  }, [request.id]);

  const signers = request.recipients.filter((r) => r.role === "SIGNER");
  const bare = signers.filter((s) => !request.fields.some((f) => f.recipientId === s.id));
  const ids = request.recipients.map((r) => r.id);
  const malformed = anchors.status === "done" ? anchors.anchors.filter((a) => !a.ok) : [];
  const nameOf = (id: string) => request.recipients.find((r) => r.id === id)?.name ?? "unknown";
  const overlaps = findOverlaps(request.fields.map((f) => ({ ...f, key: f.id })));
  const problems = [
    ...(signers.length === 0 ? ["There is no signer yet. Add at least one recipient with the role Signer."] : []),
    ...bare.map((s) => `${s.name} (${s.email}) has no field to fill in.`),
    // Not refused by the API (a sender may mean it), but a signer may not reach a field under another.
    ...overlaps.map(
      ([a, b]) =>
        `Page ${a.page}: the ${fieldLabel(a.type)} field of ${nameOf(a.recipientId)} overlaps the ${fieldLabel(b.type)} field of ${nameOf(b.recipientId)}.`,
    ),
  ];

  async function onSend() {
    setError(null);
    try {
      await send.mutateAsync();
      router.push(`/requests/${request.id}?sent=1`);
    } catch (e) {
      setError({ text: plainError(e), status: (e as { status?: number }).status ?? 0 });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-6">
        <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex items-center justify-between">
            <h2 className="text-base font-semibold">Recipients and signing order</h2>
            <Button variant="ghost" onClick={() => onEdit("recipients")}>
              Edit
            </Button>
          </div>
          <ol className="mt-3 space-y-3">
            {groupsOf(request.recipients).map((g, i) => (
              <li key={i}>
                <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
                  Step {i + 1}
                  {g.length > 1 && " · in parallel"}
                </p>
                <ul className="mt-1 space-y-1">
                  {g.map((r) => {
                    const n = request.fields.filter((f) => f.recipientId === r.id).length;
                    return (
                      <li key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
                        <span aria-hidden className="h-2.5 w-2.5 rounded-full" style={{ background: colorOf(ids, r.id).solid }} />
                        <span className="font-medium">{r.name}</span>
                        <span className="text-slate-500">{r.email}</span>
                        <span className="text-xs text-slate-500">
                          {r.role === "CC" ? "gets a copy" : `${n} field${n === 1 ? "" : "s"}`}
                        </span>
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
            <h2 className="text-base font-semibold">Document and fields</h2>
            <Button variant="ghost" onClick={() => onEdit("fields")}>
              Edit
            </Button>
          </div>
          <p className="mt-2 text-sm text-slate-700">
            {request.document.pageCount} page{request.document.pageCount === 1 ? "" : "s"}, {request.fields.length} field
            {request.fields.length === 1 ? "" : "s"}.
          </p>
          {anchors.status === "done" && (
            <p className="mt-1 text-sm text-slate-600">
              {anchors.anchors.length} anchor{anchors.anchors.length === 1 ? "" : "s"} in the document
              {malformed.length ? `, ${malformed.length} malformed` : ""}.
            </p>
          )}
          {malformed.length > 0 && (
            <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-red-800">
              {malformed.map((a) => (
                <li key={a.key}>
                  Page {a.page}: <code className="break-all">{a.text}</code> — {a.reason ?? "not a valid anchor"}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <aside className="space-y-3">
        {problems.length > 0 && (
          <Alert kind="warning" title="Before sending">
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
              error.status === 422 ? "The request cannot be sent yet" : error.status === 409 ? "Already sent" : "Sending failed"
            }
          >
            {error.text}
          </Alert>
        )}
        <Button className="w-full" onClick={onSend} disabled={send.isPending || refreshing}>
          {send.isPending ? "Sending…" : "Send for signature"}
        </Button>
        <p className="text-xs text-slate-500">
          The recipients of step 1 are e-mailed at once; each next step when the previous one has signed.{" "}
          {request.environment === "SANDBOX" && "Sandbox: the signatures are not legally valid."}
        </p>
      </aside>
    </div>
  );
}
