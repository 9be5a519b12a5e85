"use client";
import { useActionState, useState, useTransition } from "react";
import {
  changeRoleAction,
  deactivateAction,
  inviteAction,
  reactivateAction,
  sendPasswordLinkAction,
} from "@/app/(dashboard)/settings/team/actions";
import type { ActionResult, StaffDto } from "@/lib/schemas/staff";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader } from "@/components/ui/feedback";
import { SelectField, TextField, controlClass } from "@/components/ui/form";
import { LocalTime } from "@/components/ui/local-time";
import { DataTable } from "@/components/ui/data-table";

const STATUS = {
  ACTIVE: { label: "Active", tone: "text-emerald-700" },
  INVITED: { label: "Invited", tone: "text-sky-700" },
  DEACTIVATED: { label: "Deactivated", tone: "text-red-700" },
} as const;

/** The organization's staff (admins only): invite, change role, deactivate or reactivate, mail a password link. */
export function Team({ me, members, mailViaSmtp }: { me: string; members: StaffDto[]; mailViaSmtp: boolean }) {
  const [invited, invite, inviting] = useActionState(inviteAction, null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<ActionResult>, onRefused?: () => void) =>
    startTransition(async () => {
      const r = await action();
      setResult(r);
      if (!r.ok) onRefused?.();
    });
  const fieldError = (field: string) => invited?.errors?.find((e) => e.field === field)?.message;

  return (
    <section>
      <PageHeader
        title="Team"
        description="Everyone who can sign in to this dashboard. Members work with requests and templates; admins also manage API keys, webhooks, the team and the environment."
      />
      <div className="grid gap-6 lg:grid-cols-[22rem_1fr]">
        <form
          action={invite}
          className="h-fit space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
          aria-labelledby="invite-heading"
        >
          <h2 id="invite-heading" className="text-base font-semibold">
            Invite someone
          </h2>
          {invited && (
            <Alert kind={invited.ok ? "success" : "error"}>
              {invited.message}
              {invited.ok && !mailViaSmtp && " No SMTP_URL is set: the mail is in the data directory's outbox folder."}
            </Alert>
          )}
          <TextField label="Name" name="name" maxLength={200} required autoComplete="off" hint={fieldError("name")} />
          <TextField
            label="E-mail"
            name="email"
            type="email"
            maxLength={320}
            required
            autoComplete="off"
            hint={fieldError("email")}
          />
          <SelectField label="Role" name="role" defaultValue="MEMBER">
            <option value="MEMBER">Member: requests and templates</option>
            <option value="ADMIN">Admin: also keys, webhooks, team</option>
          </SelectField>
          <Button type="submit" className="w-full" disabled={inviting}>
            {inviting ? "Inviting…" : "Send invitation"}
          </Button>
          <p className="text-xs text-slate-500">
            They get a mail with a one-time link (72 hours) to set a password of at least 10 characters.
          </p>
        </form>

        <div className="space-y-4">
          {result && <Alert kind={result.ok ? "success" : "error"}>{result.message}</Alert>}
          <DataTable
            columns={["Name", "E-mail", "Role", "Status", { label: "Last seen", hideBelow: "md" }]}
            actions
            label="Team"
            busy={pending}
          >
            {members.map((m) => {
              const self = m.id === me;
              return (
                <tr key={m.id}>
                  <td className="px-4 py-3 font-medium">
                    {m.name}
                    {self && <span className="ml-2 text-xs font-normal text-slate-500">(you)</span>}
                  </td>
                  <td className="px-4 py-3 text-slate-600">{m.email}</td>
                  <td className="px-4 py-3">
                    {self ? (
                      <span>{m.role === "ADMIN" ? "Admin" : "Member"}</span>
                    ) : (
                      <select
                        key={`${m.id}-${m.role}`}
                        aria-label={`Role of ${m.name}`}
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
                        <option value="MEMBER">Member</option>
                        <option value="ADMIN">Admin</option>
                      </select>
                    )}
                  </td>
                  <td className={`px-4 py-3 ${STATUS[m.status].tone}`}>{STATUS[m.status].label}</td>
                  <td className="hidden px-4 py-3 text-slate-600 md:table-cell">
                    <LocalTime iso={m.lastSeenAt} />
                  </td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      {m.status !== "DEACTIVATED" && (
                        <Button
                          variant="secondary"
                          disabled={pending}
                          aria-label={`${m.status === "INVITED" ? "Resend invitation to" : "Reset password of"} ${m.name}`}
                          onClick={() => run(() => sendPasswordLinkAction(m.id))}
                        >
                          {m.status === "INVITED" ? "Resend invitation" : "Reset password"}
                        </Button>
                      )}
                      {!self &&
                        (m.status === "DEACTIVATED" ? (
                          <Button
                            variant="secondary"
                            disabled={pending}
                            aria-label={`Reactivate ${m.name}`}
                            onClick={() => run(() => reactivateAction(m.id))}
                          >
                            Reactivate
                          </Button>
                        ) : (
                          <Button
                            variant="danger"
                            disabled={pending}
                            aria-label={`Deactivate ${m.name}`}
                            onClick={() => {
                              if (
                                confirm(
                                  `Deactivate ${m.name}? They are signed out everywhere at once and cannot sign in until reactivated.`,
                                )
                              )
                                run(() => deactivateAction(m.id));
                            }}
                          >
                            Deactivate
                          </Button>
                        ))}
                    </div>
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </div>
      </div>
    </section>
  );
}
