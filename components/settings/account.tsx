"use client";
import { signOut } from "next-auth/react";
import { useActionState, useState, useTransition } from "react";
import { changePasswordAction, changeProfileAction, revokeSessionAction, signOutEverywhereAction } from "@/lib/actions/account";
import { localeNames, locales, type Locale } from "@/lib/i18n/locales";
import type { ActionResult, SessionDto, StaffRole } from "@/lib/schemas/staff";
import { loadPage } from "@/lib/client/load-page";
import { Button } from "@/components/ui/button";
import { PageHeader, ResultAlert } from "@/components/ui/feedback";
import { FormCard, Options, SelectField, TextField } from "@/components/ui/form";
import { PasswordFields } from "@/components/auth/password-fields";
import { describeBrowser } from "@/components/ui/format";
import { LocalTime } from "@/components/ui/local-time";
import { DataTable } from "@/components/ui/data-table";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** The signed-in staff member's own page: who they are, their name and language, their signed-in browsers, their password. */
export function Account({
  me,
  sessions,
}: {
  me: { name: string; email: string; role: StaffRole; locale: Locale | null; hasPassword: boolean };
  sessions: SessionDto[];
}) {
  const t = useDashboardT();
  const [changed, changePassword, changing] = useActionState(changePasswordAction, null);
  const [profile, changeProfile, saving] = useActionState(changeProfileAction, null);
  const profileError = (field: string) => profile?.errors?.find((e) => e.field === field)?.message;
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const fieldError = (field: string) => changed?.errors?.find((e) => e.field === field)?.message;

  const everywhere = () =>
    startTransition(async () => {
      if (!confirm(t("settings.account.confirmSignOutEverywhere"))) return;
      const r = await signOutEverywhereAction();
      if (!r.ok) return setResult(r);
      // The session row has ended; this also deletes this browser's cookie.
      await signOut({ redirect: false });
      loadPage("/login");
    });

  return (
    <section className="space-y-6">
      <PageHeader title={t("settings.account.title")} />
      <dl className="grid max-w-xl grid-cols-[8rem_1fr] gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
        <dt className="text-slate-500">{t("settings.account.name")}</dt>
        <dd className="font-medium">{me.name}</dd>
        <dt className="text-slate-500">{t("settings.account.email")}</dt>
        <dd>{me.email}</dd>
        <dt className="text-slate-500">{t("settings.account.role")}</dt>
        <dd>{me.role === "ADMIN" ? t("settings.account.roleAdmin") : t("settings.account.roleMember")}</dd>
      </dl>

      <FormCard action={changeProfile} noValidate title={t("settings.account.profileTitle")} className="max-w-xl p-5">
        <ResultAlert result={profile} />
        <TextField
          label={t("settings.account.displayName")}
          name="name"
          defaultValue={me.name}
          maxLength={200}
          autoComplete="name"
          required
          hint={profileError("name") ?? t("settings.account.displayNameHint")}
        />
        <SelectField label={t("settings.account.mailLanguage")} name="locale" defaultValue={me.locale ?? ""}>
          <option value="">{t("settings.account.mailLanguageDefault")}</option>
          <Options items={locales} label={(l) => localeNames[l]} />
        </SelectField>
        <Button type="submit" disabled={saving}>
          {saving ? t("settings.account.savingProfile") : t("settings.account.saveProfile")}
        </Button>
      </FormCard>

      <div className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t("settings.account.sessionsTitle")}</h2>
          <Button variant="danger" disabled={pending} onClick={everywhere}>
            {t("settings.account.signOutEverywhere")}
          </Button>
        </div>
        <ResultAlert result={result} />
        <DataTable
          columns={[
            t("settings.account.columns.browser"),
            t("settings.account.columns.address"),
            t("settings.account.columns.signedIn"),
            t("settings.account.columns.lastSeen"),
          ]}
          actions
          label={t("settings.account.sessions")}
        >
          {sessions.map((s) => (
            <tr key={s.id}>
              <td className="px-4 py-3" title={s.userAgent ?? undefined}>
                {describeBrowser(s.userAgent, t)}
                {s.current && (
                  <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700">
                    {t("settings.account.thisBrowser")}
                  </span>
                )}
                <span className="block text-xs text-slate-500">
                  {s.method === "PASSWORD"
                    ? t("settings.account.signedInWith.password")
                    : t("settings.account.signedInWith.sso", { name: s.connectionName ?? s.method })}
                </span>
              </td>
              <td className="px-4 py-3 font-mono text-xs text-slate-600">{s.ip ?? t("settings.account.unknownIp")}</td>
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
                    aria-label={t("settings.account.signOutSession", {
                      browser: describeBrowser(s.userAgent, t),
                      address: s.ip ?? t("settings.account.unknownAddress"),
                    })}
                    onClick={() => startTransition(async () => setResult(await revokeSessionAction(s.id)))}
                  >
                    {t("settings.account.signOut")}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      </div>

      {!me.hasPassword ? (
        <div className="max-w-sm rounded-lg border border-slate-200 bg-white p-5 text-sm">
          <h2 className="mb-2 text-base font-semibold">{t("settings.account.noPasswordTitle")}</h2>
          <p className="text-slate-600">{t("settings.account.noPassword")}</p>
        </div>
      ) : (
        <FormCard action={changePassword} noValidate title={t("settings.account.passwordTitle")} className="max-w-sm p-5">
          <ResultAlert result={changed} />
          <PasswordFields
            current={t("settings.account.currentPassword")}
            label={t("settings.account.newPassword")}
            repeatLabel={t("settings.account.repeat")}
            hint={t("settings.account.passwordHint")}
            error={fieldError}
          />
          <Button type="submit" disabled={changing}>
            {changing ? t("settings.account.changing") : t("settings.account.change")}
          </Button>
          <p className="text-xs text-slate-500">{t("settings.account.passwordNote")}</p>
        </FormCard>
      )}
    </section>
  );
}
