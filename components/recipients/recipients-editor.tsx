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
import { controlClass, FormCard, Options, SelectField, TextField } from "@/components/ui/form";
import { StatusBadge } from "@/components/ui/status-badge";
import { colorOf } from "./colors";
import { GroupBox, JoinGroupForm } from "./signing-group";
import { groupsOf, type Target } from "@/lib/client/signing-steps";
import { groupNamed, moveWithGroup, ownerIdOf, slotsOf, type GroupInfo } from "@/lib/client/signing-groups";
import { stepNumbers } from "@/lib/schemas/steps";
import { isLocale, localeNames, locales } from "@/lib/i18n/locales";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/**
 * Recipients of a draft, in signing steps: a step's recipients sign in parallel, steps in sequence.
 * Reordered by dragging a recipient onto a step (joins it) or between steps (a new step), or with the
 * step selector; every change is saved to the draft at once. A signing group's members are shown together in
 * their step, under the group's name and how many of them must sign, and move together.
 */
export function RecipientsEditor({ request, onContinue }: { request: SignatureRequestDto; onContinue?: () => void }) {
  const t = useDashboardT();
  const m = useRecipientMutations(request.id);
  // Shown at once when reordered or edited; the saved list replaces it when it comes back.
  const [items, setItems] = useDraft<RecipientDto[]>(request.recipients);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const groups = groupsOf(items);
  const ids = groups.flat().map((r) => r.id);
  // The request's signing groups, each once (a member's row offers to join one of them).
  const signingGroups = slotsOf(items).flatMap((s) => (s.kind === "group" ? [s.group] : []));
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));

  async function applyMove(id: string, target: Target) {
    const next = moveWithGroup(items, id, target);
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

  /** Saves changes one after the other (a group's members one by one), then reads the recipients again. */
  async function saveAll(patches: { id: string; patch: Partial<RecipientInput> }[]) {
    setSaving(true);
    setError(null);
    try {
      for (const p of patches) await m.update.mutateAsync({ recipientId: p.id, patch: p.patch });
    } catch (e) {
      setError(plainError(e));
    } finally {
      setSaving(false);
      await m.refresh();
    }
  }

  /** A signer joins the group of that name (a new one, or one on the request: then in its step too). */
  function joinGroup(r: RecipientDto, name: string, required: number) {
    const existing = groupNamed(
      items.filter((x) => x.id !== r.id),
      name,
    );
    void saveAll([
      {
        id: r.id,
        patch: {
          group: { name, required },
          role: "SIGNER",
          ...(existing && existing.order !== r.order && { order: existing.order }),
        },
      },
    ]);
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
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_22rem]">
      <section aria-labelledby="recipients-heading">
        <div className="mb-3 flex items-center justify-between">
          <h2 id="recipients-heading" className="text-lg font-semibold">
            {t("compose.recipients.heading")}
          </h2>
          {saving && <span className="text-xs text-slate-500">{t("compose.recipients.saving")}</span>}
        </div>
        {error && (
          <div className="mb-3">
            <Alert>{error}</Alert>
          </div>
        )}
        {items.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-sm text-slate-500">
            {t("compose.recipients.empty")}
          </p>
        ) : (
          <DndContext sensors={sensors} collisionDetection={pointerWithin} onDragEnd={onDragEnd}>
            <ol className="space-y-1" aria-label={t("compose.recipients.stepsLabel")}>
              <Gap index={0} />
              {groups.map((g, i) => {
                const slots = slotsOf(g);
                const row = (r: RecipientDto) => (
                  <RecipientRow
                    key={r.id}
                    r={r}
                    color={colorOf(ids, ownerIdOf(r)).solid}
                    step={i}
                    stepCount={groups.length}
                    aloneInStep={slots.length === 1}
                    groups={signingGroups}
                    onStep={(v) =>
                      void applyMove(
                        r.id,
                        v === "new" ? { kind: "insert", before: groups.length } : { kind: "join", step: Number(v) },
                      )
                    }
                    onPatch={(p) => void patch(r, p)}
                    onJoin={(name, required) => joinGroup(r, name, required)}
                    onLeave={() => void saveAll([{ id: r.id, patch: { group: null } }])}
                    onRemove={async () => {
                      if (!confirm(t("compose.recipients.removeConfirm", { name: r.name }))) return;
                      try {
                        await m.remove.mutateAsync(r.id);
                      } catch (e) {
                        setError(plainError(e));
                      }
                    }}
                  />
                );
                return (
                  <li key={g[0].order}>
                    <StepGroup step={i} parallel={slots.length > 1}>
                      {slots.map((s) =>
                        s.kind === "one" ? (
                          row(s.r)
                        ) : (
                          <GroupBox
                            key={s.group.id}
                            group={s.group}
                            color={colorOf(ids, s.group.id).solid}
                            memberEmails={s.members.map((x) => x.email)}
                            // Given on any member, `required` is the group's.
                            onRequired={(required) =>
                              void saveAll([{ id: s.group.id, patch: { group: { name: s.group.name, required } } }])
                            }
                            onAddMember={async ({ name, email }) => {
                              setError(null);
                              await m.add.mutateAsync({
                                name,
                                email,
                                role: "SIGNER",
                                order: s.members[0].order,
                                group: { name: s.group.name },
                              });
                            }}
                          >
                            {s.members.map(row)}
                          </GroupBox>
                        ),
                      )}
                    </StepGroup>
                    <Gap index={i + 1} />
                  </li>
                );
              })}
            </ol>
          </DndContext>
        )}
        <p className="mt-3 text-xs text-slate-500">{t("compose.recipients.dragHint")}</p>
      </section>

      <aside>
        <AddRecipientForm
          nextOrder={(items.length ? Math.max(...items.map((r) => r.order)) : 0) + 1}
          steps={groups.map((g) => g[0].order)}
          present={items}
          groups={signingGroups}
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
            {t("compose.recipients.continue")}
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
const ROLE_LABELS = {
  SIGNER: "signer",
  APPROVER: "approver",
  VIEWER: "viewer",
  CC: "cc",
} as const satisfies Record<RecipientDto["role"], string>;
const ROLES = Object.keys(ROLE_LABELS) as RecipientDto["role"][];
function RoleOptions() {
  const t = useDashboardT();
  return ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`compose.recipients.roles.${ROLE_LABELS[role]}`)}
    </option>
  ));
}

type RecipientPatch = Partial<Pick<RecipientDto, "name" | "email" | "role" | "locale" | "canDelegate">> & {
  authentication?: { method: AuthMethod; accessCode?: string };
};
/**
 * The recipient's language: their signing page, their mails. "" = none of their own: the
 * request's language, else (for the page) their browser's, else English.
 */
function LocaleOptions({ none }: { none: string }) {
  return (
    <>
      <option value="">{none}</option>
      <Options items={locales} label={(l) => localeNames[l]} lang={(l) => l} />
    </>
  );
}
const localeOf = (v: FormDataEntryValue | string | null) => (isLocale(v) ? v : null);

/** Each method's name: its key under compose.recipients.auth. */
const AUTH_LABELS = {
  NONE: "none",
  ACCESS_CODE: "accessCode",
  EMAIL_CODE: "emailCode",
} as const satisfies Record<AuthMethod, string>;

/** Whether an access code is one the API refuses (it takes 6–64 characters): compose.recipients.accessCodeLength says why. */
const accessCodeBad = (c: string) => c.trim().length < 6 || c.trim().length > 64;

function StepGroup({ step, parallel, children }: { step: number; parallel: boolean; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: `step:${step}` });
  const t = useDashboardT();
  return (
    <div
      ref={setNodeRef}
      data-testid={`step-${step + 1}`}
      data-droppable=""
      data-drop-over={isOver ? "" : undefined}
      className={`rounded-lg border bg-white p-3 shadow-sm transition ${isOver ? "border-indigo-500 ring-2 ring-indigo-200" : "border-slate-200"}`}
    >
      <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
        {t("compose.recipients.step", { step: step + 1 })}
        {parallel && <span className="ml-2 font-normal normal-case text-slate-600">{t("compose.recipients.parallel")}</span>}
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
      data-droppable=""
      data-drop-over={isOver ? "" : undefined}
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
  /** The request's signing groups, which a signer may join. */
  groups: GroupInfo[];
  onStep: (v: string) => void;
  onPatch: (p: RecipientPatch) => void;
  onJoin: (name: string, required: number) => void;
  onLeave: () => void;
  onRemove: () => void;
}) {
  const { r } = props;
  const [joining, setJoining] = useState(false);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: r.id });
  const [name, setName] = useDraft(r.name);
  const [email, setEmail] = useDraft(r.email);
  const t = useDashboardT();
  return (
    <li
      ref={setNodeRef}
      data-dragging={isDragging ? "" : undefined}
      style={{ transform: CSS.Translate.toString(transform), zIndex: isDragging ? 20 : undefined }}
      className={`flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-white p-2 ${isDragging ? "shadow-lg" : ""}`}
      aria-label={t("compose.recipients.row.label", { name: r.name })}
    >
      <button
        type="button"
        {...listeners}
        {...attributes}
        aria-label={t("compose.recipients.row.drag", { name: r.name })}
        className="cursor-grab touch-none rounded px-1 text-slate-600 hover:bg-slate-100 hover:text-slate-700"
      >
        ⠿
      </button>
      <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ background: props.color }} />
      <input
        aria-label={t("compose.recipients.row.name", { name: r.name })}
        className={`${controlClass} min-w-0 flex-1 basis-32`}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => name.trim() && name !== r.name && props.onPatch({ name: name.trim() })}
      />
      <input
        aria-label={t("compose.recipients.row.email", { name: r.name })}
        type="email"
        className={`${controlClass} min-w-0 flex-[1.4] basis-44`}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        onBlur={() => email.trim() && email !== r.email && props.onPatch({ email: email.trim() })}
      />
      <select
        aria-label={t("compose.recipients.row.role", { name: r.name })}
        // A signing group's members sign: one leaves the group to take another role.
        disabled={!!r.group}
        title={r.group ? t("compose.recipients.group.roleLocked") : undefined}
        className={controlClass}
        value={r.role}
        onChange={(e) => props.onPatch({ role: e.target.value as RecipientDto["role"] })}
      >
        <RoleOptions />
      </select>
      <select
        aria-label={t("compose.recipients.row.authentication", { name: r.name })}
        title={t("compose.recipients.row.authenticationTitle")}
        className={controlClass}
        value={r.authentication.method}
        onChange={(e) => {
          const method = e.target.value as AuthMethod;
          if (method !== "ACCESS_CODE") return props.onPatch({ authentication: { method } });
          // The code is given once, here; it is stored hashed and never shown again.
          const code = window.prompt(t("compose.recipients.row.accessCodePrompt", { name: r.name }));
          if (code === null) return;
          if (accessCodeBad(code)) return window.alert(t("compose.recipients.accessCodeLength"));
          props.onPatch({ authentication: { method, accessCode: code.trim() } });
        }}
      >
        {(Object.keys(AUTH_LABELS) as AuthMethod[]).map((m) => (
          <option key={m} value={m}>
            {t(`compose.recipients.auth.${AUTH_LABELS[m]}`)}
          </option>
        ))}
      </select>
      <select
        aria-label={t("compose.recipients.row.language", { name: r.name })}
        title={t("compose.recipients.row.languageTitle")}
        className={controlClass}
        value={r.locale ?? ""}
        onChange={(e) => props.onPatch({ locale: localeOf(e.target.value) })}
      >
        <LocaleOptions none={t("compose.recipients.row.requestLanguage")} />
      </select>
      {r.role === "SIGNER" || r.role === "APPROVER" ? (
        <label className="flex items-center gap-1 text-xs text-slate-700" title={t("compose.recipients.row.canDelegateTitle")}>
          <input
            type="checkbox"
            checked={r.canDelegate}
            onChange={(e) => props.onPatch({ canDelegate: e.target.checked })}
            aria-label={t("compose.recipients.row.canDelegate", { name: r.name })}
          />
          {t("compose.recipients.row.canDelegateShort")}
        </label>
      ) : null}
      <select
        aria-label={t("compose.recipients.row.step", { name: r.name })}
        className={controlClass}
        value={String(props.step)}
        onChange={(e) => props.onStep(e.target.value)}
      >
        {Array.from({ length: props.stepCount }, (_, i) => (
          <option key={i} value={String(i)}>
            {t("compose.recipients.step", { step: i + 1 })}
          </option>
        ))}
        {!props.aloneInStep || props.step !== props.stepCount - 1 ? (
          <option value="new">{t("compose.recipients.row.newLastStep")}</option>
        ) : null}
      </select>
      {r.group ? (
        <button
          type="button"
          onClick={props.onLeave}
          className="rounded px-2 py-1 text-sm text-slate-700 hover:bg-slate-100"
          aria-label={t("compose.recipients.group.leaveLabel", { name: r.name, group: r.group.name })}
        >
          {t("compose.recipients.group.leave")}
        </button>
      ) : r.role === "SIGNER" ? (
        <button
          type="button"
          aria-expanded={joining}
          onClick={() => setJoining((v) => !v)}
          className="rounded px-2 py-1 text-sm text-indigo-700 hover:bg-indigo-50"
          aria-label={t("compose.recipients.group.openLabel", { name: r.name })}
        >
          {t("compose.recipients.group.open")}
        </button>
      ) : null}
      {r.status !== "PENDING" && <StatusBadge status={r.status} />}
      <button
        type="button"
        onClick={props.onRemove}
        className="rounded px-2 py-1 text-sm text-red-700 hover:bg-red-50"
        aria-label={t("compose.recipients.row.removeLabel", { name: r.name })}
      >
        {t("compose.recipients.row.remove")}
      </button>
      {joining && !r.group && r.role === "SIGNER" && (
        <JoinGroupForm
          who={r.name}
          groups={props.groups}
          onJoin={(name, required) => {
            setJoining(false);
            props.onJoin(name, required);
          }}
          onCancel={() => setJoining(false)}
        />
      )}
    </li>
  );
}

function AddRecipientForm({
  nextOrder,
  steps,
  present,
  groups,
  onAdd,
}: {
  nextOrder: number;
  steps: number[];
  /** The recipients already on the request: the same address in the same role is not added a second time. */
  present: readonly Pick<RecipientDto, "name" | "email" | "role" | "order" | "id" | "group">[];
  /** The request's signing groups: the one named joins the new signer to it, in its step. */
  groups: GroupInfo[];
  onAdd: (r: RecipientInput) => Promise<void>;
}) {
  const t = useDashboardT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [order, setOrder] = useState<string>("new");
  const [method, setMethod] = useState<AuthMethod>("NONE");
  return (
    <FormCard
      title={t("compose.recipients.add.heading")}
      className="p-4"
      onData={async (f, formEl) => {
        const name = String(f.get("name") ?? "").trim();
        const email = String(f.get("email") ?? "").trim();
        if (!name) return setError(t("compose.recipients.add.enterName"));
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError(t("compose.recipients.add.enterEmail"));
        const accessCode = String(f.get("accessCode") ?? "");
        if (method === "ACCESS_CODE" && accessCodeBad(accessCode)) return setError(t("compose.recipients.accessCodeLength"));
        const role = ROLES.find((x) => x === f.get("role")) ?? "SIGNER";
        const groupName = String(f.get("group") ?? "").trim();
        if (groupName && role !== "SIGNER") return setError(t("compose.recipients.add.groupSignerOnly"));
        // A member of a group already on the request signs in that group's step.
        const joined = groupName ? groupNamed(present, groupName) : null;
        // A second click or a pasted list adds the same person twice far more often than anyone means them to
        // sign twice: the form says who is there already (the API still takes it, for those who mean it).
        const twice = present.find((r) => r.role === role && r.email.toLowerCase() === email.toLowerCase());
        if (twice)
          return setError(
            t("compose.recipients.add.alreadyThere", {
              name: twice.name,
              email: twice.email,
              role: t(`compose.recipients.roles.${ROLE_LABELS[role]}`),
              step: stepNumbers(present.map((r) => r.order))(twice.order),
            }),
          );
        setBusy(true);
        setError(null);
        try {
          await onAdd({
            name,
            email,
            role,
            order: joined ? joined.order : order === "new" ? nextOrder : Number(order),
            locale: localeOf(f.get("locale")),
            ...(groupName && { group: { name: joined?.group.name ?? groupName } }),
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
      {error && <Alert>{error}</Alert>}
      <TextField label={t("compose.recipients.add.name")} name="name" autoComplete="off" maxLength={200} />
      <TextField label={t("compose.recipients.add.email")} name="email" type="email" autoComplete="off" maxLength={320} />
      <SelectField label={t("compose.recipients.add.role")} name="role" defaultValue="SIGNER">
        <RoleOptions />
      </SelectField>
      <SelectField
        label={t("compose.recipients.add.signingStep")}
        name="order"
        value={order}
        onChange={(e) => setOrder(e.target.value)}
      >
        {steps.map((o, i) => (
          <option key={o} value={String(o)}>
            {t("compose.recipients.add.stepInParallel", { step: i + 1 })}
          </option>
        ))}
        <option value="new">{t("compose.recipients.add.stepAfter", { step: steps.length + 1 })}</option>
      </SelectField>
      <TextField
        label={t("compose.recipients.add.group")}
        name="group"
        autoComplete="off"
        maxLength={100}
        list="add-recipient-groups"
        hint={t("compose.recipients.add.groupHint")}
      />
      <datalist id="add-recipient-groups">
        {groups.map((g) => (
          <option key={g.id} value={g.name} />
        ))}
      </datalist>
      <SelectField label={t("compose.recipients.add.language")} name="locale" defaultValue="">
        <LocaleOptions none={t("compose.recipients.add.languageDefault")} />
      </SelectField>
      <SelectField
        label={t("compose.recipients.add.authentication")}
        name="authMethod"
        value={method}
        onChange={(e) => setMethod(e.target.value as AuthMethod)}
      >
        <option value="NONE">{t("compose.recipients.add.authNone")}</option>
        <option value="ACCESS_CODE">{t("compose.recipients.add.authAccessCode")}</option>
        <option value="EMAIL_CODE">{t("compose.recipients.add.authEmailCode")}</option>
      </SelectField>
      {method === "ACCESS_CODE" && (
        <TextField
          label={t("compose.recipients.add.accessCode")}
          name="accessCode"
          autoComplete="off"
          minLength={6}
          maxLength={64}
          hint={t("compose.recipients.add.accessCodeHint")}
        />
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? t("compose.recipients.add.adding") : t("compose.recipients.add.submit")}
      </Button>
    </FormCard>
  );
}
