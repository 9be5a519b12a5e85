"use client";
import { useId, useState, useTransition } from "react";
import { signIn } from "next-auth/react";
import { deleteSsoAction, saveOidcAction, saveSamlAction, setPasswordSignInAction, testSsoAction } from "@/lib/actions/sso";
import type { ActionResult } from "@/lib/schemas/staff";
import type { OidcConnectionDto, PasswordSignIn, SamlConnectionDto, SsoConnectionDto, SsoTestReport } from "@/lib/schemas/sso";
import { LocalTime } from "@/components/ui/local-time";
import { Button } from "@/components/ui/button";
import { Alert, PageHeader, ResultAlert } from "@/components/ui/feedback";
import { CheckField, FieldRow, FormCard, inputClass, TextField } from "@/components/ui/form";
import { useDashboardT } from "@/components/layout/dashboard-intl";

/** A list typed one per line or separated by commas: trimmed, empties dropped. */
const listOf = (v: FormDataEntryValue | null) =>
  String(v ?? "")
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The organization's sign-in settings: its OIDC and SAML connections (add, change, turn on and off, test,
 * remove), each with what to register at the provider (OIDC: the redirect URI; SAML: Signet's metadata URL),
 * and who may still sign in with a password.
 */
export function SingleSignOn({
  connections,
  passwordSignIn,
  tested,
}: {
  connections: SsoConnectionDto[];
  passwordSignIn: PasswordSignIn;
  tested: boolean;
}) {
  const t = useDashboardT();
  const [result, setResult] = useState<ActionResult | null>(tested ? { ok: true, message: t("settings.signIn.tested") } : null);
  const [adding, setAdding] = useState<"OIDC" | "SAML" | null>(connections.length === 0 ? "OIDC" : null);
  const [pending, start] = useTransition();
  const test = (c: SsoConnectionDto) =>
    start(async () => {
      const r = await testSsoAction(c.id);
      setResult(r);
      if (r.ok && r.href) window.location.assign(r.href);
      else if (r.ok && r.providerId) await signIn(r.providerId, { callbackUrl: "/settings/sign-in" });
    });
  const run = (action: () => Promise<ActionResult>, then?: () => void) =>
    start(async () => {
      const r = await action();
      setResult(r);
      if (r.ok) then?.();
    });
  return (
    <section className="space-y-6">
      <PageHeader title={t("settings.signIn.title")} description={t("settings.signIn.description")}>
        <div className="flex flex-wrap gap-2">
          {adding !== "OIDC" && (
            <Button type="button" variant={adding ? "secondary" : "primary"} onClick={() => setAdding("OIDC")}>
              {t("settings.signIn.add")}
            </Button>
          )}
          {adding !== "SAML" && (
            <Button type="button" variant="secondary" onClick={() => setAdding("SAML")}>
              {t("settings.signIn.addSaml")}
            </Button>
          )}
        </div>
      </PageHeader>
      <ResultAlert result={result} listFields />
      {adding === "OIDC" && (
        <ConnectionForm
          connection={null}
          busy={pending}
          onSave={(body) =>
            run(
              () => saveOidcAction(null, body),
              () => setAdding(null),
            )
          }
          onCancel={connections.length ? () => setAdding(null) : undefined}
        />
      )}
      {adding === "SAML" && (
        <SamlConnectionForm
          connection={null}
          busy={pending}
          onSave={(body) =>
            run(
              () => saveSamlAction(null, body),
              () => setAdding(null),
            )
          }
          onCancel={() => setAdding(null)}
        />
      )}
      {connections.map((c) =>
        c.kind === "SAML" ? (
          <SamlConnectionForm
            key={`${c.id}-${c.updatedAt}`}
            connection={c}
            busy={pending}
            onSave={(body) => run(() => saveSamlAction(c.id, body))}
            onTest={() => test(c)}
            onDelete={() => {
              if (window.confirm(t("settings.signIn.confirmRemove", { name: c.name }))) run(() => deleteSsoAction(c.id));
            }}
          />
        ) : c.operator ? (
          <OperatorConnection key={c.id} connection={c} busy={pending} onTest={() => test(c)} />
        ) : (
          <ConnectionForm
            key={`${c.id}-${c.updatedAt}`}
            connection={c}
            busy={pending}
            onSave={(body) => run(() => saveOidcAction(c.id, body))}
            onTest={() => test(c)}
            onDelete={() => {
              if (window.confirm(t("settings.signIn.confirmRemove", { name: c.name }))) run(() => deleteSsoAction(c.id));
            }}
          />
        ),
      )}
      <fieldset className="max-w-3xl space-y-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <legend className="px-1 text-base font-semibold">{t("settings.signIn.passwordTitle")}</legend>
        {(["ALLOWED", "ADMINS_ONLY"] as const).map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="passwordSignIn"
              className="mt-1"
              defaultChecked={passwordSignIn === mode}
              disabled={pending}
              onChange={() => run(() => setPasswordSignInAction(mode))}
            />
            <span>{t(mode === "ALLOWED" ? "settings.signIn.passwordAllowed" : "settings.signIn.passwordAdminsOnly")}</span>
          </label>
        ))}
      </fieldset>
    </section>
  );
}

/** A connection the server's environment sets (OIDC_*): what it says, and where it is changed. */
function OperatorConnection({
  connection: c,
  busy,
  onTest,
}: {
  connection: OidcConnectionDto;
  busy: boolean;
  onTest: () => void;
}) {
  const t = useDashboardT();
  const s = c.settings;
  return (
    <section className="max-w-3xl space-y-2 rounded-xl border border-slate-200 bg-white p-5 text-sm shadow-sm">
      <h2 className="text-base font-semibold">{c.name}</h2>
      <p className="text-slate-600">{t("settings.signIn.operator")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t("settings.signIn.issuer")}</dt>
        <dd className="break-all">{s.issuer}</dd>
        <dt className="font-medium">{t("settings.signIn.allowedDomains")}</dt>
        <dd>{s.allowedDomains.join(", ") || "–"}</dd>
        <dt className="font-medium">{t("settings.signIn.requiredGroups")}</dt>
        <dd>{s.requiredGroups.join(", ") || "–"}</dd>
        <dt className="font-medium">{t("settings.signIn.adminGroups")}</dt>
        <dd>{s.adminGroups.join(", ") || "–"}</dd>
        <dt className="font-medium">{t("settings.signIn.redirectUri")}</dt>
        <dd>
          <code className="rounded bg-slate-100 px-1 break-all">{c.redirectUri}</code>
        </dd>
      </dl>
      <TestSignIn connection={c} busy={busy} onTest={onTest} />
    </section>
  );
}

function ConnectionForm({
  connection: c,
  busy,
  onSave,
  onCancel,
  onDelete,
  onTest,
}: {
  connection: OidcConnectionDto | null;
  busy: boolean;
  onSave: (body: unknown) => void;
  onCancel?: () => void;
  onDelete?: () => void;
  onTest?: () => void;
}) {
  const t = useDashboardT();
  const s = c?.settings;
  return (
    <FormCard
      title={c ? c.name : t("settings.signIn.newTitle")}
      className="max-w-3xl p-5"
      onData={(data) => {
        const secret = String(data.get("clientSecret") ?? "");
        onSave({
          name: String(data.get("name") ?? ""),
          enabled: data.get("enabled") === "on",
          settings: {
            issuer: String(data.get("issuer") ?? ""),
            clientId: String(data.get("clientId") ?? ""),
            scopes: String(data.get("scopes") ?? "").trim() || undefined,
            ...rulesOf(data),
            groupsClaim: String(data.get("groupsClaim") ?? "").trim() || undefined,
          },
          ...(secret ? { clientSecret: secret } : {}),
        });
      }}
    >
      {c && (
        <div className="space-y-1 text-sm">
          <p>
            <span className="font-medium">{t("settings.signIn.redirectUri")}</span>{" "}
            <code className="rounded bg-slate-100 px-1 break-all">{c.redirectUri}</code>
          </p>
          {c.secret === "UNREADABLE" && <Alert kind="warning">{t("settings.signIn.secretUnreadable")}</Alert>}
        </div>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <TextField label={t("settings.signIn.name")} name="name" defaultValue={c?.name ?? ""} placeholder="Okta" required />
        <TextField
          label={t("settings.signIn.issuer")}
          name="issuer"
          type="url"
          defaultValue={s?.issuer ?? ""}
          placeholder="https://login.example.com"
          required
        />
        <TextField
          label={t("settings.signIn.clientId")}
          name="clientId"
          defaultValue={s?.clientId ?? ""}
          required
          autoComplete="off"
        />
        <TextField
          label={t("settings.signIn.clientSecret")}
          name="clientSecret"
          type="password"
          autoComplete="new-password"
          placeholder={c?.secret === "SET" ? t("settings.signIn.secretKept") : ""}
        />
        <RuleFields settings={s} />
        <TextField label={t("settings.signIn.groupsClaim")} name="groupsClaim" defaultValue={s?.groupsClaim ?? "groups"} />
        <TextField label={t("settings.signIn.scopes")} name="scopes" defaultValue={s?.scopes ?? "openid email profile"} />
      </div>
      <CheckField name="createAccounts" defaultChecked={s?.createAccounts ?? true} label={t("settings.signIn.createAccounts")} />
      <CheckField name="enabled" defaultChecked={c?.enabled ?? false} label={t("settings.signIn.enabled")} />
      <FormButtons made={c !== null} busy={busy} onCancel={onCancel} onDelete={onDelete} />
      {c && onTest && <TestSignIn connection={c} busy={busy} onTest={onTest} />}
    </FormCard>
  );
}

/** A SAML connection: what to give the identity provider, what was read from its metadata, and the options. */
function SamlConnectionForm({
  connection: c,
  busy,
  onSave,
  onCancel,
  onDelete,
  onTest,
}: {
  connection: SamlConnectionDto | null;
  busy: boolean;
  onSave: (body: unknown) => void;
  onCancel?: () => void;
  onDelete?: () => void;
  onTest?: () => void;
}) {
  const t = useDashboardT();
  const s = c?.settings;
  const xmlId = useId();
  const optional = (v: FormDataEntryValue | null) => String(v ?? "").trim() || undefined;
  return (
    <FormCard
      title={c ? c.name : t("settings.signIn.saml.newTitle")}
      className="max-w-3xl p-5"
      onData={(data) => {
        const metadataUrl = optional(data.get("metadataUrl"));
        const metadataXml = optional(data.get("metadataXml"));
        onSave({
          name: String(data.get("name") ?? ""),
          enabled: data.get("enabled") === "on",
          settings: {
            ...rulesOf(data),
            allowIdpInitiated: data.get("allowIdpInitiated") === "on",
            emailAttribute: optional(data.get("emailAttribute")) ?? null,
            nameAttribute: optional(data.get("nameAttribute")) ?? null,
            groupsAttribute: optional(data.get("groupsAttribute")),
          },
          ...(metadataUrl ? { metadataUrl } : {}),
          ...(metadataXml ? { metadataXml } : {}),
        });
      }}
    >
      {c && (
        <div className="grid gap-3 text-sm md:grid-cols-2">
          <div>
            <p className="font-medium">{t("settings.signIn.saml.giveProvider")}</p>
            <dl className="mt-1 space-y-1">
              <dt className="text-slate-600">{t("settings.signIn.saml.spMetadata")}</dt>
              <dd>
                <code className="rounded bg-slate-100 px-1 break-all">{c.spMetadataUrl}</code>
              </dd>
              <dt className="text-slate-600">{t("settings.signIn.saml.acsUrl")}</dt>
              <dd>
                <code className="rounded bg-slate-100 px-1 break-all">{c.acsUrl}</code>
              </dd>
              <dt className="text-slate-600">{t("settings.signIn.saml.spEntityId")}</dt>
              <dd>
                <code className="rounded bg-slate-100 px-1 break-all">{c.spEntityId}</code>
              </dd>
            </dl>
          </div>
          <div>
            <p className="font-medium">{t("settings.signIn.saml.idpTitle")}</p>
            <dl className="mt-1 space-y-1">
              <dt className="text-slate-600">{t("settings.signIn.saml.idpEntityId")}</dt>
              <dd className="break-all">{c.settings.idp.entityId}</dd>
              <dt className="text-slate-600">{t("settings.signIn.saml.idpSsoUrl")}</dt>
              <dd className="break-all">{c.settings.idp.ssoUrl}</dd>
            </dl>
            <ul className="mt-1 space-y-1 text-xs text-slate-600">
              {c.certificates.map((cert) => (
                <li key={cert.fingerprint256} className="break-all">
                  {t("settings.signIn.saml.certificate", { fingerprint: cert.fingerprint256.slice(0, 23) + "…" })}{" "}
                  <LocalTime iso={cert.notAfter} />
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      <div className="grid gap-3 md:grid-cols-2">
        <TextField label={t("settings.signIn.name")} name="name" defaultValue={c?.name ?? ""} placeholder="Okta" required />
        <TextField
          label={t(c ? "settings.signIn.saml.newMetadataUrl" : "settings.signIn.saml.metadataUrl")}
          name="metadataUrl"
          type="url"
          placeholder={s?.idp.metadataUrl ?? "https://idp.example.com/metadata"}
          hint={t(c ? "settings.signIn.saml.metadataKeepHint" : "settings.signIn.saml.metadataUrlHint")}
        />
        <FieldRow
          id={xmlId}
          label={t(c ? "settings.signIn.saml.newMetadataXml" : "settings.signIn.saml.metadataXml")}
          className="md:col-span-2"
        >
          <textarea id={xmlId} name="metadataXml" rows={3} className={`${inputClass} font-mono text-xs`} spellCheck={false} />
        </FieldRow>
        <RuleFields settings={s} />
        <TextField
          label={t("settings.signIn.saml.groupsAttribute")}
          name="groupsAttribute"
          defaultValue={s?.groupsAttribute ?? "groups"}
        />
        <TextField
          label={t("settings.signIn.saml.emailAttribute")}
          name="emailAttribute"
          defaultValue={s?.emailAttribute ?? ""}
          hint={t("settings.signIn.saml.emailAttributeHint")}
        />
        <TextField label={t("settings.signIn.saml.nameAttribute")} name="nameAttribute" defaultValue={s?.nameAttribute ?? ""} />
      </div>
      <CheckField name="createAccounts" defaultChecked={s?.createAccounts ?? true} label={t("settings.signIn.createAccounts")} />
      <CheckField
        name="allowIdpInitiated"
        defaultChecked={s?.allowIdpInitiated ?? false}
        label={t("settings.signIn.saml.allowIdpInitiated")}
      />
      <CheckField name="enabled" defaultChecked={c?.enabled ?? false} label={t("settings.signIn.enabled")} />
      <FormButtons made={c !== null} busy={busy} onCancel={onCancel} onDelete={onDelete} />
      {c && onTest && <TestSignIn connection={c} busy={busy} onTest={onTest} />}
    </FormCard>
  );
}

/** The "Test sign-in" button, and what the admin's last test found. */
function TestSignIn({ connection: c, busy, onTest }: { connection: SsoConnectionDto; busy: boolean; onTest: () => void }) {
  const t = useDashboardT();
  const report = c.lastTest;
  return (
    <div className="space-y-2 border-t border-slate-100 pt-3 text-sm">
      <div className="flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          disabled={busy || (c.kind === "OIDC" && c.secret !== "SET")}
          aria-label={t("settings.signIn.testLabel", { name: c.name })}
          onClick={onTest}
        >
          {t("settings.signIn.test")}
        </Button>
        <span className="text-xs text-slate-500">{t("settings.signIn.testHint")}</span>
      </div>
      {report && <TestReport report={report} />}
    </div>
  );
}

function TestReport({ report }: { report: SsoTestReport }) {
  const t = useDashboardT();
  const c = report.claims;
  const r = report.result;
  const role = (x: "ADMIN" | "MEMBER") => t(x === "ADMIN" ? "settings.signIn.roleAdmin" : "settings.signIn.roleMember");
  return (
    <div
      className={`rounded-md border px-3 py-2 ${r.outcome === "ALLOWED" ? "border-emerald-200 bg-emerald-50" : "border-amber-200 bg-amber-50"}`}
    >
      <p className="font-medium">
        {t("settings.signIn.lastTest")} (<LocalTime iso={report.at} />)
      </p>
      <p>
        {t("settings.signIn.claims", {
          email: c.email ?? "–",
          verified: t(c.emailVerified ? "settings.signIn.verified" : "settings.signIn.notVerified"),
          name: c.name ?? "–",
          groups: c.groups.length ? c.groups.join(", ") : t("settings.signIn.noGroups"),
        })}
      </p>
      <p>
        {r.outcome === "ALLOWED"
          ? t(r.account === "EXISTING" ? "settings.signIn.wouldAllowExisting" : "settings.signIn.wouldAllowNew", {
              email: r.email,
              role: role(r.role),
            })
          : t("settings.signIn.wouldRefuse", { reason: t(`auth.login.sso.${r.code}`) })}
      </p>
    </div>
  );
}

/** Who may come in, the same for both kinds of connection: domains, required groups, admin groups. */
function RuleFields({ settings: s }: { settings: SsoConnectionDto["settings"] | undefined }) {
  const t = useDashboardT();
  return (
    <>
      <TextField
        label={t("settings.signIn.allowedDomains")}
        name="allowedDomains"
        defaultValue={s?.allowedDomains.join(", ") ?? ""}
        placeholder="example.com"
        hint={t("settings.signIn.allowedDomainsHint")}
      />
      <TextField
        label={t("settings.signIn.requiredGroups")}
        name="requiredGroups"
        defaultValue={s?.requiredGroups.join(", ") ?? ""}
        hint={t("settings.signIn.requiredGroupsHint")}
      />
      <TextField
        label={t("settings.signIn.adminGroups")}
        name="adminGroups"
        defaultValue={s?.adminGroups.join(", ") ?? ""}
        hint={t("settings.signIn.adminGroupsHint")}
      />
    </>
  );
}

/** RuleFields' values and "make an account on first sign-in", as the settings take them. */
const rulesOf = (data: FormData) => ({
  allowedDomains: listOf(data.get("allowedDomains")),
  requiredGroups: listOf(data.get("requiredGroups")),
  adminGroups: listOf(data.get("adminGroups")),
  createAccounts: data.get("createAccounts") === "on",
});

/** Make (a new connection) or Save, Cancel, Remove. */
function FormButtons({
  made,
  busy,
  onCancel,
  onDelete,
}: {
  made: boolean;
  busy: boolean;
  onCancel?: () => void;
  onDelete?: () => void;
}) {
  const t = useDashboardT();
  return (
    <div className="flex flex-wrap gap-2">
      <Button type="submit" disabled={busy}>
        {made ? t("settings.signIn.save") : t("settings.signIn.make")}
      </Button>
      {onCancel && (
        <Button type="button" variant="secondary" onClick={onCancel}>
          {t("settings.signIn.cancel")}
        </Button>
      )}
      {onDelete && (
        <Button type="button" variant="danger" onClick={onDelete} disabled={busy}>
          {t("settings.signIn.remove")}
        </Button>
      )}
    </div>
  );
}
