"use client";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ApiError, plainError } from "@/lib/client/api";
import { fillsDocx, readyToSend, signerRefsOf, useTemplateActions, type UseTemplateInput } from "@/lib/client/templates";
import type { TemplateDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { ErrorList, type ListedError } from "@/components/ui/feedback";
import { controlClass, inputClass, TextField } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";
import { stepsById } from "@/lib/schemas/steps";
import { MAX_GROUP_MEMBERS } from "@/lib/schemas/fields";

const unavailable = (e: unknown) => e instanceof ApiError && (e.unavailable || e.status === 405);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What a role's recipient does: its message in templates.use.does. */
const DOES = { SIGNER: "signs", APPROVER: "approves", VIEWER: "views", CC: "getsCopy" } as const;

/** A group role takes at least two people (and no fewer than must sign), at most this many. */
const minPeople = (required: number) => Math.max(2, required);

/**
 * "Use template": one name and e-mail per role (several for a signing-group role, each sent as a recipient
 * of that role) and the DOCX's values, then the new draft opens in the
 * placer with every stored field already there (and the anchors previewed, when the file has some). A
 * template without roles takes signers in order (s1, s2, …), as the spec's positional form does. When
 * every role that signs has its fields, "Send now" sends the draft from here; should the send be refused,
 * the draft opens in the placer as it would have.
 */
export function UseTemplateForm({
  t,
  onClose,
}: {
  t: Pick<TemplateDto, "id" | "name" | "documents" | "placeholders" | "anchors" | "roles"> &
    ({ fields: { roleId: string }[] } | { fieldCount: number });
  onClose: () => void;
}) {
  const tr = useDashboardT();
  const router = useRouter();
  const { use, send } = useTemplateActions();
  const canSend = readyToSend(t);
  const byRole = t.roles.length > 0;
  // The step each role is shown in: the rank of its order, as the placer and the certificate show it.
  const stepOf = stepsById(t.roles);
  const refs = signerRefsOf(t);
  const [count, setCount] = useState(byRole ? t.roles.length : Math.max(refs.length, 1));
  // How many people each group role has been given (by role index); a role not listed: its minimum.
  const [groupPeople, setGroupPeople] = useState<Record<number, number>>({});
  const peopleOf = (i: number) => {
    const group = byRole ? t.roles[i]?.group : null;
    return group ? (groupPeople[i] ?? minPeople(group.required)) : 1;
  };
  const [error, setError] = useState<ListedError | null>(null);
  // A role still called by its place (s1, as an upload names them) reads "Signer 1".
  const label = (i: number) => {
    const name = byRole ? t.roles[i]?.name : undefined;
    return name && !/^s\d+$/i.test(name) ? name : tr("templates.use.signer", { n: i + 1 });
  };
  // The j-th person of role i: a group role's people are numbered ("Directors, person 2").
  const who = (i: number, j: number) =>
    byRole && t.roles[i]?.group ? tr("templates.use.member", { who: label(i), n: j + 1 }) : label(i);
  // The form's name of a person's inputs: the first of each role keeps r{i}-, as before groups.
  const fieldName = (i: number, j: number) => (j === 0 ? `r${i}` : `r${i}-m${j}`);

  return (
    <form
      className="space-y-4 rounded-xl border border-indigo-200 bg-white p-5 shadow-sm"
      aria-label={tr("templates.use.label", { name: t.name })}
      onSubmit={async (e) => {
        e.preventDefault();
        const sendNow = (e.nativeEvent as SubmitEvent).submitter?.getAttribute("value") === "send";
        const f = new FormData(e.currentTarget);
        const sequential = f.get("sequential") !== "no";
        // Each role's people in turn: one, or a group role's several.
        const people = Array.from({ length: count }, (_, i) =>
          Array.from({ length: peopleOf(i) }, (_, j) => ({
            i,
            who: who(i, j),
            name: String(f.get(`${fieldName(i, j)}-name`) ?? "").trim(),
            email: String(f.get(`${fieldName(i, j)}-email`) ?? "").trim(),
          })),
        ).flat();
        const bad = people.find((r) => !r.name || !EMAIL.test(r.email));
        if (bad) return setError({ text: tr("templates.use.needsNameAndEmail", { who: bad.who }), list: [] });
        const recipients: UseTemplateInput["recipients"] = byRole
          ? people.map((p) => ({ name: p.name, email: p.email, roleName: t.roles[p.i]!.signerRef }))
          : people.map((p) => ({ name: p.name, email: p.email, order: sequential ? p.i + 1 : 1 }));
        const templateData = fillsDocx(t)
          ? Object.fromEntries(t.placeholders.map((p) => [p, String(f.get(`ph-${p}`) ?? "")]))
          : undefined;
        const empty = Object.entries(templateData ?? {}).filter(([, v]) => !v.trim());
        if (sendNow && empty.length)
          return setError({
            text: tr("templates.use.fillBeforeSending"),
            list: empty.map(([p]) => tr("templates.use.missing", { name: p })),
          });
        setError(null);
        try {
          const draft = await use.mutateAsync({
            id: t.id,
            input: {
              title: String(f.get("title") ?? "").trim() || t.name,
              recipients,
              ...(templateData ? { templateData } : {}),
            },
          });
          const detect = t.anchors.length > 0 ? "&detect=1" : "";
          if (sendNow) {
            const sent = await send.mutateAsync(draft.id).then(
              () => true,
              () => false,
            );
            if (sent) return router.push(`/requests/${draft.id}?sent=1`);
          }
          router.push(`/requests/${draft.id}/edit?step=fields${detect}`);
        } catch (err) {
          const list =
            err instanceof ApiError
              ? [
                  ...err.errors.map((x) => `${x.field}: ${x.message}`),
                  ...((err.details?.missing as string[] | undefined) ?? []).map((m) => tr("templates.use.missing", { name: m })),
                ]
              : [];
          setError({ text: unavailable(err) ? tr("templates.use.unavailable") : plainError(err), list });
        }
      }}
    >
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">{tr("templates.use.title", { name: t.name })}</h2>
        <Button variant="ghost" onClick={onClose}>
          {tr("templates.use.close")}
        </Button>
      </div>
      {error && <ErrorList error={error} />}
      <TextField label={tr("templates.use.requestTitle")} name="title" defaultValue={t.name} maxLength={500} />
      {t.placeholders.length > 0 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-700">{tr("templates.use.documentData")}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {t.placeholders.map((p) => (
              <div key={p}>
                <label htmlFor={`ph-${p}`} className="mb-1 block text-xs font-medium text-slate-600">
                  {p}
                </label>
                <textarea id={`ph-${p}`} name={`ph-${p}`} rows={1} className={inputClass} />
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-slate-700">
          {byRole ? tr("templates.use.people") : tr("templates.use.signers")}
        </legend>
        {Array.from({ length: count }, (_, i) => {
          const role = byRole ? t.roles[i] : undefined;
          const group = role?.group ?? null;
          const n = peopleOf(i);
          return (
            <div
              key={i}
              role={group ? "group" : undefined}
              aria-label={group ? tr("templates.use.groupLabel", { who: label(i) }) : undefined}
              className={group ? "space-y-2 rounded-md border border-dashed border-slate-300 p-2" : undefined}
            >
              {Array.from({ length: n }, (_, j) => (
                <div key={j} className="grid gap-2 sm:grid-cols-[9rem_1fr_1fr]">
                  <span className="self-center text-sm">
                    <span className="font-medium text-slate-800">{group ? who(i, j) : label(i)}</span>
                    {role && j === 0 && (
                      <span className="block text-xs text-slate-500">
                        {tr(`templates.use.does.${DOES[role.role]}`)} ·{" "}
                        {tr("templates.use.step", { step: stepOf.get(role.id) ?? role.order })}
                        {group && ` · ${tr("templates.use.groupRequired", { required: group.required, size: n })}`}
                      </span>
                    )}
                  </span>
                  <input
                    aria-label={tr("templates.use.nameLabel", { who: who(i, j) })}
                    name={`${fieldName(i, j)}-name`}
                    placeholder={tr("templates.use.namePlaceholder")}
                    className={inputClass}
                  />
                  <input
                    aria-label={tr("templates.use.emailLabel", { who: who(i, j) })}
                    name={`${fieldName(i, j)}-email`}
                    type="email"
                    placeholder={tr("templates.use.emailPlaceholder")}
                    className={inputClass}
                  />
                </div>
              ))}
              {group && (
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    disabled={n >= MAX_GROUP_MEMBERS}
                    onClick={() => setGroupPeople((g) => ({ ...g, [i]: n + 1 }))}
                  >
                    {tr("templates.use.addPerson", { who: label(i) })}
                  </Button>
                  {n > minPeople(group.required) && (
                    <Button variant="ghost" onClick={() => setGroupPeople((g) => ({ ...g, [i]: n - 1 }))}>
                      {tr("templates.use.removePerson", { who: label(i) })}
                    </Button>
                  )}
                </div>
              )}
            </div>
          );
        })}
        {!byRole && (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={() => setCount(count + 1)}>
              {tr("templates.use.addSigner")}
            </Button>
            {count > Math.max(refs.length, 1) && (
              <Button variant="ghost" onClick={() => setCount(count - 1)}>
                {tr("templates.use.removeSigner")}
              </Button>
            )}
            <label className="ml-auto flex items-center gap-2 text-sm">
              {tr("templates.use.order")}
              <select name="sequential" defaultValue="yes" className={controlClass}>
                <option value="yes">{tr("templates.use.oneAfterAnother")}</option>
                <option value="no">{tr("templates.use.allAtOnce")}</option>
              </select>
            </label>
          </div>
        )}
      </fieldset>
      <div className="flex flex-wrap items-center gap-2">
        {/* First, so that Enter in a box (the form's default button) makes a draft and never sends. */}
        <Button type="submit" variant={canSend ? "secondary" : "primary"} disabled={use.isPending || send.isPending}>
          {use.isPending && !send.isPending ? tr("templates.use.creating") : tr("templates.use.create")}
        </Button>
        {canSend && (
          <Button type="submit" name="then" value="send" disabled={use.isPending || send.isPending}>
            {send.isPending ? tr("templates.use.sending") : tr("templates.use.sendNow")}
          </Button>
        )}
        {canSend && <p className="text-xs text-slate-500">{tr("templates.use.sendNowHint")}</p>}
      </div>
    </form>
  );
}
