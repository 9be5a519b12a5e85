"use client";
import { useId, useState } from "react";
import { plainError } from "@/lib/client/api";
import type { GroupInfo } from "@/lib/client/signing-groups";
import { MAX_GROUP_MEMBERS } from "@/lib/schemas/fields";
import { Button } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** 1 … n, for "how many must sign". */
const upTo = (n: number) => Array.from({ length: Math.max(1, n) }, (_, i) => i + 1);

/**
 * A signing group in its step: its members (`children`, their rows) under its name and how many of them must
 * sign (editable), and a form that adds another member to it (a signer in the same step and group). The name
 * is not edited here: a member joins and leaves a group by its name, and the group's fields stay with it.
 */
export function GroupBox({
  group,
  color,
  memberEmails,
  onRequired,
  onAddMember,
  children,
}: {
  group: GroupInfo;
  color: string;
  memberEmails: string[];
  onRequired: (n: number) => void;
  onAddMember: (m: { name: string; email: string }) => Promise<void>;
  children: React.ReactNode;
}) {
  const t = useDashboardT();
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  return (
    <li>
      <div
        role="group"
        aria-labelledby={headingId}
        data-testid="signing-group"
        className="rounded-md border-2 border-dashed bg-slate-50/60 p-2"
        style={{ borderColor: color }}
      >
        <div className="mb-2 flex flex-wrap items-center gap-2">
          <span aria-hidden className="h-3 w-3 shrink-0 rounded-full" style={{ background: color }} />
          <p id={headingId} className="text-sm font-semibold text-slate-800">
            {t("compose.recipients.group.summary", { name: group.name, required: group.required, size: group.size })}
          </p>
          <span className="ml-auto flex flex-wrap items-center gap-2">
            <label className="flex items-center gap-1 text-xs text-slate-700">
              <select
                aria-label={t("compose.recipients.group.required", { name: group.name })}
                className={`${controlClass} py-1`}
                value={group.required}
                onChange={(e) => onRequired(Number(e.target.value))}
              >
                {upTo(Math.max(group.size, group.required)).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              {t("compose.recipients.group.ofSize", { size: group.size })}
            </label>
          </span>
        </div>
        {group.size < 2 && <p className="mb-2 text-xs font-medium text-amber-800">{t("compose.recipients.group.tooSmall")}</p>}
        {group.required > group.size && (
          <p className="mb-2 text-xs font-medium text-amber-800">
            {t("compose.recipients.group.tooMany", { required: group.required, size: group.size })}
          </p>
        )}
        <ul className="space-y-2">{children}</ul>
        <div className="mt-2">
          {adding ? (
            <AddMemberForm group={group} memberEmails={memberEmails} onAdd={onAddMember} onClose={() => setAdding(false)} />
          ) : (
            <Button
              variant="secondary"
              className="py-1"
              disabled={group.size >= MAX_GROUP_MEMBERS}
              aria-label={t("compose.recipients.group.addMemberLabel", { name: group.name })}
              onClick={() => setAdding(true)}
            >
              {t("compose.recipients.group.addMember")}
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/** A new member's name and e-mail; added to the group (and its step) at once. */
function AddMemberForm({
  group,
  memberEmails,
  onAdd,
  onClose,
}: {
  group: GroupInfo;
  memberEmails: string[];
  onAdd: (m: { name: string; email: string }) => Promise<void>;
  onClose: () => void;
}) {
  const t = useDashboardT();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  return (
    <form
      aria-label={t("compose.recipients.group.addMemberLabel", { name: group.name })}
      className="flex flex-wrap items-center gap-2"
      onSubmit={async (e) => {
        e.preventDefault();
        const formEl = e.currentTarget;
        const f = new FormData(formEl);
        const name = String(f.get("name") ?? "").trim();
        const email = String(f.get("email") ?? "").trim();
        if (!name) return setError(t("compose.recipients.add.enterName"));
        if (!EMAIL.test(email)) return setError(t("compose.recipients.add.enterEmail"));
        if (memberEmails.some((x) => x.toLowerCase() === email.toLowerCase()))
          return setError(t("compose.recipients.group.alreadyMember", { email, name: group.name }));
        setBusy(true);
        setError(null);
        try {
          await onAdd({ name, email });
          formEl.reset();
          (formEl.elements.namedItem("name") as HTMLInputElement | null)?.focus();
        } catch (err) {
          setError(plainError(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      <input
        name="name"
        autoComplete="off"
        maxLength={200}
        aria-label={t("compose.recipients.group.memberName", { name: group.name })}
        aria-describedby={error ? errorId : undefined}
        placeholder={t("compose.recipients.add.name")}
        className={`${controlClass} min-w-0 flex-1 basis-32 py-1`}
        autoFocus
      />
      <input
        name="email"
        type="email"
        autoComplete="off"
        maxLength={320}
        aria-label={t("compose.recipients.group.memberEmail", { name: group.name })}
        aria-describedby={error ? errorId : undefined}
        placeholder={t("compose.recipients.add.email")}
        className={`${controlClass} min-w-0 flex-[1.4] basis-44 py-1`}
      />
      <Button type="submit" className="py-1" disabled={busy}>
        {busy ? t("compose.recipients.add.adding") : t("compose.recipients.group.addMember")}
      </Button>
      <Button variant="ghost" className="py-1" onClick={onClose}>
        {t("compose.recipients.group.done")}
      </Button>
      {error && (
        <p id={errorId} role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * Makes a signer a member of a signing group: a new one, or one already on the request (its name, in any
 * letter case), and how many of its members must sign (1 … its members once this one joins).
 */
export function JoinGroupForm({
  who,
  groups,
  onJoin,
  onCancel,
}: {
  who: string;
  /** The request's groups, which the name typed may join. */
  groups: GroupInfo[];
  onJoin: (name: string, required: number) => void;
  onCancel: () => void;
}) {
  const t = useDashboardT();
  const listId = useId();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const existing = groups.find((g) => g.name.toLocaleLowerCase() === name.trim().toLocaleLowerCase());
  const members = (existing?.size ?? 0) + 1;
  const required = Math.min(chosen ?? existing?.required ?? 1, members);
  const join = () => {
    if (!name.trim()) return setError(t("compose.recipients.group.enterName"));
    onJoin(existing?.name ?? name.trim(), required);
  };
  return (
    <div
      role="group"
      aria-label={t("compose.recipients.group.formLabel", { name: who })}
      className="flex w-full flex-wrap items-end gap-2 rounded-md bg-slate-50 p-2"
    >
      <label className="flex min-w-0 flex-1 basis-40 flex-col gap-1 text-xs font-medium text-slate-700">
        {t("compose.recipients.group.groupName")}
        <input
          list={listId}
          value={name}
          maxLength={100}
          autoFocus
          placeholder={t("compose.recipients.group.groupNamePlaceholder")}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              join();
            }
          }}
          className={`${controlClass} py-1`}
        />
        <datalist id={listId}>
          {groups.map((g) => (
            <option key={g.id} value={g.name} />
          ))}
        </datalist>
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-700">
        {t("compose.recipients.group.mustSign")}
        <span className="flex items-center gap-1">
          <select className={`${controlClass} py-1`} value={required} onChange={(e) => setChosen(Number(e.target.value))}>
            {upTo(members).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
          <span className="font-normal">{t("compose.recipients.group.ofMembers", { count: members })}</span>
        </span>
      </label>
      <Button className="py-1" onClick={join}>
        {existing ? t("compose.recipients.group.join") : t("compose.recipients.group.create")}
      </Button>
      <Button variant="ghost" className="py-1" onClick={onCancel}>
        {t("compose.recipients.group.cancel")}
      </Button>
      <p className="w-full text-xs text-slate-500">{t("compose.recipients.group.hint")}</p>
      {error && (
        <p role="alert" className="w-full text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
