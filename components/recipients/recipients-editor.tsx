"use client";
import {
  DndContext,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import { plainError } from "@/lib/client/api";
import { useDraft } from "@/lib/client/use-draft";
import { useRecipientMutations, type RecipientInput } from "@/lib/client/requests";
import type { RecipientDto, SignatureRequestDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert } from "@/components/ui/feedback";
import { controlClass, SelectField, TextField } from "@/components/ui/form";
import { StatusBadge } from "@/components/ui/status-badge";
import { colorOf } from "./colors";
import { groupsOf, moveRecipient, type Target } from "@/lib/client/signing-steps";
import { isLocale, localeNames, locales } from "@/lib/i18n/locales";

/**
 * Recipients of a draft, in signing steps: a step's recipients sign in parallel, steps in sequence.
 * Reordered by dragging a recipient onto a step (joins it) or between steps (a new step), or with the
 * step selector; every change is saved to the draft at once.
 */
export function RecipientsEditor({ request, onContinue }: { request: SignatureRequestDto; onContinue?: () => void }) {
  const m = useRecipientMutations(request.id);
  // Shown at once when reordered or edited; the saved list replaces it when it comes back.
  const [items, setItems] = useDraft<RecipientDto[]>(request.recipients);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const groups = groupsOf(items);
  const ids = groups.flat().map((r) => r.id);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  async function applyMove(id: string, target: Target) {
    const next = moveRecipient(items, id, target);
    const changed = items.filter((r) => next.get(r.id) !== r.order);
    if (changed.length === 0) return;
    setItems(items.map((r) => ({ ...r, order: next.get(r.id)!, signingOrder: next.get(r.id)! })));
    setSaving(true);
    setError(null);
    try {
      for (const r of changed) await m.update.mutateAsync({ recipientId: r.id, patch: { order: next.get(r.id)! } });
    } catch (e) {
      setError(plainError(e));
    } finally {
      setSaving(false);
      await m.refresh();
    }
  }

  async function patch(r: RecipientDto, p: RecipientPatch) {
    setError(null);
    const { authentication, ...shown } = p;
    setItems((xs) =>
      xs.map((x) =>
        x.id === r.id ? { ...x, ...shown, ...(authentication && { authentication: { method: authentication.method } }) } : x,
      ),
    );
    try {
      await m.update.mutateAsync({ recipientId: r.id, patch: p });
    } catch (e) {
      setError(plainError(e));
    }
    await m.refresh();
  }

  function onDragEnd(e: DragEndEvent) {
    const over = e.over?.id;
    if (!over) return;
    const [kind, n] = String(over).split(":");
    void applyMove(
      String(e.active.id),
      kind === "step" ? { kind: "join", step: Number(n) } : { kind: "insert", before: Number(n) },
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="recipients-heading">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="recipients-heading" className="text-lg font-semibold">
            Signing order
          </h2>
          {saving && <span className="text-xs text-slate-500">Saving…</span>}
        </div>
        {error && (
          <div className="mb-3">
            <Alert>{error}</Alert>
          </div>
        )}
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500">
            No recipients yet. Add the first signer with the form.
          </p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
            <ol className="space-y-1" aria-label="Signing steps">
              <Gap index={0} />
              {groups.map((g, i) => (
                <li key={g[0].order}>
                  <StepGroup step={i} parallel={g.length > 1}>
                    {g.map((r) => (
                      <RecipientRow
                        key={r.id}
                        r={r}
                        color={colorOf(ids, r.id).solid}
                        step={i}
                        stepCount={groups.length}
                        aloneInStep={g.length === 1}
                        onStep={(v) =>
                          void applyMove(
                            r.id,
                            v === "new" ? { kind: "insert", before: groups.length } : { kind: "join", step: Number(v) },
                          )
                        }
                        onPatch={(p) => void patch(r, p)}
                        onRemove={async () => {
                          if (!confirm(`Remove ${r.name}? Their fields are removed too.`)) return;
                          try {
                            await m.remove.mutateAsync(r.id);
                          } catch (e) {
                            setError(plainError(e));
                          }
                        }}
                      />
                    ))}
                  </StepGroup>
                  <Gap index={i + 1} />
                </li>
              ))}
            </ol>
          </DndContext>
        )}
        <p className="mt-3 text-xs text-slate-500">
          Drag a recipient by its handle onto a step to sign in parallel with it, or between steps to make a new step.
        </p>
      </section>

      <aside>
        <AddRecipientForm
          nextOrder={(items.length ? Math.max(...items.map((r) => r.order)) : 0) + 1}
          steps={groups.map((g) => g[0].order)}
          onAdd={async (r) => {
            setError(null);
            await m.add.mutateAsync(r);
          }}
        />
        {onContinue && (
          <Button
            className="mt-4 w-full"
            onClick={onContinue}
            disabled={!items.some((r) => r.role === "SIGNER" || r.role === "APPROVER")}
          >
            Continue to fields
          </Button>
        )}
      </aside>
    </div>
  );
}

type AuthMethod = RecipientDto["authentication"]["method"];
/**
 * What each role does: a signer fills in their fields and signs; an approver approves or declines the
 * document (no fields); a viewer only has to open it; a CC gets the sealed PDF. The first three take
 * their turn in the signing order.
 */
const ROLE_LABELS: Record<RecipientDto["role"], string> = {
  SIGNER: "Signer",
  APPROVER: "Approver (approves, no fields)",
  VIEWER: "Viewer (opens it, nothing to sign)",
  CC: "Gets a copy (CC)",
};
const ROLES = Object.keys(ROLE_LABELS) as RecipientDto["role"][];
function RoleOptions() {
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

type RecipientPatch = Partial<Pick<RecipientDto, "name" | "email" | "role" | "locale">> & {
  authentication?: { method: AuthMethod; accessCode?: string };
};
/**
 * The recipient's language (issue 23): their signing page, their mails. "" = none of their own: the
 * request's language, else (for the page) their browser's, else English.
 */
function LocaleOptions({ none }: { none: string }) {
  return (
    <>
      <option value="">{none}</option>
      {locales.map((l) => (
        <option key={l} value={l} lang={l}>
          {localeNames[l]}
        </option>
      ))}
    </>
  );
}
const localeOf = (v: FormDataEntryValue | string | null) => (isLocale(v) ? v : null);

const AUTH_LABELS: Record<AuthMethod, string> = { NONE: "Link only", ACCESS_CODE: "Access code", EMAIL_CODE: "E-mailed code" };

/** An access code as the API takes it (6–64 characters), or why not. */
const accessCodeProblem = (c: string) =>
  c.trim().length < 6 || c.trim().length > 64 ? "The access code must be 6 to 64 characters." : null;

function StepGroup({ step, parallel, children }: { step: number; parallel: boolean; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `step:${step}` });
  return (
    <div
      ref={setNodeRef}
      data-testid={`step-${step + 1}`}
      className={`rounded-lg border bg-white p-3 shadow-sm transition ${isOver ? "border-indigo-500 ring-2 ring-indigo-200" : "border-slate-200"}`}
    >
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        Step {step + 1}
        {parallel && <span className="ml-2 font-normal normal-case text-slate-600">· these recipients sign in parallel</span>}
      </p>
      <ul className="space-y-2">{children}</ul>
    </div>
  );
}

function Gap({ index }: { index: number }) {
  const { setNodeRef, isOver } = useDroppable({ id: `gap:${index}` });
  return (
    <div
      ref={setNodeRef}
      aria-hidden
      data-testid={`gap-${index}`}
      className={`flex items-center transition-all ${isOver ? "h-10" : "h-5"}`}
    >
      <div className={`h-0.5 w-full rounded ${isOver ? "bg-indigo-500" : "bg-transparent"}`} />
    </div>
  );
}

function RecipientRow(props: {
  r: RecipientDto;
  color: string;
  step: number;
  stepCount: number;
  aloneInStep: boolean;
  onStep: (v: string) => void;
  onPatch: (p: RecipientPatch) => void;
  onRemove: () => void;
}) {
  const { r } = props;
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: r.id });
  const [name, setName] = useDraft(r.name);
  const [email, setEmail] = useDraft(r.email);
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), zIndex: isDragging ? 20 : undefined }}
      className={`flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white p-2 ${isDragging ? "shadow-lg" : ""}`}
      aria-label={`Recipient ${r.name}`}
    >
      <button
        type="button"
        {...listeners}
        {...attributes}
        aria-label={`Drag ${r.name} to another step`}
        className="cursor-grab touch-none rounded px-1 text-slate-600 hover:bg-slate-100 hover:text-slate-700"
      >
        ⠿
      </button>
      <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ background: props.color }} />
      <input
        aria-label={`Name of ${r.name}`}
        className={`${controlClass} min-w-0 flex-1 basis-32`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => name.trim() && name !== r.name && props.onPatch({ name: name.trim() })}
      />
      <input
        aria-label={`E-mail of ${r.name}`}
        type="email"
        className={`${controlClass} min-w-0 flex-[1.4] basis-44`}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => email.trim() && email !== r.email && props.onPatch({ email: email.trim() })}
      />
      <select
        aria-label={`Role of ${r.name}`}
        className={controlClass}
        value={r.role}
        onChange={(e) => props.onPatch({ role: e.target.value as RecipientDto["role"] })}
      >
        <RoleOptions />
      </select>
      <select
        aria-label={`Authentication of ${r.name}`}
        title="How the signer proves who they are before the document opens"
        className={controlClass}
        value={r.authentication.method}
        onChange={(e) => {
          const method = e.target.value as AuthMethod;
          if (method !== "ACCESS_CODE") return props.onPatch({ authentication: { method } });
          // The code is given once, here; it is stored hashed and never shown again.
          const code = window.prompt(
            `Access code for ${r.name} (6 to 64 characters). Give it to them yourself, not by the same e-mail.`,
          );
          if (code === null) return;
          const problem = accessCodeProblem(code);
          if (problem) return window.alert(problem);
          props.onPatch({ authentication: { method, accessCode: code.trim() } });
        }}
      >
        {(Object.keys(AUTH_LABELS) as AuthMethod[]).map((m) => (
          <option key={m} value={m}>
            {AUTH_LABELS[m]}
          </option>
        ))}
      </select>
      <select
        aria-label={`Language of ${r.name}`}
        title="The language of their signing page and their e-mails"
        className={controlClass}
        value={r.locale ?? ""}
        onChange={(e) => props.onPatch({ locale: localeOf(e.target.value) })}
      >
        <LocaleOptions none="Request's language" />
      </select>
      <select
        aria-label={`Step of ${r.name}`}
        className={controlClass}
        value={String(props.step)}
        onChange={(e) => props.onStep(e.target.value)}
      >
        {Array.from({ length: props.stepCount }, (_, i) => (
          <option key={i} value={String(i)}>
            Step {i + 1}
          </option>
        ))}
        {!props.aloneInStep || props.step !== props.stepCount - 1 ? <option value="new">New last step</option> : null}
      </select>
      {r.status !== "PENDING" && <StatusBadge status={r.status} />}
      <button
        type="button"
        onClick={props.onRemove}
        className="rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50"
        aria-label={`Remove ${r.name}`}
      >
        Remove
      </button>
    </li>
  );
}

function AddRecipientForm({
  nextOrder,
  steps,
  onAdd,
}: {
  nextOrder: number;
  steps: number[];
  onAdd: (r: RecipientInput) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<string>("new");
  const [method, setMethod] = useState<AuthMethod>("NONE");
  return (
    <form
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
      aria-labelledby="add-recipient-heading"
      onSubmit={async (e) => {
        e.preventDefault();
        const formEl = e.currentTarget;
        const f = new FormData(formEl);
        const name = String(f.get("name") ?? "").trim();
        const email = String(f.get("email") ?? "").trim();
        if (!name) return setError("Enter the recipient's name.");
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError("Enter a valid e-mail address.");
        const accessCode = String(f.get("accessCode") ?? "");
        if (method === "ACCESS_CODE" && accessCodeProblem(accessCode)) return setError(accessCodeProblem(accessCode));
        setBusy(true);
        setError(null);
        try {
          await onAdd({
            name,
            email,
            role: ROLES.find((x) => x === f.get("role")) ?? "SIGNER",
            order: order === "new" ? nextOrder : Number(order),
            locale: localeOf(f.get("locale")),
            ...(method !== "NONE" && {
              authentication: method === "ACCESS_CODE" ? { method, accessCode: accessCode.trim() } : { method },
            }),
          });
          formEl.reset();
          setOrder("new");
          setMethod("NONE");
          (formEl.elements.namedItem("name") as HTMLInputElement | null)?.focus();
        } catch (err) {
          setError(plainError(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <h2 id="add-recipient-heading" className="text-base font-semibold">
        Add a recipient
      </h2>
      {error && <Alert>{error}</Alert>}
      <TextField label="Name" name="name" autoComplete="off" maxLength={200} />
      <TextField label="E-mail" name="email" type="email" autoComplete="off" maxLength={320} />
      <SelectField label="Role" name="role" defaultValue="SIGNER">
        <RoleOptions />
      </SelectField>
      <SelectField label="Signing step" name="order" value={order} onChange={(e) => setOrder(e.target.value)}>
        {steps.map((o, i) => (
          <option key={o} value={String(o)}>
            Step {i + 1} (in parallel)
          </option>
        ))}
        <option value="new">Step {steps.length + 1} (after the others)</option>
      </SelectField>
      <SelectField label="Language" name="locale" defaultValue="">
        <LocaleOptions none="The request's (else their browser's)" />
      </SelectField>
      <SelectField
        label="Authentication"
        name="authMethod"
        value={method}
        onChange={(e) => setMethod(e.target.value as AuthMethod)}
      >
        <option value="NONE">None: the e-mailed link is enough</option>
        <option value="ACCESS_CODE">Access code (you give it to them)</option>
        <option value="EMAIL_CODE">Code e-mailed when they open the link</option>
      </SelectField>
      {method === "ACCESS_CODE" && (
        <TextField
          label="Access code"
          name="accessCode"
          autoComplete="off"
          minLength={6}
          maxLength={64}
          hint="6 to 64 characters. Give it to the signer yourself (phone, in person), not in the same e-mail. It cannot be shown again."
        />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Adding…" : "Add recipient"}
      </Button>
    </form>
  );
}
