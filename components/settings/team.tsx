"use client";
import { useActionState, useState, useTransition } from "react";
import {
  changeRoleAction,
  deactivateAction,
  endMemberSessionsAction,
  inviteAction,
  memberSessionsAction,
  reactivateAction,
  sendPasswordLinkAction,
} from "@/lib/actions/team";
import type { ActionResult, SessionDto, StaffDto } from "@/lib/schemas/staff";
import { describeBrowser } from "@/components/ui/format";
import { Button } from "@/components/ui/button";
import { FormBeside, PageHeader, ResultAlert } from "@/components/ui/feedback";
import { FormCard, SelectField, TextField, controlClass } from "@/components/ui/form";
import { LocalTime } from "@/components/ui/local-time";
import { DataTable } from "@/components/ui/data-table";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** A member's status: its message in settings.team.status, and its colour. */
const STATUS = {
  ACTIVE: { label: "active", tone: "text-emerald-700" },
  INVITED: { label: "invited", tone: "text-sky-700" },
  DEACTIVATED: { label: "deactivated", tone: "text-red-700" },
} as const;

/** The organization's staff (admins only): invite, change role, deactivate or reactivate, mail a password link. */
export function Team({ me, members, mailViaSmtp }: { me: string; members: StaffDto[]; mailViaSmtp: boolean }) {
  const t = useDashboardT();
  const [invited, invite, inviting] = useActionState(inviteAction, null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  /** The member whose sessions are open below the table, and them. */
  const [shown, setShown] = useState<{ member: StaffDto; sessions: SessionDto[] } | null>(null);
  const showSessions = (m: StaffDto) =>
    startTransition(async () => {
      const r = await memberSessionsAction(m.id);
      if (r.sessions) setShown({ member: m, sessions: r.sessions });
      else setResult({ ok: false, message: r.message });
    });
  const endSessions = (m: StaffDto, sessionId: string | null) =>
    startTransition(async () => {
      const r = await endMemberSessionsAction(m.id, sessionId);
      setResult(r);
      const again = await memberSessionsAction(m.id);
      setShown(again.sessions ? { member: m, sessions: again.sessions } : null);
    });
  const run = (action: () => Promise<ActionResult>, onRefused?: () => void) =>
    startTransition(async () => {
      const r = await action();
      setResult(r);
      if (!r.ok) onRefused?.();
    });
  const fieldError = (field: string) => invited?.errors?.find((e) => e.field === field)?.message;

  return (
    <section>
      <PageHeader title={t("settings.team.title")} description={t("settings.team.description")} />
      <FormBeside
        form={
          <FormCard action={invite} title={t("settings.team.inviteTitle")} className="h-fit p-5">
            <ResultAlert result={invited}>{invited?.ok && !mailViaSmtp && ` ${t("settings.team.mailInOutbox")}`}</ResultAlert>
            <TextField
              label={t("settings.team.name")}
              name="name"
              maxLength={200}
              required
              autoComplete="off"
              hint={fieldError("name")}
            />
            <TextField
              label={t("settings.team.email")}
              name="email"
              type="email"
              maxLength={320}
              required
              autoComplete="off"
              hint={fieldError("email")}
            />
            <SelectField label={t("settings.team.role")} name="role" defaultValue="MEMBER">
              <option value="MEMBER">{t("settings.team.memberOption")}</option>
              <option value="ADMIN">{t("settings.team.adminOption")}</option>
            </SelectField>
            <Button type="submit" className="w-full" disabled={inviting}>
              {inviting ? t("settings.team.inviting") : t("settings.team.invite")}
            </Button>
            <p className="text-xs text-slate-500">{t("settings.team.inviteNote")}</p>
          </FormCard>
        }
      >
        <ResultAlert result={result} />
        <DataTable
          columns={[
            t("settings.team.columns.name"),
            t("settings.team.columns.email"),
            t("settings.team.columns.role"),
            t("settings.team.columns.status"),
            { label: t("settings.team.columns.lastSeen"), hideBelow: "md" },
          ]}
          actions
          label={t("settings.team.tableLabel")}
          busy={pending}
        >
          {members.map((m) => {
            const self = m.id === me;
            return (
              <tr key={m.id}>
                <td className="px-4 py-3 font-medium">
                  {m.name}
                  {self && <span className="ml-2 text-xs font-normal text-slate-500">{t("settings.team.you")}</span>}
                </td>
                <td className="px-4 py-3 text-slate-600">{m.email}</td>
                <td className="px-4 py-3">
                  {self ? (
                    <span>{m.role === "ADMIN" ? t("settings.team.admin") : t("settings.team.member")}</span>
                  ) : (
                    <select
                      key={`${m.id}-${m.role}`}
                      aria-label={t("settings.team.roleOf", { name: m.name })}
                      defaultValue={m.role}
                      disabled={pending}
                      className={controlClass}
                      onChange={(e) => {
                        const select = e.currentTarget;
                        run(
                          () => changeRoleAction(m.id, select.value),
                          () => (select.value = m.role),
                        );
                      }}
                    >
                      <option value="MEMBER">{t("settings.team.member")}</option>
                      <option value="ADMIN">{t("settings.team.admin")}</option>
                    </select>
                  )}
                </td>
                <td className={`px-4 py-3 ${STATUS[m.status].tone}`}>{t(`settings.team.status.${STATUS[m.status].label}`)}</td>
                <td className="hidden px-4 py-3 text-slate-600 md:table-cell">
                  <LocalTime iso={m.lastSeenAt} />
                </td>
                <td className="px-4 py-3">
                  <div className="flex flex-wrap justify-end gap-2">
                    {m.status === "ACTIVE" && (
                      <Button
                        variant="secondary"
                        disabled={pending}
                        aria-label={t("settings.team.sessions.buttonLabel", { name: m.name })}
                        onClick={() => showSessions(m)}
                      >
                        {t("settings.team.sessions.button")}
                      </Button>
                    )}
                    {m.status !== "DEACTIVATED" && (
                      <Button
                        variant="secondary"
                        disabled={pending}
                        aria-label={
                          m.status === "INVITED"
                            ? t("settings.team.resendInvitationTo", { name: m.name })
                            : t("settings.team.resetPasswordOf", { name: m.name })
                        }
                        onClick={() => run(() => sendPasswordLinkAction(m.id))}
                      >
                        {m.status === "INVITED" ? t("settings.team.resendInvitation") : t("settings.team.resetPassword")}
                      </Button>
                    )}
                    {!self &&
                      (m.status === "DEACTIVATED" ? (
                        <Button
                          variant="secondary"
                          disabled={pending}
                          aria-label={t("settings.team.reactivateLabel", { name: m.name })}
                          onClick={() => run(() => reactivateAction(m.id))}
                        >
                          {t("settings.team.reactivate")}
                        </Button>
                      ) : (
                        <Button
                          variant="danger"
                          disabled={pending}
                          aria-label={t("settings.team.deactivateLabel", { name: m.name })}
                          onClick={() => {
                            if (confirm(t("settings.team.confirmDeactivate", { name: m.name })))
                              run(() => deactivateAction(m.id));
                          }}
                        >
                          {t("settings.team.deactivate")}
                        </Button>
                      ))}
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
        {shown && <MemberSessions shown={shown} busy={pending} onEnd={endSessions} onClose={() => setShown(null)} />}
      </FormBeside>
    </section>
  );
}

/** A team member's signed-in browsers: how each signed in, from where, when; each can be ended, or all. */
function MemberSessions({
  shown: { member, sessions },
  busy,
  onEnd,
  onClose,
}: {
  shown: { member: StaffDto; sessions: SessionDto[] };
  busy: boolean;
  onEnd: (m: StaffDto, sessionId: string | null) => void;
  onClose: () => void;
}) {
  const t = useDashboardT();
  return (
    <section aria-labelledby="member-sessions" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="member-sessions" className="text-base font-semibold">
          {t("settings.team.sessions.title", { name: member.name })}
        </h2>
        <div className="flex gap-2">
          {sessions.length > 0 && (
            <Button variant="danger" disabled={busy} onClick={() => onEnd(member, null)}>
              {t("settings.team.sessions.endAll")}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose}>
            {t("settings.team.sessions.close")}
          </Button>
        </div>
      </div>
      {sessions.length === 0 ? (
        <p className="text-sm text-slate-600">{t("settings.team.sessions.none")}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {sessions.map((s) => {
            const where = `${describeBrowser(s.userAgent, t)}, ${s.ip ?? "?"}`;
            return (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div>
                  <p className="font-medium">
                    {s.method === "PASSWORD"
                      ? t("settings.team.sessions.password")
                      : t("settings.team.sessions.sso", { name: s.connectionName ?? s.method })}
                  </p>
                  <p className="text-xs text-slate-600">
                    {where} · {t("settings.team.sessions.since")} <LocalTime iso={s.createdAt} /> ·{" "}
                    {t("settings.team.sessions.lastSeen")} <LocalTime iso={s.lastSeenAt} />
                  </p>
                </div>
                <Button
                  variant="secondary"
                  disabled={busy}
                  aria-label={t("settings.team.sessions.endLabel", { where })}
                  onClick={() => onEnd(member, s.id)}
                >
                  {t("settings.team.sessions.end")}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
