"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { api, ApiError, DASHBOARD_API, plainError } from "@/lib/client/api";
import type { ResponseData, TemplateDto } from "@/lib/client/types";
import { Button } from "@/components/ui/button";
import { Alert, ErrorList, Spinner, type ListedError } from "@/components/ui/feedback";
import { Options, SelectField, TextField } from "@/components/ui/form";
import { formatDate } from "@/components/ui/format";
import { useDashboardT } from "@/components/layout/dashboard-intl";

type Link = ResponseData<"listPublicLinks">["items"][number];

const linksPath = (id: string) => `/templates/${id}/public-links`;

/**
 * A template's public links: make one (the visitor's role, the people fixed for the others, an access code,
 * an expiry, quotas, once per address, a confirmed address), and for each its address to copy, its QR code
 * to print, its counts, pause, resume and revoke.
 */
export function ShareLinkPanel({ t, onClose }: { t: TemplateDto; onClose: () => void }) {
  const tr = useDashboardT();
  const qc = useQueryClient();
  const key = ["public-links", t.id];
  const links = useQuery({ queryKey: key, queryFn: () => api<{ items: Link[] }>(linksPath(t.id)) });
  const [error, setError] = useState<ListedError | null>(null);
  const [busy, setBusy] = useState(false);
  const [role, setRole] = useState(t.roles[0]?.name ?? "");

  const fail = (e: unknown) =>
    setError({ text: plainError(e), list: e instanceof ApiError ? e.errors.map((x) => `${x.field}: ${x.message}`) : [] });

  async function make(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // Kept now: after the await below the event no longer names its form.
    const formEl = e.currentTarget;
    const f = new FormData(formEl);
    const text = (k: string) => String(f.get(k) ?? "").trim();
    const count = (k: string) => (text(k) ? Number(text(k)) : undefined);
    const people = Object.fromEntries(
      t.roles
        .filter((r) => r.name !== role && text(`${r.signerRef}.email`))
        .map((r) => [r.signerRef, { name: text(`${r.signerRef}.name`), email: text(`${r.signerRef}.email`) }]),
    );
    const expiry = text("expiresAt");
    setBusy(true);
    setError(null);
    try {
      await api(linksPath(t.id), {
        method: "POST",
        json: {
          ...(text("name") && { name: text("name") }),
          role,
          people,
          ...(text("accessCode") && { accessCode: text("accessCode") }),
          ...(expiry && { expiresAt: new Date(`${expiry}T23:59:59`).toISOString() }),
          quota: { total: count("quotaTotal") ?? null, perDay: count("quotaPerDay") ?? null },
          oncePerEmail: f.get("oncePerEmail") === "on",
          confirmEmail: f.get("confirmEmail") === "on",
        },
      });
      formEl.reset();
      await qc.invalidateQueries({ queryKey: key });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function act(link: Link, how: "PAUSED" | "ACTIVE" | "REVOKE") {
    setError(null);
    if (how === "REVOKE" && !confirm(tr("templates.share.confirmRevoke", { name: link.name }))) return;
    try {
      if (how === "REVOKE") await api(`${linksPath(t.id)}/${link.id}`, { method: "DELETE" });
      else await api(`${linksPath(t.id)}/${link.id}`, { method: "PATCH", json: { status: how } });
      await qc.invalidateQueries({ queryKey: key });
    } catch (err) {
      fail(err);
    }
  }

  return (
    <section
      className="space-y-4 rounded-xl border border-indigo-200 bg-white p-5 shadow-sm"
      aria-label={tr("templates.share.label", { name: t.name })}
    >
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold">{tr("templates.share.title", { name: t.name })}</h2>
        <Button variant="ghost" onClick={onClose}>
          {tr("templates.bulk.close")}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{tr("templates.share.intro")}</p>
      {t.roles.length === 0 ? (
        <Alert kind="info">{tr("templates.share.noRoles")}</Alert>
      ) : (
        <form onSubmit={make} className="space-y-3 rounded-lg bg-slate-50 p-4" aria-label={tr("templates.share.newLink")}>
          <h3 className="text-sm font-semibold">{tr("templates.share.newLink")}</h3>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label={tr("templates.share.name")} name="name" placeholder={t.name} maxLength={200} />
            <SelectField label={tr("templates.share.role")} value={role} onChange={(e) => setRole(e.target.value)}>
              <Options items={t.roles.map((r) => r.name)} label={(n) => n} />
            </SelectField>
          </div>
          {t.roles
            .filter((r) => r.name !== role)
            .map((r) => (
              <fieldset key={r.id} className="grid gap-3 sm:grid-cols-2">
                <legend className="mb-1 text-sm text-slate-700">{tr("templates.share.person", { role: r.name })}</legend>
                <TextField
                  label={tr("templates.share.personName", { role: r.name })}
                  name={`${r.signerRef}.name`}
                  maxLength={200}
                />
                <TextField
                  label={tr("templates.share.personEmail", { role: r.name })}
                  name={`${r.signerRef}.email`}
                  type="email"
                  maxLength={320}
                />
              </fieldset>
            ))}
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label={tr("templates.share.accessCode")}
              name="accessCode"
              hint={tr("templates.share.accessCodeHint")}
              maxLength={64}
            />
            <TextField label={tr("templates.share.expiresAt")} name="expiresAt" type="date" />
            <TextField label={tr("templates.share.quotaTotal")} name="quotaTotal" type="number" min={1} max={1000000} />
            <TextField label={tr("templates.share.quotaPerDay")} name="quotaPerDay" type="number" min={1} max={1000000} />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="oncePerEmail" /> {tr("templates.share.oncePerEmail")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="confirmEmail" /> {tr("templates.share.confirmEmail")}
          </label>
          <Button type="submit" disabled={busy}>
            {busy ? tr("templates.share.making") : tr("templates.share.make")}
          </Button>
        </form>
      )}
      {error && <ErrorList error={error} most={20} />}
      {links.isPending ? (
        <Spinner label={tr("templates.share.loading")} />
      ) : links.isError ? (
        <Alert>{plainError(links.error)}</Alert>
      ) : links.data.items.length === 0 ? (
        <p className="text-sm text-slate-600">{tr("templates.share.none")}</p>
      ) : (
        <ul className="space-y-3">
          {links.data.items.map((l) => (
            <LinkItem key={l.id} templateId={t.id} link={l} onAct={(how) => act(l, how)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LinkItem({
  templateId,
  link,
  onAct,
}: {
  templateId: string;
  link: Link;
  onAct: (how: "PAUSED" | "ACTIVE" | "REVOKE") => void;
}) {
  const tr = useDashboardT();
  const [copied, setCopied] = useState(false);
  const qr = (format: "png" | "svg") => `${DASHBOARD_API}/templates/${templateId}/public-links/${link.id}/qr?format=${format}`;
  const statusWord = tr(`templates.share.status.${link.status}`);
  return (
    <li
      className="flex flex-wrap gap-4 rounded-lg border border-slate-200 p-3"
      aria-label={tr("templates.share.linkLabel", { name: link.name })}
    >
      {link.status !== "REVOKED" && (
        // eslint-disable-next-line @next/next/no-img-element -- the API's SVG, drawn as it is
        <img
          src={qr("svg")}
          alt={tr("templates.share.qrAlt", { name: link.name })}
          width={112}
          height={112}
          className="rounded bg-white"
        />
      )}
      <div className="min-w-0 flex-1 space-y-1 text-sm">
        <p className="font-medium">
          {link.name}{" "}
          <span
            className={`ml-1 rounded px-1.5 py-0.5 text-xs font-semibold ${link.status === "ACTIVE" ? "bg-emerald-100 text-emerald-800" : "bg-slate-200 text-slate-700"}`}
          >
            {statusWord}
          </span>
        </p>
        <p className="text-slate-600">
          {tr("templates.share.visitorRole", { role: link.role.name })}
          {link.people.some((p) => !p.fixed)
            ? ` · ${tr("templates.share.namedByVisitor", {
                roles: link.people
                  .filter((p) => !p.fixed)
                  .map((p) => p.name)
                  .join(", "),
              })}`
            : ""}
          {link.expiresAt ? ` · ${tr("templates.share.until", { date: formatDate(link.expiresAt) })}` : ""}
        </p>
        <p className="text-slate-600">
          {tr("templates.share.counts", {
            visits: link.counts.visits,
            started: link.counts.started,
            completed: link.counts.completed,
          })}
          {link.quota.total ? ` · ${tr("templates.share.quotaOf", { total: link.quota.total })}` : ""}
        </p>
        {link.status !== "REVOKED" && (
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <code className="max-w-full truncate rounded bg-slate-100 px-1.5 py-1 text-xs">{link.url}</code>
            <Button
              variant="secondary"
              onClick={async () => {
                await navigator.clipboard?.writeText(link.url).catch(() => undefined);
                setCopied(true);
              }}
            >
              {copied ? tr("templates.share.copied") : tr("templates.share.copy")}
            </Button>
            <a className="text-xs font-medium text-indigo-700 underline" href={qr("png")} download>
              {tr("templates.share.qrPng")}
            </a>
            <a className="text-xs font-medium text-indigo-700 underline" href={qr("svg")} download>
              {tr("templates.share.qrSvg")}
            </a>
          </div>
        )}
        {link.status !== "REVOKED" && (
          <div className="flex gap-2 pt-1">
            {link.status === "ACTIVE" ? (
              <Button
                variant="secondary"
                onClick={() => onAct("PAUSED")}
                aria-label={tr("templates.share.pauseLabel", { name: link.name })}
              >
                {tr("templates.share.pause")}
              </Button>
            ) : (
              <Button
                variant="secondary"
                onClick={() => onAct("ACTIVE")}
                aria-label={tr("templates.share.resumeLabel", { name: link.name })}
              >
                {tr("templates.share.resume")}
              </Button>
            )}
            <Button
              variant="danger"
              onClick={() => onAct("REVOKE")}
              aria-label={tr("templates.share.revokeLabel", { name: link.name })}
            >
              {tr("templates.share.revoke")}
            </Button>
          </div>
        )}
      </div>
    </li>
  );
}
