"use client";
import { signOut } from "next-auth/react";
import { useActionState, useState, useTransition } from "react";
import { changePasswordAction, revokeSessionAction, signOutEverywhereAction } from "@/app/(dashboard)/settings/account/actions";
import type { ActionResult, SessionDto, StaffRole } from "@/lib/schemas/staff";
import { loadPage } from "@/lib/client/load-page";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader } from "@/components/ui/feedback";
import { TextField } from "@/components/ui/form";
import { describeBrowser } from "@/components/ui/format";
import { LocalTime } from "@/components/ui/local-time";
import { DataTable } from "@/components/ui/data-table";

/** The signed-in staff member's own page: who they are, their signed-in browsers, their password. */
export function Account({ me, sessions }: { me: { name: string; email: string; role: StaffRole }; sessions: SessionDto[] }) {
  const [changed, changePassword, changing] = useActionState(changePasswordAction, null);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const fieldError = (field: string) => changed?.errors?.find((e) => e.field === field)?.message;

  const everywhere = () =>
    startTransition(async () => {
      if (!confirm("Sign out everywhere? Every browser signed in to your account is signed out, this one included.")) return;
      const r = await signOutEverywhereAction();
      if (!r.ok) return setResult(r);
      // The session row has ended; this also deletes this browser's cookie.
      await signOut({ redirect: false });
      loadPage("/login");
    });

  return (
    <section className="space-y-6">
      <PageHeader title="Your account" />
      <dl className="grid max-w-xl grid-cols-[8rem_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
        <dt className="text-slate-500">Name</dt>
        <dd className="font-medium">{me.name}</dd>
        <dt className="text-slate-500">E-mail</dt>
        <dd>{me.email}</dd>
        <dt className="text-slate-500">Role</dt>
        <dd>{me.role === "ADMIN" ? "Admin" : "Member (requests and templates)"}</dd>
      </dl>

      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">Where you are signed in</h2>
          <Button variant="danger" disabled={pending} onClick={everywhere}>
            Sign out everywhere
          </Button>
        </div>
        {result && <Alert kind={result.ok ? "success" : "error"}>{result.message}</Alert>}
        <DataTable columns={["Browser", "Address", "Signed in", "Last seen"]} actions label="Sessions">
          {sessions.map((s) => (
            <tr key={s.id}>
              <td className="px-4 py-3" title={s.userAgent ?? undefined}>
                {describeBrowser(s.userAgent)}
                {s.current && (
                  <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700">
                    This browser
                  </span>
                )}
              </td>
              <td className="px-4 py-3 font-mono text-xs text-slate-600">{s.ip ?? "unknown"}</td>
              <td className="px-4 py-3 text-slate-600">
                <LocalTime iso={s.createdAt} />
              </td>
              <td className="px-4 py-3 text-slate-600">
                <LocalTime iso={s.lastSeenAt} />
              </td>
              <td className="px-4 py-3 text-right">
                {!s.current && (
                  <Button
                    variant="secondary"
                    disabled={pending}
                    aria-label={`Sign out ${describeBrowser(s.userAgent)} from ${s.ip ?? "an unknown address"}`}
                    onClick={() => startTransition(async () => setResult(await revokeSessionAction(s.id)))}
                  >
                    Sign out
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>

      <form
        action={changePassword}
        noValidate
        className="max-w-sm space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        aria-labelledby="password-heading"
      >
        <h2 id="password-heading" className="text-base font-semibold">
          Change your password
        </h2>
        {changed && <Alert kind={changed.ok ? "success" : "error"}>{changed.message}</Alert>}
        <TextField
          label="Current password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
          hint={fieldError("current")}
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={10}
          required
          hint={fieldError("password") ?? "At least 10 characters."}
        />
        <TextField
          label="New password again"
          name="repeat"
          type="password"
          autoComplete="new-password"
          required
          hint={fieldError("repeat")}
        />
        <Button type="submit" disabled={changing}>
          {changing ? "Changing…" : "Change password"}
        </Button>
        <p className="text-xs text-slate-500">Your other browsers are signed out; this one stays signed in.</p>
      </form>
    </section>
  );
}
